import { EventType, type BaseEvent } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createAgUi } from '../../../../src/chat/ag-ui/ag-ui';
import { aiSdkStream } from '../../../../src/chat/ai-sdk/ai-sdk';
import { createClientToolCalls } from '../../../../src/chat/replies/client-tools';
import { MAX_LINE_LENGTH, type StreamEvent, type StreamParser } from '../../../../src/chat/replies/ndjson-stream';
import { callWebhook, WebhookError, type WebhookCall } from '../../../../src/chat/replies/webhook-client';
import { chunkedReply, fakeFetch } from '../../../support/fetch';

// The two protocols' stream readers, fed what the real libraries write: the `ai` package's UI message
// stream response and @ag-ui/encoder's events.

/** The body the `ai` package sends for `chunks`, as text. */
async function aiSdkBody(chunks: UIMessageChunk[]): Promise<string> {
  const stream = createUIMessageStream({ execute: ({ writer }) => chunks.forEach((chunk) => writer.write(chunk)) });
  return createUIMessageStreamResponse({ stream }).text();
}

const agUiBody = (events: BaseEvent[]) => events.map((event) => new EventEncoder().encode(event)).join('');

/** What `parser` reads from `text` fed in pieces of `size` characters. */
function read(parser: StreamParser, text: string, size: number): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (let at = 0; at < text.length; at += size) events.push(...parser.push(text.slice(at, at + size)));
  return [...events, ...parser.end()];
}

/** The events with consecutive text joined, so the same stream reads the same however it is cut. */
function merged(events: StreamEvent[]): StreamEvent[] {
  return events.reduce<StreamEvent[]>((list, event) => {
    const last = list.at(-1);
    if (event.type === 'text' && last?.type === 'text')
      return [...list.slice(0, -1), { type: 'text', text: last.text + event.text }];
    return [...list, event];
  }, []);
}

const NO_ANSWERS = { results: [], continues: false };
const CARDS = [{ title: 'Linen Shirt', url: '/p/shirt' }];

describe('the AI SDK UI message stream reader', () => {
  const chunks: UIMessageChunk[] = [
    { type: 'start', messageId: 'm1' },
    { type: 'reasoning-start', id: 'r1' },
    { type: 'reasoning-delta', id: 'r1', delta: 'thinking aloud' },
    { type: 'reasoning-end', id: 'r1' },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: 'Here ' },
    { type: 'text-delta', id: 't1', delta: 'they are.' },
    { type: 'text-end', id: 't1' },
    { type: 'data-products', data: CARDS },
    { type: 'data-suggestions', data: ['Sizes'] },
    { type: 'data-weather', data: { products: CARDS } },
    { type: 'tool-input-start', toolCallId: 'c1', toolName: 'show_orders' },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: 'show_orders', input: {} },
    { type: 'tool-output-available', toolCallId: 'c1', output: [{ number: '1042', status: 'shipped' }] },
    { type: 'tool-input-available', toolCallId: 'c2', toolName: 'add_to_cart', input: { variantId: '7', quantity: 2 } },
    { type: 'tool-input-available', toolCallId: 'c3', toolName: 'lookup', input: {} },
    { type: 'tool-output-available', toolCallId: 'c3', output: { products: CARDS } },
    { type: 'text-start', id: 't2' },
    { type: 'text-delta', id: 't2', delta: 'Anything else?' },
    { type: 'text-end', id: 't2' },
    { type: 'finish' },
  ];
  const expected: StreamEvent[] = [
    { type: 'text', text: 'Here they are.' },
    { type: 'part', part: { products: CARDS } },
    { type: 'part', part: { suggestions: ['Sizes'] } },
    { type: 'part', part: { orders: [{ number: '1042', status: 'shipped' }] } },
    { type: 'part', part: { actions: [{ variantId: '7', quantity: 2, type: 'add-to-cart', toolCallId: 'c2' }] } },
    { type: 'text', text: '\n\nAnything else?' },
    { type: 'end' },
    { type: 'end' },
  ];

  it('reads text, the documented data parts and tools, and leaves out reasoning, unknown parts and other tools, however the bytes are cut', async () => {
    const body = await aiSdkBody(chunks);
    for (const size of [1, 3, 7, 64, body.length])
      expect(merged(read(aiSdkStream(createClientToolCalls()), body, size))).toEqual(expected);
  });

  it('an error part is a failure; abort too', () => {
    expect(
      read(aiSdkStream(createClientToolCalls()), 'data: {"type":"error","errorText":"overloaded"}\n\n', 5),
    ).toEqual([{ type: 'error', message: 'overloaded' }]);
    expect(read(aiSdkStream(createClientToolCalls()), 'data: {"type":"abort"}\n\n', 5)).toEqual([
      { type: 'error', message: 'the reply was aborted' },
    ]);
  });

  it('broken JSON, parts of the wrong type and comments are skipped', () => {
    const body =
      ': keep-alive\n\ndata: {oops\n\ndata: {"type":"text-delta","delta":42}\n\ndata: {"type":"data-products"}\n\ndata: {"type":"text-delta","delta":"ok"}\n\n';
    expect(read(aiSdkStream(createClientToolCalls()), body, 4)).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('a line longer than the bound without its newline ends the stream', () => {
    const parser = aiSdkStream(createClientToolCalls());
    expect(() => parser.push(`data: ${'x'.repeat(MAX_LINE_LENGTH)}`)).toThrow('stream line too long');
  });
});

describe('the AG-UI event stream reader', () => {
  const events = [
    { type: EventType.RUN_STARTED, threadId: 't', runId: 'r' },
    { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Here ' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'they are.' },
    { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
    { type: EventType.STEP_STARTED, stepName: 'search' },
    { type: EventType.CUSTOM, name: 'store-assistant.products', value: CARDS },
    { type: EventType.CUSTOM, name: 'store-assistant.handoff', value: 'connecting' },
    { type: EventType.CUSTOM, name: 'store-assistant.weather', value: 'sunny' },
    { type: EventType.CUSTOM, name: 'elsewhere.products', value: CARDS },
    { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'add_to_cart' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"variantId":"7",' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '"quantity":2}' },
    { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
    { type: EventType.TOOL_CALL_START, toolCallId: 'c2', toolCallName: 'search' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c2', delta: '{"variantId":"8"}' },
    { type: EventType.TOOL_CALL_END, toolCallId: 'c2' },
    { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm2', delta: 'More?' },
    { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' },
  ] as BaseEvent[];

  it('reads text, the store-assistant custom events and add_to_cart calls, and nothing else, however the bytes are cut', () => {
    const body = agUiBody(events);
    for (const size of [1, 5, 64, body.length])
      expect(merged(read(createAgUi(createClientToolCalls()).stream(), body, size))).toEqual([
        { type: 'text', text: 'Here they are.' },
        { type: 'part', part: { products: CARDS } },
        { type: 'part', part: { handoff: 'connecting' } },
        { type: 'part', part: { actions: [{ variantId: '7', quantity: 2, type: 'add-to-cart', toolCallId: 'c1' }] } },
        { type: 'text', text: 'More?' },
        { type: 'end' },
      ]);
  });

  it('RUN_ERROR is a failure', () => {
    expect(
      read(
        createAgUi(createClientToolCalls()).stream(),
        agUiBody([{ type: EventType.RUN_ERROR, message: 'down' } as BaseEvent]),
        3,
      ),
    ).toEqual([{ type: 'error', message: 'down' }]);
  });

  it('keeps the agent state from STATE_SNAPSHOT and STATE_DELTA and sends it with the next run of the thread only', () => {
    const agUi = createAgUi(createClientToolCalls());
    const body = { message: 'Hi', history: [], sessionId: 'thread-1' };
    agUi.request(body, 'run-1', NO_ANSWERS);
    read(
      agUi.stream(),
      agUiBody([
        { type: EventType.STATE_SNAPSHOT, snapshot: { cart: [] } } as BaseEvent,
        { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/cart/-', value: 'shirt' }] } as BaseEvent,
        { type: EventType.STATE_DELTA, delta: [{ op: 'remove', path: '/missing' }] } as BaseEvent,
      ]),
      7,
    );
    const next = JSON.parse(agUi.request(body, 'run-2', NO_ANSWERS).body as string) as {
      state: unknown;
      runId: string;
    };
    expect(next).toMatchObject({ state: { cart: ['shirt'] }, runId: 'run-2' });
    const other = JSON.parse(agUi.request({ ...body, sessionId: 'thread-2' }, 'run-3', NO_ANSWERS).body as string) as {
      state: unknown;
    };
    expect(other.state).toEqual({});
  });
});

describe('a protocol stream through callWebhook', () => {
  const timers: WebhookCall['timers'] = {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const call = (fetch: typeof globalThis.fetch, onStreamText?: (text: string) => void) =>
    callWebhook({
      url: 'https://agent.example/chat',
      body: { message: 'Hi', history: [], sessionId: 's' },
      fetch,
      timers,
      signal: new AbortController().signal,
      stream: () => aiSdkStream(createClientToolCalls()),
      onStreamText,
    });

  it('asks for an event stream, shows the text as it comes and returns the parts beside it', async () => {
    const body = await aiSdkBody([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hel' },
      { type: 'text-delta', id: 't', delta: 'lo' },
      { type: 'data-products', data: CARDS },
      { type: 'finish' },
    ]);
    const { fetch, requests } = fakeFetch(() => chunkedReply(body.match(/[\s\S]{1,20}/g) ?? []));
    const shown: string[] = [];
    const reply = await call(fetch, (text) => shown.push(text));
    expect(requests[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(reply).toEqual({ streamed: true, text: 'Hello', parts: [{ products: CARDS }] });
    expect(shown.at(-1)).toBe('Hello');
    expect(shown.length).toBeGreaterThan(1);
  });

  it('a stream that ends without finish was cut off', async () => {
    const { fetch } = fakeFetch(() => chunkedReply(['data: {"type":"text-delta","delta":"Hal"}\n\n']));
    const error = await call(fetch).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ kind: 'stream', message: 'the stream ended before the reply was complete' });
  });
});
