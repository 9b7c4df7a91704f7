import type { HistoryItem } from './history';
import { createStreamParser, isStreamingContentType, looksLikeStream, type StreamEvent } from './ndjson-stream';
import { explicitRequest } from './request-options';
import { safeStringify } from '../shared/safe-json';
import type { Timers } from '../shared/timers';

/** The request body (DESIGN.md, "Chat webhook contract"). */
export interface WebhookRequest {
  message: string;
  history: HistoryItem[];
  sessionId: string;
  /** `geo`, and what other features add (the page, the store's facts, the cart). */
  context?: Record<string, unknown>;
}

/** A webhook that has not answered (or has gone quiet mid-stream) this long is aborted. */
export const WEBHOOK_TIMEOUT_MS = 60_000;
/** Largest reply body read; a larger one is refused rather than held in memory. */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/** Why a request failed. `aborted` means the widget cancelled it (new chat, element removed). */
export type WebhookFailure = 'http' | 'network' | 'timeout' | 'aborted' | 'too-large' | 'stream';

export class WebhookError extends Error {
  constructor(
    readonly kind: WebhookFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

/** The reply as received: the raw body, or for a stream, the text it carried. */
export type WebhookReply = { streamed: false; body: string; contentType: string } | { streamed: true; text: string };


export interface WebhookCall {
  url: string;
  body: WebhookRequest;
  fetch: typeof fetch;
  timers: Timers;
  /** Cancels the request (new chat, element removed). */
  signal: AbortSignal;
  /** Streaming replies: called with the whole text so far each time more arrives. */
  onStreamText?: (text: string) => void;
  timeoutMs?: number;
}

/** The webhook request: JSON in, any of the documented reply types out. */
function requestInit(body: string, signal: AbortSignal): RequestInit {
  const headers = new Headers();
  headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json, application/x-ndjson, text/plain;q=0.9, */*;q=0.5');
  return explicitRequest({ method: 'POST', headers, body, signal, credentials: 'same-origin' });
}

/**
 * Posts one message to the store's webhook and reads the reply, streaming or not. Throws a
 * {@link WebhookError} for a non-OK status, a network failure, a timeout (no answer in 60 s, or 60 s of
 * silence mid-stream), a cancellation, a body over {@link MAX_REPLY_BYTES} or a stream error.
 */
export async function callWebhook(call: WebhookCall): Promise<WebhookReply> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: unknown;
  const armTimeout = () => {
    call.timers.clearTimeout(timer);
    timer = call.timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, call.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  };
  const cancel = () => controller.abort();
  if (call.signal.aborted) throw new WebhookError('aborted', 'the request was cancelled');
  call.signal.addEventListener('abort', cancel);
  armTimeout();
  const failure = (error: unknown): WebhookError => {
    if (error instanceof WebhookError) return error;
    if (timedOut) return new WebhookError('timeout', 'the webhook did not answer in time');
    if (call.signal.aborted) return new WebhookError('aborted', 'the request was cancelled');
    return new WebhookError('network', `the webhook could not be reached (${(error as Error)?.message ?? error})`);
  };

  try {
    const response = await call.fetch(call.url, requestInit(safeStringify(call.body), controller.signal));
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      throw new WebhookError('http', `the webhook answered ${response.status} ${response.statusText}`.trim(), response.status);
    }
    return await readReply(response, armTimeout, call.onStreamText);
  } catch (error) {
    throw failure(error);
  } finally {
    call.timers.clearTimeout(timer);
    call.signal.removeEventListener('abort', cancel);
  }
}

async function readReply(response: Response, onActivity: () => void, onStreamText?: (text: string) => void): Promise<WebhookReply> {
  const contentType = response.headers.get('Content-Type');
  let streaming: boolean | undefined = isStreamingContentType(contentType) || undefined;
  const parser = createStreamParser();
  const decoder = new TextDecoder();
  let raw = '';
  let streamed = '';
  let bytes = 0;

  const handle = (event: StreamEvent) => {
    if (event.type === 'error') throw new WebhookError('stream', `the workflow reported: ${event.message}`);
    if (event.type !== 'text') return;
    streamed += event.text;
    onStreamText?.(streamed);
  };
  const consume = (chunk: string, final = false) => {
    if (streaming === undefined) {
      raw += chunk;
      // Decide once enough has arrived to tell an n8n stream from a plain body.
      if (!final && raw.trimStart().length < 16) return;
      streaming = looksLikeStream(raw);
      if (!streaming) return;
      chunk = raw;
      raw = '';
    } else if (!streaming) {
      raw += chunk;
      return;
    }
    parser.push(chunk).forEach(handle);
  };

  const reader = response.body?.getReader();
  if (!reader) {
    consume(await response.text(), true);
  } else {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity();
      bytes += value.byteLength;
      if (bytes > MAX_REPLY_BYTES) {
        void reader.cancel().catch(() => undefined);
        throw new WebhookError('too-large', `the reply is larger than ${MAX_REPLY_BYTES / 1024 / 1024} MB`);
      }
      consume(decoder.decode(value, { stream: true }));
    }
    consume(decoder.decode(), true);
  }
  if (!streaming) return { streamed: false, body: raw, contentType: contentType ?? '' };
  parser.end().forEach(handle);
  return { streamed: true, text: streamed };
}
