import type { TextKey } from '../i18n/strings';
import { own } from '../common/own';
import { capText } from '../common/text-cut';
import { MAX_TRANSCRIPT_LINE } from '../transcript/merge';
import {
  addTranscriptLine,
  describe,
  failCall,
  finishCall,
  setVoice,
  type ActiveCall,
  type CallContext,
} from './call-session';
import { reportToolResult, runTool, toolCallsOf } from './call-tools';
import type { MicrophoneAccess } from './microphone';
import type { VoiceClient, VoiceTarget } from './voice-client';
import type { VoiceConfig } from './voice-config';

const MICROPHONE_MESSAGES: Record<Exclude<MicrophoneAccess, 'granted'>, TextKey> = {
  denied: 'microphoneDenied',
  missing: 'microphoneMissing',
  unavailable: 'microphoneUnavailable',
};

/** The type of a final transcript when the assistant's `clientMessages` asks for final ones only. */
const FINAL_TRANSCRIPT = "transcript[transcriptType='final']";

/**
 * Errors `@vapi-ai/web` reports for optional parts of a call that failed while the call goes on
 * (its own comments: "non-critical", "optional").
 */
const NON_FATAL_ERRORS = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
]);

/** Counts the call's seconds while it runs. */
function tick(context: CallContext, current: ActiveCall): void {
  const handle = context.deps.timers.setTimeout(() => {
    if (current.ended) return;
    setVoice(context, { seconds: context.store.getState().voice.seconds + 1 });
    tick(context, current);
  }, 1000);
  current.timers.push(handle);
}

/** Runs the tools the assistant asked for, one after the other, and reports each result back to it. */
async function answerToolCalls(context: CallContext, current: ActiveCall, message: unknown): Promise<void> {
  for (const call of toolCallsOf(message)) {
    const client = current.client;
    if (current.ended || !client) return;
    if (call.name === 'end_call') {
      reportToolResult(client, call, { ok: true, ended: true }, false);
      return void context.stop();
    }
    const result = await runTool(context.tools, call);
    if (!current.ended) reportToolResult(client, call, result, true);
  }
}

/** A call that ended for one of these reasons (Vapi's `endedReason`) was cut off, not finished. */
const FAILURE_REASON = /error|fault|failed/i;

/**
 * The call ended on the provider's side: finished, or, for a reason that says it failed after it had
 * connected, cut off (one notice, the transcript kept).
 */
function onEnded(context: CallContext, current: ActiveCall, endedReason: unknown): void {
  if (current.connected && typeof endedReason === 'string' && FAILURE_REASON.test(endedReason))
    return failCall(context, current, 'callDropped', `voice: the call ended (${endedReason.slice(0, 200)})`);
  finishCall(context, current);
}

/**
 * A provider message (Vapi's client messages, see test/unit/voice/voice-sdk-boundary.test.ts): the end of the
 * call, a line of the transcript (partial or final; `transcript[transcriptType='final']` when the
 * assistant asks for final ones only), or tool calls. Anything else (`conversation-update`,
 * `speech-update`, `model-output`...) is not needed: the transcript already holds what was said.
 */
function onCallMessage(context: CallContext, current: ActiveCall, message: unknown): void {
  const [type, role, transcriptType, text, status] = ['type', 'role', 'transcriptType', 'transcript', 'status'].map(
    (key) => own(message, key),
  );
  if (type === 'status-update' && status === 'ended') return onEnded(context, current, own(message, 'endedReason'));
  if (type === 'tool-calls') return void answerToolCalls(context, current, message);
  if (
    (type !== 'transcript' && type !== FINAL_TRANSCRIPT) ||
    typeof text !== 'string' ||
    (role !== 'user' && role !== 'assistant')
  )
    return;
  // A line still being spoken is shown as it grows: within the cap of a final line.
  if (transcriptType !== 'final')
    return setVoice(context, { partial: { role, text: capText(text, MAX_TRANSCRIPT_LINE) } });
  addTranscriptLine(context, role, text);
}

/** The notice for a call that failed: cut off once connected, not rejoined, or not connected at all. */
export function failureKey(current: ActiveCall): TextKey {
  if (current.connected) return 'callDropped';
  return current.rejoining ? 'callRejoinFailed' : 'callFailed';
}

/**
 * An error the provider reported. Vapi reports one failure several times (daily-error,
 * daily-call-join-error, start-method-error): one notice, "could not be connected" before the call
 * connected and "cut off" after. Its optional extras failing (noise cancellation, the level observer,
 * video recording) do not end the call: the console says so.
 */
function onError(context: CallContext, current: ActiveCall, error: unknown): void {
  const type = own(error, 'type');
  if (typeof type === 'string' && NON_FATAL_ERRORS.has(type))
    return context.deps.warn(`voice: ${describe(error)} (${type}; the call goes on)`);
  failCall(context, current, failureKey(current), `voice: ${describe(error)}`);
}

/** Levels arrive every 100 ms; the store changes (and the meters redraw) only for a visible change. */
function setLevel(context: CallContext, field: 'level' | 'micLevel', level: unknown): void {
  const clamped = Math.max(0, Math.min(1, Number(level) || 0));
  if (Math.abs(clamped - context.store.getState().voice[field]) >= 0.02) setVoice(context, { [field]: clamped });
}

/** Turns the client's events into store state and DOM events for as long as `current` runs. */
export function listenToCall(context: CallContext, current: ActiveCall, client: VoiceClient): void {
  const { store, deps } = context;
  current.unsubscribe.push(
    client.on('call-start', () => {
      if (current.ended || current.connected) return;
      current.connected = true;
      tick(context, current);
      // A call rejoined from the previous page goes on: its length, its thread and no second call-start.
      if (current.rejoining) return void context.rejoined(current);
      setVoice(context, { status: 'connected', seconds: 0, startedAt: deps.now() });
      deps.emit('call-start', { demo: store.getState().voice.demo });
    }),
    client.on('call-end', () => finishCall(context, current)),
    client.on('speech-start', () => setVoice(context, { speaking: true })),
    client.on('speech-end', () => setVoice(context, { speaking: false, level: 0 })),
    client.on('volume-level', (level) => setLevel(context, 'level', level)),
    client.on('local-volume-level', (level) => setLevel(context, 'micLevel', level)),
    client.on('message', (message) => onCallMessage(context, current, message)),
    client.on('error', (error) => onError(context, current, error)),
  );
}

/** The `assistantOverrides` a call starts with: ready, or still to be waited for (the cart). */
export type CallOverrides = Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * Asks for the microphone, loads the provider's client and places the call with `overrides` (the store's
 * `assistantOverrides` with the widget's variables), unless it ended meanwhile.
 */
export async function placeCall(
  context: CallContext,
  current: ActiveCall,
  config: VoiceConfig,
  target: VoiceTarget,
  overrides: CallOverrides,
): Promise<void> {
  const { deps } = context;
  if (config.provider !== 'demo') {
    const access = await deps.requestMicrophone();
    if (current.ended) return;
    if (access !== 'granted')
      return failCall(context, current, MICROPHONE_MESSAGES[access], `voice: microphone ${access}`);
  }
  const assistantOverrides = overrides instanceof Promise ? await overrides : overrides;
  if (current.ended) return;
  const client = await deps.createVoiceClient({ ...config, assistantOverrides });
  if (current.ended) return;
  current.client = client;
  listenToCall(context, current, client);
  const started = await client.start(target);
  // Ended while the provider was still connecting: make sure nothing joins behind our back.
  if (current.ended) {
    if (started) void client.stop().catch(() => undefined);
    return;
  }
  if (!started) failCall(context, current, 'callFailed', 'voice: the call could not be started');
}
