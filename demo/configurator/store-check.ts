/**
 * The "Connect your store" step's check, its side effects: one call of the store's webhook, with the
 * request the widget sends for a visitor's first question (the widget's own webhook client), and for a
 * call the browser could not complete, one no-cors request to tell a server that is not there from one
 * whose reply the browser withheld. What it all means is store-check-rules.ts's.
 */
import { callWebhook, WebhookError } from '../../src/chat/replies/webhook-client';
import { CHECK_QUESTION, classifyCheck, type CheckOutcome, type CheckResult } from './store-check-rules';

const timers = {
  setTimeout: (callback: () => void, ms: number): unknown => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/**
 * Whether the server at `url` answers at all, its reply hidden from the page: a no-cors GET resolves
 * (opaque) for any answer, 404 included, and fails only when nothing answered. A GET never starts the
 * workflow, which listens for POST.
 */
async function answersWithoutCors(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET', mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
    return true;
  } catch {
    return false;
  }
}

/** Calls the webhook at `url` once, as the widget would, and says what came back. */
async function callOnce(url: string): Promise<CheckOutcome> {
  const sessionId = crypto.randomUUID();
  try {
    const reply = await callWebhook({
      url,
      // A conversation's first message; a fresh messageId, so the workflow never takes it for a repeat.
      body: { message: CHECK_QUESTION, history: [], sessionId, messageId: `${sessionId}:check` },
      fetch: (input, init) => fetch(input, init),
      timers,
      signal: new AbortController().signal,
    });
    return { kind: 'reply', reply };
  } catch (error) {
    const failure = error instanceof WebhookError ? error : new WebhookError('network', String(error));
    if (failure.kind !== 'network') return { kind: 'failed', failure: failure.kind, status: failure.status };
    return { kind: 'failed', failure: 'network', answeredWithoutCors: await answersWithoutCors(url) };
  }
}

/** Checks the store's webhook at `url` and gives back what the owner should read. */
export async function checkStoreWebhook(url: string): Promise<CheckResult> {
  const outcome = await callOnce(url);
  return classifyCheck(outcome, {
    pageOrigin: location.origin,
    productContext: { imageHosts: [], pageOrigin: location.origin, storeUrl: null },
  });
}
