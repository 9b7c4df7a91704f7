import { backoffDelay, type Backoff } from '../../common/backoff';
import type { Timers } from '../../common/timers';
import { callWebhook, WebhookError, type WebhookCall, type WebhookReply } from './webhook-client';

/**
 * The widget's own resends of a message the webhook could not take (docs/webhook.md, "A busy
 * webhook"): a `429` or `503` is waited out as its `Retry-After` says, and without one, like a `502`, a
 * `504` or a connection that failed (a restarting server), after a back-off. Each resend carries the same
 * `messageId`, so a workflow that drops repeats runs the message once even when the first answer was
 * only lost on the way.
 */

/** At most this many resends of one message; then the visitor sees the failure with Retry. */
export const MAX_RESENDS = 3;
/** A server asking to wait longer than this is not waited for: the failure with Retry shows at once. */
export const MAX_RESEND_WAIT_MS = 30_000;
/** The waits before resends when the server names none: about 1 s, 2 s, 4 s (the later half of each random). */
export const RESEND_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 8_000 };
/** A reply that has not begun this long after the message left shows the message as queued. */
export const SLOW_REPLY_MS = 8_000;

/** Statuses of a server too busy to take the message now, which may say when to come back. */
const BUSY = new Set([429, 503]);
/** Statuses of a gateway that could not reach the server (restarting, say). */
const UNREACHABLE = new Set([502, 504]);

/**
 * How long to wait before sending the message again after `error`, the `resends`-th resend so far;
 * null when it is not sent again (another failure, the resends used up, or a wait longer than allowed).
 */
export function resendWait(error: unknown, resends: number, random?: () => number): number | null {
  if (!(error instanceof WebhookError) || resends >= MAX_RESENDS) return null;
  const status = error.kind === 'http' ? (error.status ?? 0) : 0;
  if (BUSY.has(status) && error.retryAfterMs !== undefined)
    return error.retryAfterMs <= MAX_RESEND_WAIT_MS ? error.retryAfterMs : null;
  if (BUSY.has(status) || UNREACHABLE.has(status) || error.kind === 'network')
    return backoffDelay(resends, RESEND_BACKOFF, random);
  return null;
}

/** Resolves after `ms`; rejects as cancelled when `signal` aborts first. */
function pause(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new WebhookError('aborted', 'the request was cancelled');
    if (signal.aborted) return reject(cancelled());
    const stop = () => {
      timers.clearTimeout(handle);
      reject(cancelled());
    };
    const handle = timers.setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** What the resends tell the chat. */
export interface ResendHooks {
  /** The message waits: before a resend, or for a reply slow to begin (true); its reply began or it ended (false). */
  onQueued(queued: boolean): void;
  /** Whether any of the reply is on screen: a reply cut off mid-stream is never sent again. */
  started(): boolean;
  warn(message: string): void;
}

/** {@link callWebhook}, sending the message again as {@link resendWait} says, and telling while it waits. */
export async function callWithResends(call: WebhookCall, hooks: ResendHooks): Promise<WebhookReply> {
  let queued = false;
  const queue = (on: boolean) => {
    if (queued !== on) hooks.onQueued((queued = on));
  };
  const slow = call.timers.setTimeout(() => queue(true), SLOW_REPLY_MS);
  const onStreamText = (text: string) => {
    call.timers.clearTimeout(slow);
    queue(false);
    call.onStreamText?.(text);
  };
  try {
    for (let resends = 0; ; resends++) {
      try {
        return await callWebhook({ ...call, onStreamText });
      } catch (error) {
        const wait = hooks.started() ? null : resendWait(error, resends);
        if (wait === null) throw error;
        hooks.warn(`chat: ${(error as Error).message}; sending the message again in ${Math.ceil(wait / 1000)} s`);
        queue(true);
        await pause(call.timers, wait, call.signal);
      }
    }
  } finally {
    call.timers.clearTimeout(slow);
    queue(false);
  }
}
