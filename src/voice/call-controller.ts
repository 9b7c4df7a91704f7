import type { AssistantDeps } from '../app/deps';
import type { AssistantState } from '../app/state';
import type { Store } from '../shared/store';
import type { StringKey } from '../i18n/strings';
import { addFragment, EMPTY_TRANSCRIPT, type Speaker, type TranscriptEntry, type TranscriptState } from '../transcript/merge';
import { own } from '../shared/own';
import type { MicrophoneAccess } from './microphone';
import { IDLE_VOICE, type VoiceState } from './voice-state';
import { voiceTarget, type VoiceClient } from './voice-client';

/** How long to wait for the provider's call-end after asking it to stop, before tidying up anyway. */
export const STOP_GRACE_MS = 3000;

const MICROPHONE_MESSAGES: Record<Exclude<MicrophoneAccess, 'granted'>, StringKey> = {
  denied: 'microphoneDenied',
  missing: 'microphoneMissing',
  unavailable: 'microphoneUnavailable',
};

/**
 * One call at a time per page, whichever widget placed it (the Vapi SDK holds one call per instance,
 * and there is one instance per page).
 */
let pageCall: object | null = null;

interface ActiveCall {
  client: VoiceClient | null;
  unsubscribe: (() => void)[];
  timers: unknown[];
  transcript: TranscriptState;
  connected: boolean;
  failed: boolean;
  ended: boolean;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const inner = own(error, 'error');
  const message = own(inner, 'message') ?? own(inner, 'errorMsg') ?? own(error, 'message') ?? own(error, 'errorMsg') ?? own(error, 'type');
  if (typeof message === 'string') return message;
  return String(error);
}

/**
 * The call controller: turns the voice client's events into store state and DOM events, refuses a
 * second start, and cleans up (microphone, timers, listeners) however a call ends.
 */
export function createCallController(store: Store<AssistantState>, deps: AssistantDeps, saveTranscript: (entries: readonly TranscriptEntry[], callSeconds?: number) => void) {
  let call: ActiveCall | null = null;

  const setVoice = (patch: Partial<VoiceState>) => store.setState((state) => ({ voice: { ...state.voice, ...patch } }));
  const notify = (key: StringKey) => store.setState((state) => ({ notice: { source: 'voice', text: state.strings[key] } }));

  const finish = (current: ActiveCall) => {
    if (current.ended) return;
    current.ended = true;
    current.unsubscribe.forEach((unsubscribe) => unsubscribe());
    current.timers.forEach((handle) => deps.timers.clearTimeout(handle));
    if (pageCall === current) pageCall = null;
    if (call === current) call = null;
    const { seconds } = store.getState().voice;
    const entries = current.transcript.entries;
    if (entries.length > 0) saveTranscript(entries, current.connected ? seconds : undefined);
    setVoice({ ...IDLE_VOICE, demo: store.getState().voice.demo });
    if (current.connected) deps.emit('call-end', { seconds, transcript: [...entries] });
  };

  const fail = (current: ActiveCall, key: StringKey, reason: string) => {
    if (current.failed || current.ended) return;
    current.failed = true;
    setVoice({ status: 'error' });
    notify(key);
    deps.warn(reason);
    deps.emit('error', { source: 'voice', message: reason });
    const client = current.client;
    if (!client) finish(current);
    else void client.stop().catch(() => undefined).finally(() => finish(current));
  };

  /** Levels arrive every 100 ms; the store changes (and the meters redraw) only for a visible change. */
  const setLevel = (field: 'level' | 'micLevel', level: unknown) => {
    const clamped = Math.max(0, Math.min(1, Number(level) || 0));
    if (Math.abs(clamped - store.getState().voice[field]) >= 0.02) setVoice({ [field]: clamped });
  };

  const tick = (current: ActiveCall) => {
    const handle = deps.timers.setTimeout(() => {
      if (current.ended) return;
      setVoice({ seconds: store.getState().voice.seconds + 1 });
      tick(current);
    }, 1000);
    current.timers.push(handle);
  };

  const onMessage = (current: ActiveCall, message: unknown) => {
    const [type, role, transcriptType, transcript, status] = ['type', 'role', 'transcriptType', 'transcript', 'status'].map((key) => own(message, key));
    if (type === 'status-update' && status === 'ended') {
      finish(current);
      return;
    }
    if (type !== 'transcript' || typeof transcript !== 'string' || (role !== 'user' && role !== 'assistant')) return;
    if (transcriptType !== 'final') {
      setVoice({ partial: { role, text: transcript } });
      return;
    }
    const { state, result } = addFragment(current.transcript, { role, text: transcript, timestamp: deps.now() });
    current.transcript = state;
    const partial = store.getState().voice.partial;
    setVoice({ transcript: state.entries, partial: partial?.role === role ? null : partial });
    const entry = state.entries[state.entries.length - 1];
    if ((result === 'added' || result === 'merged') && entry) deps.emit('transcript', entry);
  };

  const listen = (current: ActiveCall, client: VoiceClient) => {
    current.unsubscribe.push(
      client.on('call-start', () => {
        if (current.ended || current.connected) return;
        current.connected = true;
        setVoice({ status: 'connected', seconds: 0 });
        tick(current);
        deps.emit('call-start', { demo: store.getState().voice.demo });
      }),
      client.on('call-end', () => finish(current)),
      client.on('speech-start', () => setVoice({ speaking: true })),
      client.on('speech-end', () => setVoice({ speaking: false, level: 0 })),
      client.on('volume-level', (level) => setLevel('level', level)),
      client.on('local-volume-level', (level) => setLevel('micLevel', level)),
      client.on('message', (message) => onMessage(current, message)),
      // Vapi reports one failure several times (daily-error, daily-call-join-error, start-method-error): one notice.
      client.on('error', (error) => fail(current, 'callFailed', `voice: ${describe(error)}`)),
    );
  };

  const start = async (): Promise<void> => {
    const { voice, config } = store.getState();
    if (call || voice.status !== 'idle') return;
    if (pageCall) {
      notify('callElsewhere');
      return;
    }
    const target = voiceTarget(config.voice);
    if (!target) {
      notify('voiceNotConfigured');
      deps.emit('error', { source: 'voice', message: 'voice: set vapi-public-key and one of vapi-assistant-id, vapi-squad-id or vapi-workflow-id' });
      return;
    }
    const current: ActiveCall = { client: null, unsubscribe: [], timers: [], transcript: EMPTY_TRANSCRIPT, connected: false, failed: false, ended: false };
    call = current;
    pageCall = current;
    const demo = config.voice.provider === 'demo';
    setVoice({ ...IDLE_VOICE, status: 'connecting', demo });
    store.setState({ notice: null });
    try {
      if (!demo) {
        const access = await deps.requestMicrophone();
        if (current.ended) return;
        if (access !== 'granted') {
          fail(current, MICROPHONE_MESSAGES[access], `voice: microphone ${access}`);
          return;
        }
      }
      const client = await deps.createVoiceClient(config.voice);
      if (current.ended) return;
      current.client = client;
      listen(current, client);
      const started = await client.start(target);
      // Ended while the provider was still connecting: make sure nothing joins behind our back.
      if (current.ended) {
        if (started) void client.stop().catch(() => undefined);
        return;
      }
      if (!started) fail(current, 'callFailed', 'voice: the call could not be started');
    } catch (error) {
      fail(current, 'callFailed', `voice: ${describe(error)}`);
    }
  };

  const stop = async (): Promise<void> => {
    const current = call;
    if (!current || current.ended) return;
    if (!current.client) {
      // Still asking for the microphone or loading the SDK: nothing was placed yet.
      finish(current);
      return;
    }
    setVoice({ status: 'ending' });
    current.timers.push(deps.timers.setTimeout(() => finish(current), STOP_GRACE_MS));
    try {
      await current.client.stop();
    } catch (error) {
      deps.warn(`voice: stopping the call failed (${describe(error)})`);
      finish(current);
    }
  };

  return {
    startCall: start,
    stopCall: stop,

    /** The call toggle: starts a call when idle, ends the one running otherwise. */
    toggleCall(): void {
      void (call ? stop() : start());
    },

    setMuted(muted: boolean): void {
      if (!call?.client) return;
      call.client.setMuted(muted);
      setVoice({ muted });
    },

    /** "New chat": the running call goes on, its transcript so far is cleared. */
    clearTranscript(): void {
      if (call) call.transcript = EMPTY_TRANSCRIPT;
      setVoice({ transcript: [], partial: null });
    },

    /** The element is gone or the page is going away: end the call now and release everything. */
    dispose(): void {
      const current = call;
      if (!current) return;
      void current.client?.stop().catch(() => undefined);
      finish(current);
    },
  };
}
