import { describe, expect, it, vi } from 'vitest';
import {
  callWebhook,
  MAX_REPLY_BYTES,
  WEBHOOK_TIMEOUT_MS,
  WebhookError,
  type WebhookCall,
} from '../../../../src/chat/replies/webhook-client';
import { chunkedReply, fakeFetch, hangingResponder, jsonReply, n8nStream, textReply } from '../../../support/fetch';

const timers: WebhookCall['timers'] = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const BODY = { message: 'Hi', history: [{ role: 'user' as const, content: 'earlier' }], sessionId: 'session-1' };

function call(fetch: typeof globalThis.fetch, extra: Partial<WebhookCall> = {}) {
  return callWebhook({
    url: 'https://hooks.example/chat',
    body: BODY,
    fetch,
    timers,
    signal: new AbortController().signal,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<WebhookError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WebhookError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('callWebhook: the request', () => {
  it('POSTs { message, history, sessionId } as JSON, once', async () => {
    const { fetch, requests } = fakeFetch(() => textReply('ok'));
    await call(fetch);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: 'https://hooks.example/chat', method: 'POST', body: BODY });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends a correct body even when the page has patched Array.prototype.toJSON and polluted Object.prototype', async () => {
    const { fetch, requests } = fakeFetch(() => textReply('ok'));
    const arrayProto = Array.prototype as unknown as { toJSON?: () => unknown };
    const objectProto = Object.prototype as unknown as Record<string, unknown>;
    arrayProto.toJSON = () => 'hijacked';
    objectProto.integrity = 'sha256-bogus';
    try {
      await call(fetch);
    } finally {
      delete arrayProto.toJSON;
      delete objectProto.integrity;
    }
    expect(requests[0]?.body).toEqual(BODY);
  });
});

describe('callWebhook: replies', () => {
  it.each([
    [
      'text',
      () => textReply('Hello **there**'),
      { streamed: false, body: 'Hello **there**', contentType: 'text/plain; charset=utf-8' },
    ],
    [
      'JSON',
      () => jsonReply({ output: 'Hi' }),
      { streamed: false, body: '{"output":"Hi"}', contentType: 'application/json' },
    ],
    [
      'a body in many chunks',
      () => chunkedReply(['{"out', 'put":"Hi', '"}']),
      { streamed: false, body: '{"output":"Hi"}', contentType: '' },
    ],
    ['an NDJSON stream', () => n8nStream(['Hel', 'lo ', 'there']), { streamed: true, text: 'Hello there' }],
    [
      'an n8n stream served as JSON',
      () =>
        chunkedReply(
          ['{"type":"begin"}\n{"type":"item","content":"A"}\n', '{"type":"item","content":"B"}\n{"type":"end"}'],
          { headers: { 'Content-Type': 'application/json' } },
        ),
      { streamed: true, text: 'AB' },
    ],
    [
      'a stream whose last line has no newline',
      () =>
        chunkedReply(['{"type":"item","content":"x"}\n{"type":"item","content":"y"}'], {
          headers: { 'Content-Type': 'application/x-ndjson' },
        }),
      { streamed: true, text: 'xy' },
    ],
    [
      'a stream with one line split across chunks',
      () =>
        chunkedReply(['{"type":"item","con', 'tent":"split"}\n'], {
          headers: { 'Content-Type': 'application/x-ndjson' },
        }),
      { streamed: true, text: 'split' },
    ],
  ])('reads %s', async (_, reply, expected) => {
    const { fetch } = fakeFetch(reply);
    expect(await call(fetch)).toEqual(expected);
  });

  it('reports streamed text as it arrives', async () => {
    const { fetch } = fakeFetch(() => n8nStream(['One', ' two', ' three']));
    const seen: string[] = [];
    await call(fetch, { onStreamText: (text) => seen.push(text) });
    expect(seen).toEqual(['One', 'One two', 'One two three']);
  });
});

describe('callWebhook: failures', () => {
  it.each([
    [
      'a 500 with an HTML body',
      () =>
        new Response('<html><body>Internal error</body></html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        }),
      'http',
    ],
    ['a 404', () => new Response('nope', { status: 404 }), 'http'],
    ['a refused connection', () => Promise.reject(new TypeError('Failed to fetch')), 'network'],
    [
      'a stream error line',
      () => chunkedReply(['{"type":"begin"}\n{"type":"error","content":"agent crashed"}\n']),
      'stream',
    ],
  ] as const)('%s is a %s failure', async (_, reply, kind) => {
    const { fetch } = fakeFetch(reply);
    expect((await failure(call(fetch))).kind).toBe(kind);
  });

  it(`refuses a body over ${MAX_REPLY_BYTES / 1024 / 1024} MB without holding it all`, async () => {
    const megabyte = 'x'.repeat(1024 * 1024);
    const { fetch } = fakeFetch(() => chunkedReply(Array.from({ length: 12 }, () => megabyte)));
    expect((await failure(call(fetch))).kind).toBe('too-large');
  });

  it(`times out after ${WEBHOOK_TIMEOUT_MS / 1000} s without an answer`, async () => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = fakeFetch(hangingResponder);
      const pending = failure(call(fetch));
      await vi.advanceTimersByTimeAsync(WEBHOOK_TIMEOUT_MS - 1);
      expect(requests[0]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(hangingResponder);
    const pending = failure(call(fetch, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });

  it('does not even start when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch, requests } = fakeFetch(() => textReply('ok'));
    expect((await failure(call(fetch, { signal: controller.signal }))).kind).toBe('aborted');
    expect(requests).toHaveLength(0);
  });
});
