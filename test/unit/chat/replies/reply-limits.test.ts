import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStreamParser } from '../../../../src/chat/replies/ndjson-stream';
import { MAX_NODES, MAX_REPLY_TEXT, parseReply } from '../../../../src/chat/replies/reply-parser';
import {
  callWebhook,
  REPLY_DEADLINE_MS,
  WEBHOOK_TIMEOUT_MS,
  WebhookError,
  type WebhookCall,
} from '../../../../src/chat/replies/webhook-client';
import { chunkedReply, fakeFetch } from '../../../support/fetch';

/**
 * A reply is bounded however it arrives: a stream is capped while it streams, a trickle cannot keep a
 * reply waiting past its deadline, and every parsing loop stops at the same limits as a whole reply.
 */
const timers: WebhookCall['timers'] = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const CONTEXT = { storeUrl: null, pageOrigin: 'https://shop.example', imageHosts: [] };
const call = (fetch: typeof globalThis.fetch, extra: Partial<WebhookCall> = {}) =>
  callWebhook({
    url: 'https://hooks.example/chat',
    body: { message: 'Hi', history: [], sessionId: 's' },
    fetch,
    timers,
    signal: new AbortController().signal,
    ...extra,
  });
const line = (content: string) => `${JSON.stringify({ type: 'item', content })}\n`;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('deadlines', () => {
  it(`a body that trickles a byte every 5 s fails at ${REPLY_DEADLINE_MS / 1000} s: a trickle cannot re-arm the deadline`, async () => {
    vi.useFakeTimers();
    const trickle = Array.from({ length: 1000 }, () => ' ');
    const { fetch } = fakeFetch(() =>
      chunkedReply(['{"output": "Your order', ...trickle], { headers: { 'Content-Type': 'application/json' } }, 5_000),
    );
    let failed: WebhookError | null = null;
    void call(fetch).catch((error: WebhookError) => (failed = error));
    await vi.advanceTimersByTimeAsync(REPLY_DEADLINE_MS - 1_000);
    expect(failed).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failed).toMatchObject({ kind: 'timeout' });
  });

  it(`the first byte still has ${WEBHOOK_TIMEOUT_MS / 1000} s, and so does each gap in a stream`, async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch(() =>
      chunkedReply(
        [line('a'), line('b')],
        { headers: { 'Content-Type': 'application/x-ndjson' } },
        WEBHOOK_TIMEOUT_MS + 1,
      ),
    );
    let failed: WebhookError | null = null;
    void call(fetch).catch((error: WebhookError) => (failed = error));
    await vi.advanceTimersByTimeAsync(WEBHOOK_TIMEOUT_MS);
    expect(failed).toMatchObject({ kind: 'timeout' });
  });
});

describe('a stream is capped while it streams', () => {
  it('4 MB of text is never shown past the reply cap, and is reported once per chunk at most', async () => {
    const piece = 'word '.repeat(2_000);
    const chunks = Array.from({ length: 40 }, () => Array.from({ length: 20 }, () => line(piece)).join(''));
    const { fetch } = fakeFetch(() => chunkedReply(chunks, { headers: { 'Content-Type': 'application/x-ndjson' } }));
    const shown: string[] = [];
    await call(fetch, { onStreamText: (text) => shown.push(text) });
    expect(Math.max(...shown.map((text) => text.length))).toBeLessThanOrEqual(MAX_REPLY_TEXT + 1);
    // Once the cap is reached there is nothing new to show: one report for the first chunk, not 800.
    expect(shown.length).toBe(1);
  });

  it('many lines in one chunk are shown once, not once per line', async () => {
    const { fetch } = fakeFetch(() =>
      chunkedReply([Array.from({ length: 500 }, (_, index) => line(`${index} `)).join('')], {
        headers: { 'Content-Type': 'application/x-ndjson' },
      }),
    );
    const shown: string[] = [];
    await call(fetch, { onStreamText: (text) => shown.push(text) });
    expect(shown).toHaveLength(1);
  });

  it('a long line arriving a byte at a time is not re-split on every byte', () => {
    const parser = createStreamParser();
    const split = vi.spyOn(String.prototype, 'split');
    const text = line('x'.repeat(20_000));
    for (const char of text) parser.push(char);
    expect(split.mock.calls.length).toBeLessThan(10);
  });
});

describe('every parsing loop is bounded', () => {
  it('7.8 MB of small fenced blocks parses no more blocks than the node limit', () => {
    const block = '```json\n{"a":1}\n```\n';
    const text = `Intro\n\n${block.repeat(Math.floor(7_800_000 / block.length))}`;
    const parse = vi.spyOn(JSON, 'parse');
    const reply = parseReply(text, CONTEXT);
    expect(parse.mock.calls.length).toBeLessThanOrEqual(MAX_NODES + 1);
    expect(reply.text.length).toBeLessThanOrEqual(MAX_REPLY_TEXT + 1);
  });

  it('a messages list of a million items is read like an array: the first hundred', () => {
    const reply = parseReply({ messages: Array.from({ length: 1_000_000 }, () => 'x') }, CONTEXT);
    expect(reply.text.split('\n\n').length).toBeLessThanOrEqual(100);
  });
});
