import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/chat/message';
import { buildHistory, MAX_HISTORY_TURNS, withoutImageData } from '../../../src/chat/replies/history';
import { isAcceptedImage, messageWithImage, scaledSize } from '../../../src/chat/attachments/image-attachment';
import {
  createStreamParser,
  isStreamingContentType,
  looksLikeJsonText,
  looksLikeStream,
} from '../../../src/chat/replies/ndjson-stream';
import { safeStringify } from '../../../src/common/safe-json';
import { geoRetryDelay } from '../../../src/chat/replies/visitor-context';

const message = (sender: Message['sender'], content: string, extra: Partial<Message> = {}): Message => ({
  id: content,
  content,
  sender,
  timestamp: 0,
  ...extra,
});

describe('buildHistory', () => {
  it('maps senders to roles and leaves out error bubbles', () => {
    expect(
      buildHistory([message('user', 'q'), message('bot', 'a'), message('bot', 'Oops', { status: 'error' })]),
    ).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ]);
  });

  it(`keeps the last ${MAX_HISTORY_TURNS} turns`, () => {
    const history = buildHistory(Array.from({ length: 45 }, (_, i) => message(i % 2 ? 'bot' : 'user', `m${i}`)));
    expect(history).toHaveLength(MAX_HISTORY_TURNS);
    expect(history[0]?.content).toBe('m25');
    expect(history.at(-1)?.content).toBe('m44');
  });

  it('replaces attached image data with [image]', () => {
    const content = messageWithImage('Is this in stock?', 'data:image/jpeg;base64,AAAA');
    expect(buildHistory([message('user', content)])).toEqual([
      { role: 'user', content: 'Is this in stock?\n\n[image]' },
    ]);
    expect(withoutImageData('![a](data:image/png;base64,xx) and ![b](https://cdn.example/b.png)')).toBe(
      '[image] and ![b](https://cdn.example/b.png)',
    );
  });
});

describe('attachments', () => {
  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/heic', true],
    ['application/pdf', false],
    ['text/html', false],
    ['', false],
    ['video/mp4', false],
  ])('type %j accepted: %s', (type, accepted) => expect(isAcceptedImage({ type })).toBe(accepted));

  it.each([
    [4000, 3000, { width: 1024, height: 768 }],
    [3000, 4000, { width: 768, height: 1024 }],
    [1024, 1024, { width: 1024, height: 1024 }],
    [800, 600, { width: 800, height: 600 }],
    [10000, 10, { width: 1024, height: 1 }],
  ])('%i x %i fits in %j', (width, height, expected) => expect(scaledSize(width, height)).toEqual(expected));

  it('inlines the image as a markdown data-URL image after the text', () => {
    expect(messageWithImage('Look', 'data:image/jpeg;base64,AA')).toBe('Look\n\n![image](data:image/jpeg;base64,AA)');
    expect(messageWithImage('', 'data:image/jpeg;base64,AA')).toBe('![image](data:image/jpeg;base64,AA)');
  });
});

describe('NDJSON streams', () => {
  it('turns lines into events as they complete', () => {
    const parser = createStreamParser();
    expect(parser.push('{"type":"begin"}\n{"type":"item","content":"Hel')).toEqual([{ type: 'begin' }]);
    expect(parser.push('lo"}\n{"type":"item","content":"!"}\n')).toEqual([
      { type: 'text', text: 'Hello' },
      { type: 'text', text: '!' },
    ]);
    expect(parser.push('not json\n{"type":"end"}')).toEqual([]);
    expect(parser.end()).toEqual([{ type: 'end' }]);
  });

  it('reports error lines', () => {
    expect(createStreamParser().push('{"type":"error","content":"boom"}\n')).toEqual([
      { type: 'error', message: 'boom' },
    ]);
  });

  it.each([
    ['application/x-ndjson', true],
    ['application/ndjson; charset=utf-8', true],
    ['application/json', false],
    [null, false],
  ])('content type %j is streaming: %s', (type, streaming) => expect(isStreamingContentType(type)).toBe(streaming));

  it.each([
    ['{"type":"begin","metadata":{}}\n', true],
    ['  {"type": "item", "content": "x"}', true],
    ['{"output":"Hi"}', false],
    ['Hello', false],
  ])('%j looks like a stream: %s', (text, stream) => expect(looksLikeStream(text)).toBe(stream));

  it.each([
    ['{"output":{"reply":"Hi"', true],
    ['  {', true],
    ['[{"json":', true],
    ['["Hi", ', true],
    ['[', true],
    ['[Linen Shirt](https://shop.example/linen)', false],
    ['Hello **there**', false],
    ['', false],
  ])('streamed text %j looks like a JSON reply: %s', (text, json) => expect(looksLikeJsonText(text)).toBe(json));
});

describe('safeStringify', () => {
  it.each([
    [{ a: 1, b: 'x', c: [true, null], d: { e: undefined } }],
    [['a', { b: [1, 2] }]],
    ['just text'],
    [{ 'quote"key': 'line\nbreak' }],
  ])('matches JSON.stringify for %j', (value) => {
    expect(safeStringify(value)).toBe(JSON.stringify(value));
  });

  it('ignores toJSON overrides on prototypes', () => {
    const proto = Array.prototype as unknown as { toJSON?: () => unknown };
    proto.toJSON = () => 'hijacked';
    try {
      expect(safeStringify({ list: [1, 2] })).toBe('{"list":[1,2]}');
    } finally {
      delete proto.toJSON;
    }
  });

  it.each([[{ a: [1, { b: 'x' }], c: {}, d: [] }], [[{ quickActions: ['A', 'B'] }]]])(
    'with an indent, matches JSON.stringify(value, null, 2) for %j',
    (value) => {
      expect(safeStringify(value, '  ')).toBe(JSON.stringify(value, null, 2));
    },
  );

  it('writes non-finite numbers as null, like JSON', () => {
    expect(safeStringify([NaN, Infinity])).toBe('[null,null]');
  });
});

describe('visitor context back-off', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 30_000],
    [10, 30_000],
  ])('retry %i waits %i ms', (attempt, delay) => expect(geoRetryDelay(attempt)).toBe(delay));
});
