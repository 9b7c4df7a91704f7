import { listenToCall, failureKey } from './call-events';
import { describe, failCall, newCall, noteToCall, setVoice, type ActiveCall, type CallContext } from './call-session';
import { endKeptRoom, keepCall, KEEP_WINDOW_MS, refusal, takeKeptCall, type KeptCall } from './kept-call';
import { voiceTarget } from './voice-client';
import type { VoiceConfig } from './voice-config';
import { IDLE_VOICE } from './voice-state';

/**
 * The page is going away with `current` live (or still being rejoined): the call is kept for the next
 * page of the store in this tab, and the browser leaves its room without ending it. False when it cannot
 * be kept (not connected yet, or a client that cannot rejoin): then it ends as before.
 */
export function leaveForNextPage(context: CallContext, current: ActiveCall): boolean {
  const client = current.client;
  const webCall = current.rejoining ?? client?.webCall?.() ?? null;
  if (current.ended || !client?.leave || !client.reconnect || !webCall) return false;
  if (!current.connected && !current.rejoining) return false;
  const { voice, config } = context.store.getState();
  keepCall(context.deps.sessionStorage, {
    origin: context.deps.pageOrigin,
    expiresAt: context.deps.now() + KEEP_WINDOW_MS,
    provider: config.voice.provider,
    webCall,
    muted: voice.muted,
    seconds: voice.seconds,
    startedAt: voice.startedAt,
    transcript: [...voice.transcript],
    lastFragments: voice.lastFragments,
  });
  // Over on this page, without `call-end` or the transcript joining the chat: the next page goes on with both.
  current.ended = true;
  current.unsubscribe.forEach((unsubscribe) => unsubscribe());
  current.timers.forEach((handle) => context.deps.timers.clearTimeout(handle));
  context.release(current);
  void client.leave().catch(() => undefined);
  return true;
}

/** Why the kept call cannot be rejoined on this page, or null when it can. */
function whyNot(context: CallContext, kept: KeptCall, busy: boolean): string | null {
  const { config } = context.store.getState();
  const page = {
    origin: context.deps.pageOrigin,
    referrer: context.deps.pageReferrer?.() ?? '',
    now: context.deps.now(),
    provider: config.voice.provider,
  };
  if (!voiceTarget(config.voice)) return 'voice is not configured on this page';
  if (busy) return 'another call runs on this page';
  return refusal(kept, page);
}

/** Loads the voice client and rejoins the kept call; a failure ends it (one notice, the room ended too). */
async function rejoin(
  context: CallContext,
  current: ActiveCall,
  config: VoiceConfig,
  kept: KeptCall,
  overrides: () => Promise<Record<string, unknown>>,
): Promise<void> {
  // Only the demo plays from the page's facts; Vapi's call already has its assistant.
  const assistantOverrides = config.provider === 'demo' ? await overrides() : config.assistantOverrides;
  if (current.ended) return;
  const client = await context.deps.createVoiceClient({ ...config, assistantOverrides });
  if (current.ended) return;
  current.client = client;
  listenToCall(context, current, client);
  if (!client.reconnect) throw new Error('this voice client cannot rejoin a call');
  const rejoined = await client.reconnect(kept.webCall);
  if (current.ended) {
    if (rejoined) void client.stop().catch(() => undefined);
    return;
  }
  if (!rejoined) failCall(context, current, 'callRejoinFailed', 'voice: the call could not be rejoined');
}

/**
 * On a new page: the call the previous page of the store kept, if any. It shows at once as
 * "Reconnecting…" with its lines so far and its mute, and the voice client loads to rejoin it: no
 * consent asked again, no microphone asked by the widget. A call that may not be rejoined (the window
 * passed, another origin, a visitor back from another site) is ended at Vapi and its lines join the
 * conversation. Returns the call being rejoined, or null.
 */
export function resumeKeptCall(
  context: CallContext,
  busy: boolean,
  overrides: () => Promise<Record<string, unknown>>,
): ActiveCall | null {
  const kept = takeKeptCall(context.deps.sessionStorage);
  if (!kept) return null;
  const { config } = context.store.getState();
  const why = whyNot(context, kept, busy);
  if (why) {
    context.deps.warn(`voice: the call left by the previous page was ended (${why})`);
    void endKeptRoom(context.deps.fetch, kept.webCall, config.voice.publicKey);
    if (kept.transcript.length > 0)
      context.saveTranscript(kept.transcript, kept.startedAt !== null ? kept.seconds : undefined);
    return null;
  }
  const current = newCall();
  current.rejoining = kept.webCall;
  setVoice(context, {
    ...IDLE_VOICE,
    status: 'reconnecting',
    demo: config.voice.provider === 'demo',
    muted: kept.muted,
    seconds: kept.seconds,
    startedAt: kept.startedAt,
    transcript: kept.transcript,
    lastFragments: kept.lastFragments,
  });
  void rejoin(context, current, config.voice, kept, overrides).catch((error: unknown) =>
    failCall(context, current, failureKey(current), `voice: the call could not be rejoined (${describe(error)})`),
  );
  return current;
}

/** The rejoined call is live: its mute applied again, and the page the visitor landed on told to it. */
export async function landedOn(context: CallContext, current: ActiveCall, facts: () => Promise<string>): Promise<void> {
  setVoice(context, { status: 'connected' });
  if (context.store.getState().voice.muted) current.client?.setMuted(true);
  const text = await facts().catch(() => '');
  if (text && !current.ended) noteToCall(context, current, text);
}
