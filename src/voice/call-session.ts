import type { TextKey } from '../i18n/strings';
import { own } from '../common/own';
import { addFragment, type Speaker, type TranscriptEntry } from '../transcript/merge';
import type { CallTools } from './call-tools';
import { endKeptRoom } from './kept-call';
import type { VoiceClient, WebCallRecord } from './voice-client';
import { IDLE_VOICE, type VoiceDeps, type VoiceState, type VoiceStore } from './voice-state';

/** One call, from the click to its end, with everything to release when it is over. */
export interface ActiveCall {
  client: VoiceClient | null;
  unsubscribe: (() => void)[];
  timers: unknown[];
  connected: boolean;
  failed: boolean;
  ended: boolean;
  /** The call the previous page kept, being rejoined here (null for a call placed on this page). */
  rejoining: WebCallRecord | null;
}

/** What the functions of a call share: the store, the side effects, and what to do when a call is over. */
export interface CallContext {
  store: VoiceStore;
  deps: VoiceDeps;
  /** The call is over (however it ended): forget it. */
  release(current: ActiveCall): void;
  /** The call's transcript, handed to the conversation when the call ends. */
  saveTranscript(entries: readonly TranscriptEntry[], callSeconds?: number): void;
  /** The tools the assistant may call in the visitor's browser. */
  tools: CallTools;
  /** Ends the call (the assistant's `end_call` tool). */
  stop(): Promise<void>;
  /** A call kept by the previous page is live again here: what the page shows goes into it. */
  rejoined(current: ActiveCall): void;
}

export function newCall(): ActiveCall {
  return {
    client: null,
    unsubscribe: [],
    timers: [],
    connected: false,
    failed: false,
    ended: false,
    rejoining: null,
  };
}

export function setVoice(context: CallContext, patch: Partial<VoiceState>): void {
  context.store.setState((state) => ({ voice: { ...state.voice, ...patch } }));
}

export function notify(context: CallContext, key: TextKey): void {
  context.store.setState((state) => ({ notice: { source: 'voice', text: state.strings[key] } }));
}

/** A readable reason from whatever a voice SDK threw or reported. */
export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  const inner = own(error, 'error');
  const message =
    own(inner, 'message') ??
    own(inner, 'errorMsg') ??
    own(error, 'message') ??
    own(error, 'errorMsg') ??
    own(error, 'type');
  if (typeof message === 'string') return message;
  return String(error);
}

/** Ends `current` for good: listeners, timers, the transcript handed to the conversation, `call-end`. */
export function finishCall(context: CallContext, current: ActiveCall): void {
  if (current.ended) return;
  current.ended = true;
  current.unsubscribe.forEach((unsubscribe) => unsubscribe());
  current.timers.forEach((handle) => context.deps.timers.clearTimeout(handle));
  context.release(current);
  const { seconds, transcript, demo } = context.store.getState().voice;
  // The last line carries the call's length when it connected, for the "Call ended · 0:12" line.
  if (transcript.length > 0) context.saveTranscript(transcript, current.connected ? seconds : undefined);
  setVoice(context, { ...IDLE_VOICE, demo });
  if (current.connected) context.deps.emit('call-end', { seconds, transcript: [...transcript] });
}

/** A call failed: one notice and one error event, however many times the provider reports it. */
export function failCall(context: CallContext, current: ActiveCall, key: TextKey, reason: string): void {
  if (current.failed || current.ended) return;
  current.failed = true;
  setVoice(context, { status: 'error' });
  notify(context, key);
  context.deps.warn(reason);
  context.deps.emit('error', { source: 'voice', message: reason });
  // A kept call that could not be rejoined is still open on the provider's side: end it there.
  if (current.rejoining && !current.connected)
    void endKeptRoom(context.deps.fetch, current.rejoining, context.store.getState().config.voice.publicKey);
  const client = current.client;
  if (!client) finishCall(context, current);
  else
    void client
      .stop()
      .catch(() => undefined)
      .finally(() => finishCall(context, current));
}

/** A final line of either side joins the transcript by the merging rules, with an event per entry changed. */
export function addTranscriptLine(context: CallContext, role: Speaker, text: string): void {
  const voice = context.store.getState().voice;
  const { state, result } = addFragment(
    { entries: voice.transcript, previous: voice.lastFragments },
    { role, text, timestamp: context.deps.now() },
  );
  setVoice(context, {
    transcript: state.entries,
    lastFragments: state.previous,
    partial: voice.partial?.role === role ? null : voice.partial,
  });
  const entry = state.entries[state.entries.length - 1];
  if ((result === 'added' || result === 'merged') && entry) context.deps.emit('transcript', entry);
}

/** How long to wait for the provider's call-end after asking it to stop, before tidying up anyway. */
export const STOP_GRACE_MS = 3000;

/** Asks the provider to end `current`; tidies up when it confirms, fails, or does not answer in time. */
export async function stopActiveCall(context: CallContext, current: ActiveCall): Promise<void> {
  if (current.ended) return;
  // Still asking for the microphone or loading the SDK: nothing was placed yet.
  if (!current.client) return finishCall(context, current);
  setVoice(context, { status: 'ending' });
  current.timers.push(context.deps.timers.setTimeout(() => finishCall(context, current), STOP_GRACE_MS));
  try {
    await current.client.stop();
  } catch (error) {
    context.deps.warn(`voice: stopping the call failed (${describe(error)})`);
    finishCall(context, current);
  }
}

/**
 * Text the visitor typed (or a quick action) while the call is connected: it goes into the call, which
 * answers it, and into the call's transcript. False when the call is not connected.
 */
export function sendTextToCall(context: CallContext, current: ActiveCall, text: string): boolean {
  const client = current.client;
  if (!client || current.ended || context.store.getState().voice.status !== 'connected') return false;
  client.send({ type: 'add-message', message: { role: 'user', content: text }, triggerResponseEnabled: true });
  addTranscriptLine(context, 'user', text);
  return true;
}

/**
 * Something the assistant on the call should know but not answer now (the visitor undid a cart change
 * in the chat): a system line in its conversation, no response triggered. False when not connected.
 */
export function noteToCall(context: CallContext, current: ActiveCall, text: string): boolean {
  const client = current.client;
  if (!client || current.ended || context.store.getState().voice.status !== 'connected') return false;
  client.send({ type: 'add-message', message: { role: 'system', content: text }, triggerResponseEnabled: false });
  return true;
}
