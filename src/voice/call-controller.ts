import type { TranscriptEntry } from '../transcript/merge';
import { describe, failCall, finishCall, newCall, notify, placeCall, setVoice, type ActiveCall, type CallContext } from './call-session';
import { voiceTarget } from './voice-client';
import { IDLE_VOICE, type VoiceDeps, type VoiceStore } from './voice-state';

/** How long to wait for the provider's call-end after asking it to stop, before tidying up anyway. */
export const STOP_GRACE_MS = 3000;

/**
 * One call at a time per page, whichever widget placed it (the Vapi SDK holds one call per instance,
 * and there is one instance per page).
 */
let pageCall: object | null = null;

/** What the visitor (through the UI or the element's methods) can do with calls. */
export interface VoiceActions {
  /** Starts a call (the microphone is asked for first). Ignored while a call is starting or running. */
  startCall(): Promise<void>;
  stopCall(): Promise<void>;
  /** The call toggle: starts a call when idle, ends the one running otherwise. */
  toggleCall(): void;
  setMuted(muted: boolean): void;
}

/**
 * The call controller: the voice feature's slice. It refuses a second start, turns the voice client's
 * events into store state and DOM events, and cleans up (microphone, timers, listeners) however a call ends.
 */
export function createCallController(store: VoiceStore, deps: VoiceDeps, saveTranscript: (entries: readonly TranscriptEntry[]) => void) {
  let call: ActiveCall | null = null;
  const context: CallContext = {
    store,
    deps,
    saveTranscript,
    release(current) {
      if (pageCall === current) pageCall = null;
      if (call === current) call = null;
    },
  };

  const startCall = async (): Promise<void> => {
    const { voice, config } = store.getState();
    if (call || voice.status !== 'idle') return;
    if (pageCall) return notify(context, 'callElsewhere');
    const target = voiceTarget(config.voice);
    if (!target) {
      notify(context, 'voiceNotConfigured');
      deps.emit('error', { source: 'voice', message: 'voice: set vapi-public-key and one of vapi-assistant-id, vapi-squad-id or vapi-workflow-id' });
      return;
    }
    const current = newCall();
    call = pageCall = current;
    const demo = config.voice.provider === 'demo';
    setVoice(context, { ...IDLE_VOICE, status: 'connecting', demo });
    store.setState({ notice: null });
    try {
      await placeCall(context, current, config.voice, target);
    } catch (error) {
      failCall(context, current, 'callFailed', `voice: ${describe(error)}`);
    }
  };

  const stopCall = async (): Promise<void> => {
    const current = call;
    if (!current || current.ended) return;
    // Still asking for the microphone or loading the SDK: nothing was placed yet.
    if (!current.client) return finishCall(context, current);
    setVoice(context, { status: 'ending' });
    current.timers.push(deps.timers.setTimeout(() => finishCall(context, current), STOP_GRACE_MS));
    try {
      await current.client.stop();
    } catch (error) {
      deps.warn(`voice: stopping the call failed (${describe(error)})`);
      finishCall(context, current);
    }
  };

  const actions: VoiceActions = {
    startCall,
    stopCall,
    toggleCall: () => void (call ? stopCall() : startCall()),
    setMuted(muted) {
      if (!call?.client) return;
      call.client.setMuted(muted);
      setVoice(context, { muted });
    },
  };

  return {
    actions,

    /** "New chat": the running call goes on, its transcript so far is cleared. */
    clearTranscript(): void {
      setVoice(context, { transcript: [], lastFragments: {}, partial: null });
    },

    /** The element is gone or the page is going away: end the call now and release everything. */
    dispose(): void {
      const current = call;
      if (!current) return;
      void current.client?.stop().catch(() => undefined);
      finishCall(context, current);
    },
  };
}
