import { backoffDelay, type Backoff } from '../common/backoff';
import type { Timers } from '../common/timers';
import type { ChannelStatus } from './handoff-state';
import { createSseParser, type ServerSentEvent } from './sse-parser';

export type { Backoff } from '../common/backoff';

/** Reconnecting starts after a second and waits at most half a minute, as browsers' EventSource roughly does. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 30_000 };

/** What the channel needs: the stream's address, where it left off, and where events go. */
export interface ChannelOptions {
  fetch: typeof fetch;
  timers: Timers;
  /** The stream's address for the open conversation, or null when there is none. */
  url: () => string | null;
  /** The id of the last event received, sent as `Last-Event-ID` so the server sends what came after it. */
  lastEventId: () => string | null;
  onEvent: (event: ServerSentEvent) => void;
  /** Resolves in a new task: a long run of events received at once is handed on over several tasks. */
  yieldToPage: () => Promise<void>;
  onStatus: (status: ChannelStatus) => void;
  warn: (message: string) => void;
  backoff?: Backoff;
  /** The random source of the back-off's jitter (0 to 1). */
  random?: () => number;
}

/**
 * Events handed on in one task at most. A read can bring thousands at once (a burst, or what a server
 * sends again after a reload): they are handed on this many at a time, a task each, so the page stays
 * responsive in between.
 */
export const EVENTS_PER_TASK = 200;

/** Answers that mean the stream will not work however often it is asked (a wrong address, no access). */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The request for the stream: `Last-Event-ID` as a header (and in the query, for servers that read only that). */
function streamRequest(url: string, lastId: string | null): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (lastId === null) return { url, init: { headers, cache: 'no-store' } };
  headers['Last-Event-ID'] = lastId;
  const address = new URL(url);
  address.searchParams.set('lastEventId', lastId);
  return { url: address.href, init: { headers, cache: 'no-store' } };
}

/** Reads the body to its end, handing each chunk's text to `push` and waiting for it before reading on. */
async function readBody(body: ReadableStream<Uint8Array>, push: (text: string) => Promise<void>): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return push(decoder.decode());
    await push(decoder.decode(value, { stream: true }));
  }
}

/** Hands `events` on to `onEvent` while `live()`, {@link EVENTS_PER_TASK} per task, emptying the list. */
async function handOn(
  events: ServerSentEvent[],
  options: Pick<ChannelOptions, 'onEvent' | 'yieldToPage'>,
  live: () => boolean,
): Promise<void> {
  while (events.length > 0 && live()) {
    for (const event of events.splice(0, EVENTS_PER_TASK)) if (live()) options.onEvent(event);
    if (events.length > 0) await options.yieldToPage();
  }
  events.length = 0;
}

/** What is done with each chunk of the body while `live()`: parsed, and its events handed on. */
function eventStream(options: ChannelOptions, live: () => boolean, onRetry: (ms: number) => void) {
  const received: ServerSentEvent[] = [];
  const parser = createSseParser({ onEvent: (event) => live() && received.push(event), onRetry });
  return async (text: string): Promise<void> => {
    if (!live()) return;
    parser.push(text);
    await handOn(received, options, live);
  };
}

/**
 * A Server-Sent Events connection read with fetch (so it can send `Last-Event-ID` itself on every
 * reconnect and after a reload), which reconnects with a jittered back-off when it drops, and stops when
 * closed. One connection at most: opening it while open or waiting to reconnect does nothing.
 * A 204 answer or a client error ends it: the server has nothing to say, or never will.
 */
export function createEventChannel(options: ChannelOptions) {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let connection: AbortController | null = null;
  let retryTimer: unknown = null;
  let failures = 0;
  let serverRetryMs: number | null = null;

  const stopRetry = () => {
    if (retryTimer !== null) options.timers.clearTimeout(retryTimer);
    retryTimer = null;
  };

  const retryLater = (current: AbortController) => {
    if (connection !== current) return;
    // Jittered, so the visitors of a desk that restarted do not all come back in the same instant.
    const delay = backoffDelay(failures, { ...backoff, baseMs: serverRetryMs ?? backoff.baseMs }, options.random);
    failures += 1;
    options.onStatus('reconnecting');
    retryTimer = options.timers.setTimeout(() => {
      retryTimer = null;
      if (connection === current) void connect();
    }, delay);
  };

  const end = (current: AbortController, status: ChannelStatus) => {
    if (connection !== current) return;
    connection = null;
    current.abort();
    options.onStatus(status);
  };

  async function connect(): Promise<void> {
    const url = options.url();
    if (url === null) return;
    const current = new AbortController();
    connection = current;
    const live = () => connection === current;
    const stream = eventStream(options, live, (ms) => (serverRetryMs = ms));
    try {
      const request = streamRequest(url, options.lastEventId());
      const response = await options.fetch(request.url, { ...request.init, signal: current.signal });
      if (response.status === 204) return end(current, 'closed');
      if (isFinal(response.status)) {
        options.warn(`the events-url stream answered ${response.status}: it is not opened again on this page`);
        return end(current, 'closed');
      }
      if (!response.ok || !response.body) throw new Error(`the events-url stream answered ${response.status}`);
      if (connection !== current) return;
      failures = 0;
      options.onStatus('open');
      await readBody(response.body, stream);
    } catch {
      // Dropped, refused or offline: tried again below, unless it was closed on purpose.
    }
    retryLater(current);
  }

  return {
    /** Opens the stream unless it is open or about to reconnect. */
    open(): void {
      if (connection !== null) return;
      failures = 0;
      void connect();
    },
    /** Closes the stream (or cancels the reconnect) and says so with `status`. */
    close(status: ChannelStatus = 'closed'): void {
      if (connection === null && retryTimer === null) return;
      stopRetry();
      const current = connection;
      connection = null;
      current?.abort();
      options.onStatus(status);
    },
    get isOpen(): boolean {
      return connection !== null;
    },
  };
}

/** The channel of one widget. */
export type EventChannel = ReturnType<typeof createEventChannel>;
