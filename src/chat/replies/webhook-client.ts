import type { HistoryItem } from './history';
import {
  createStreamParser,
  isStreamingContentType,
  looksLikeStream,
  type StreamEvent,
  type StreamParser,
} from './ndjson-stream';
import { MAX_REPLY_TEXT } from './reply-parser';
import { explicitRequest } from './request-options';
import { retryAfterMs } from '../../common/backoff';
import { safeStringify } from '../../common/safe-json';
import type { Timers } from '../../common/timers';
import { cutText } from '../../common/text-cut';

/** The request body (docs/webhook.md, "The request"). */
export interface WebhookRequest {
  message: string;
  history: HistoryItem[];
  sessionId: string;
  /**
   * The visitor message's own id: the same on every send of it (a retry, a resend, after a reload, from
   * another tab), so the workflow can drop a repeat. Absent only on requests that carry no message.
   */
  messageId?: string;
  /** The id of the built-in quick action the message is (docs/webhook.md, "The request"). */
  quickAction?: string;
  /** `geo`, and what other features add (the page, the store's facts, the cart). */
  context?: Record<string, unknown>;
}

/** A webhook that has not answered (or has gone quiet mid-stream) this long is aborted. */
export const WEBHOOK_TIMEOUT_MS = 60_000;
/** However it trickles in, a reply that has not arrived in full this long after sending is aborted. */
export const REPLY_DEADLINE_MS = 120_000;
/** Largest reply body read; a larger one is refused rather than held in memory. */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/**
 * Why a request failed. `aborted` means the widget cancelled it (new chat, element removed); `html`, that
 * the answer was an HTML page (a proxy's or server's error page sent with a 200), not a reply.
 */
export type WebhookFailure = 'http' | 'network' | 'timeout' | 'aborted' | 'too-large' | 'stream' | 'html';

export class WebhookError extends Error {
  constructor(
    readonly kind: WebhookFailure,
    message: string,
    readonly status?: number,
    /** The wait the server asked for with `Retry-After`, in milliseconds, if it did. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

/**
 * The reply as received: the raw body, or for a stream, the text it carried and the reply fields it
 * sent apart from the text (`parts`, from the AI SDK's and AG-UI's streams).
 */
export type WebhookReply =
  | { streamed: false; body: string; contentType: string }
  | { streamed: true; text: string; parts?: Record<string, unknown>[] };

export interface WebhookCall {
  url: string;
  body: WebhookRequest;
  fetch: typeof fetch;
  timers: Timers;
  /** Cancels the request (new chat, element removed). */
  signal: AbortSignal;
  /** Streaming replies: called with the whole text so far, at most once per chunk that added text. */
  onStreamText?: (text: string) => void;
  timeoutMs?: number;
  deadlineMs?: number;
  /** The time now, to read a `Retry-After` date against. */
  now?: () => number;
  /** Sent instead of `body` as JSON: another protocol's body, with its content type (null: the browser's, for a form). */
  encoded?: { body: string | FormData; contentType: string | null };
  /**
   * The protocol's own stream reader (the AI SDK's, AG-UI's): the answer is read as that stream
   * whatever its content type, and a stream without its end event counts as cut off.
   */
  stream?: () => StreamParser;
}

/** The webhook request: JSON in, any of the documented reply types out. */
function requestInit(
  body: string | FormData,
  contentType: string | null,
  signal: AbortSignal,
  sse: boolean,
): RequestInit {
  const headers = new Headers();
  if (contentType) headers.set('Content-Type', contentType);
  // An event stream only: AG-UI's encoder would answer `*/*` in protobuf.
  headers.set(
    'Accept',
    sse ? 'text/event-stream' : 'application/json, application/x-ndjson, text/plain;q=0.9, */*;q=0.5',
  );
  return explicitRequest({ method: 'POST', headers, body, signal, credentials: 'same-origin' });
}

/**
 * Posts one message to the store's webhook and reads the reply, streaming or not. Throws a
 * {@link WebhookError} for a non-OK status, a network failure, a timeout (no answer in 60 s, 60 s of
 * silence mid-stream, or 120 s in all however the reply trickles), a cancellation, a body over
 * {@link MAX_REPLY_BYTES} or a stream error.
 */
export async function callWebhook(call: WebhookCall): Promise<WebhookReply> {
  const controller = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    controller.abort();
  };
  let silence: unknown;
  const armTimeout = () => {
    call.timers.clearTimeout(silence);
    silence = call.timers.setTimeout(expire, call.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  };
  const cancel = () => controller.abort();
  if (call.signal.aborted) throw new WebhookError('aborted', 'the request was cancelled');
  call.signal.addEventListener('abort', cancel);
  armTimeout();
  // Fixed when the request leaves: chunks re-arm the silence timer, never this one.
  const deadline = call.timers.setTimeout(expire, call.deadlineMs ?? REPLY_DEADLINE_MS);
  const failure = (error: unknown): WebhookError => {
    if (error instanceof WebhookError) return error;
    if (timedOut) return new WebhookError('timeout', 'the webhook did not answer in time');
    if (call.signal.aborted) return new WebhookError('aborted', 'the request was cancelled');
    return new WebhookError('network', `the webhook could not be reached (${(error as Error)?.message ?? error})`);
  };

  try {
    const { body, contentType } = call.encoded ?? { body: safeStringify(call.body), contentType: 'application/json' };
    const response = await call.fetch(call.url, requestInit(body, contentType, controller.signal, !!call.stream));
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      const wait = retryAfterMs(response.headers.get('Retry-After'), call.now?.() ?? Date.now());
      throw new WebhookError(
        'http',
        `the webhook answered ${response.status} ${response.statusText}`.trim(),
        response.status,
        wait ?? undefined,
      );
    }
    const reply = await readReply(response, {
      onActivity: armTimeout,
      onStreamText: call.onStreamText,
      signal: controller.signal,
      stream: call.stream,
    });
    if (controller.signal.aborted) throw new Error('aborted while reading');
    return reply;
  } catch (error) {
    throw failure(error);
  } finally {
    call.timers.clearTimeout(silence);
    call.timers.clearTimeout(deadline);
    call.signal.removeEventListener('abort', cancel);
  }
}

/** Reply fields kept from one stream at most; a reply reads no more (reply-parser.ts). */
const MAX_PARTS = 100;

/** A body that is an HTML document: a proxy's or server's error page, whatever its status or content type. */
const HTML_DOCUMENT = /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

/** The decoder for the charset `contentType` declares; UTF-8 without one, or for a label the browser does not know. */
function decoderFor(contentType: string | null): TextDecoder {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder();
  }
}

/** What reading a reply reports back while it arrives. */
interface ReadHooks {
  onActivity: () => void;
  onStreamText?: (text: string) => void;
  /** Aborted on a timeout or cancellation: the read stops there, even on a body that ignores it. */
  signal: AbortSignal;
  stream?: () => StreamParser;
}

/** Reads the body chunk by chunk, within {@link MAX_REPLY_BYTES}, until it ends or `signal` aborts. */
async function readChunks(response: Response, hooks: ReadHooks, consume: (chunk: Uint8Array) => void): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return consume(new Uint8Array(await response.arrayBuffer()));
  const stop = () => void reader.cancel().catch(() => undefined);
  hooks.signal.addEventListener('abort', stop);
  try {
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done || hooks.signal.aborted) return;
      hooks.onActivity();
      bytes += value.byteLength;
      if (bytes > MAX_REPLY_BYTES) {
        stop();
        throw new WebhookError('too-large', `the reply is larger than ${MAX_REPLY_BYTES / 1024 / 1024} MB`);
      }
      consume(value);
    }
  } finally {
    hooks.signal.removeEventListener('abort', stop);
  }
}

async function readReply(response: Response, hooks: ReadHooks): Promise<WebhookReply> {
  const contentType = response.headers.get('Content-Type');
  let streaming: boolean | undefined = !!hooks.stream || isStreamingContentType(contentType) || undefined;
  const parser = hooks.stream?.() ?? createStreamParser();
  const decoder = decoderFor(contentType);
  let raw = '';
  let streamed = '';
  let reported = '';
  let ended = false;
  const parts: Record<string, unknown>[] = [];

  const handle = (event: StreamEvent) => {
    if (event.type === 'error') throw new WebhookError('stream', `the workflow reported: ${event.message}`);
    if (event.type === 'text') streamed += event.text;
    if (event.type === 'part' && parts.length < MAX_PARTS) parts.push(event.part);
    if (event.type === 'end') ended = true;
  };
  // What a chunk added is shown once, whatever number of lines it held, and never past the cap.
  const report = () => {
    const shown = streamed.length > MAX_REPLY_TEXT ? `${cutText(streamed, MAX_REPLY_TEXT)}…` : streamed;
    if (shown === reported) return;
    reported = shown;
    hooks.onStreamText?.(shown);
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
    report();
  };

  await readChunks(response, hooks, (bytes) => consume(decoder.decode(bytes, { stream: true })));
  consume(decoder.decode(), true);
  if (!streaming && HTML_DOCUMENT.test(raw))
    throw new WebhookError(
      'html',
      'the webhook answered with an HTML page, not a reply (a proxy or server error page?)',
    );
  if (!streaming) return { streamed: false, body: raw, contentType: contentType ?? '' };
  parser.end().forEach(handle);
  report();
  if (hooks.stream && !ended) throw new WebhookError('stream', 'the stream ended before the reply was complete');
  return hooks.stream ? { streamed: true, text: streamed, parts } : { streamed: true, text: streamed };
}
