import { describe, expect, it } from 'vitest';
import { MAX_PRODUCTS } from '../../../../src/chat/replies/products';
import { MAX_REPLY_TEXT, parseReply } from '../../../../src/chat/replies/reply-parser';

// The cards' images come from cdn.example, which the store lists in image-hosts.
const CONTEXT = { storeUrl: 'https://shop.example/', pageOrigin: 'https://shop.example', imageHosts: ['cdn.example'] };
const card = {
  title: 'Linen shirt',
  description: 'Breathable',
  url: 'https://shop.example/p/1',
  image: 'https://cdn.example/1.jpg',
  price: '$39',
};
const cardB = { name: 'Canvas tote', description: 'Sturdy', productUrl: '/p/2', imageUrl: 'https://cdn.example/2.jpg' };
const normalisedA = {
  title: 'Linen shirt',
  description: 'Breathable',
  url: 'https://shop.example/p/1',
  image: 'https://cdn.example/1.jpg',
  price: '$39',
};
const normalisedB = {
  title: 'Canvas tote',
  description: 'Sturdy',
  url: 'https://shop.example/p/2',
  image: 'https://cdn.example/2.jpg',
};
const json = (value: unknown) => JSON.stringify(value);

describe('parseReply: every reply shape docs/webhook.md lists', () => {
  it.each<[string, unknown, string, unknown[]]>([
    ['plain text', 'Hello **there**', 'Hello **there**', []],
    ['a JSON string', json('Hello'), 'Hello', []],
    ['a JSON string holding JSON', json(json({ output: 'Hi' })), 'Hi', []],
    ['JSON three times over', json(json(json({ reply: 'Deep' }))), 'Deep', []],
    ['{output}', json({ output: 'Hi' }), 'Hi', []],
    ['{reply}', json({ reply: 'Hi' }), 'Hi', []],
    ['{text}', json({ text: 'Hi' }), 'Hi', []],
    ['{message}', json({ message: 'Hi' }), 'Hi', []],
    ['{response}', json({ response: 'Hi' }), 'Hi', []],
    ['an n8n item array', json([{ output: 'Hi' }]), 'Hi', []],
    [
      'n8n items with json wrappers',
      json([{ json: { output: 'One' } }, { json: { output: 'Two' } }]),
      'One\n\nTwo',
      [],
    ],
    ['nested output with products', json({ output: { reply: 'Hi', products: [card] } }), 'Hi', [normalisedA]],
    ['a messages list of strings', json({ messages: ['a', 'b'] }), 'a\n\nb', []],
    [
      'a messages list of roles',
      json({
        messages: [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'a' },
          { role: 'assistant', content: 'b' },
        ],
      }),
      'a\n\nb',
      [],
    ],
    ['reply with one card', json({ reply: 'Hi', card }), 'Hi', [normalisedA]],
    ['cards', json({ cards: [card, cardB] }), '', [normalisedA, normalisedB]],
    ['products', json({ products: [cardB] }), '', [normalisedB]],
    ['a bare list of products', json([card, cardB]), '', [normalisedA, normalisedB]],
    ['a fenced json block', '```json\n{"reply":"Hi","products":[' + json(card) + ']}\n```', 'Hi', [normalisedA]],
    [
      'prose around a fenced block',
      'Here you go:\n```json\n{"cards":[' + json(cardB) + ']}\n```\nEnjoy!',
      'Here you go:\n\nEnjoy!',
      [normalisedB],
    ],
    ['an untagged fence holding JSON', '```\n{"output":"Hi"}\n```', 'Hi', []],
    [
      'a fenced code block that is not JSON stays code',
      'Use:\n```js\nconsole.log(1)\n```',
      'Use:\n```js\nconsole.log(1)\n```',
      [],
    ],
    ['text that merely starts with a bracket', '[1] is the first footnote', '[1] is the first footnote', []],
    ['JSON that does not parse stays text', '{"output": "Hi"', '{"output": "Hi"', []],
  ])('%s', (_, body, text, products) => {
    expect(parseReply(body, CONTEXT)).toEqual({ text, products });
  });

  it.each<[string, unknown]>([
    ['beside the text', { output: 'Shall I?', actions: [{ type: 'add-to-cart', variantId: '1' }] }],
    [
      'nested under output, like products',
      { output: { reply: 'Shall I?', products: [card], actions: [{ type: 'add-to-cart', variantId: '1' }] } },
    ],
    ['in an n8n item array', [{ json: { output: 'Shall I?', actions: [{ type: 'add-to-cart', variantId: '1' }] } }]],
  ])('collects proposed cart actions %s, raw, for the commerce feature to check', (_, body) => {
    expect(parseReply(json(body), CONTEXT, { servedAsJson: true }).actions).toEqual([
      { type: 'add-to-cart', variantId: '1' },
    ]);
  });

  it('collects no more raw actions than a reply may need', () => {
    const actions = Array.from({ length: 1_000 }, () => ({ type: 'add-to-cart', variantId: '1' }));
    expect(parseReply(json({ output: 'x', actions }), CONTEXT, { servedAsJson: true }).actions).toHaveLength(50);
  });

  it.each([
    ['{}', '{}'],
    ['[]', '[]'],
    ['an empty string', ''],
    ['""', '""'],
    ['an unknown shape', json({ foo: { bar: 'baz' } })],
    ['only whitespace', '   \n  '],
    ['a card without a title', json({ card: { url: 'https://shop.example/p/1' } })],
  ])('%s has nothing to show', (_, body) => {
    expect(parseReply(body, CONTEXT)).toEqual({ text: '', products: [] });
  });
});

describe('parseReply: JSON literals', () => {
  it.each(['null', '42', 'true', ' -1.5e3 '])('%s served as JSON has nothing to show', (body) => {
    expect(parseReply(body, CONTEXT, { servedAsJson: true })).toEqual({ text: '', products: [] });
  });

  it.each(['{oops', '<html>error</html>', ''])('%j served as JSON does not parse: nothing to show', (body) => {
    expect(parseReply(body, CONTEXT, { servedAsJson: true })).toEqual({ text: '', products: [] });
  });

  it('a JSON string served as JSON is still parsed', () => {
    expect(parseReply(JSON.stringify(JSON.stringify({ output: 'Hi' })), CONTEXT, { servedAsJson: true })).toEqual({
      text: 'Hi',
      products: [],
    });
  });

  it('a number served as text is an answer', () => {
    expect(parseReply('42', CONTEXT)).toEqual({ text: '42', products: [] });
  });
});

describe('parseReply: limits', () => {
  it('stops searching beyond the depth limit instead of recursing without end', () => {
    let deep: unknown = { output: 'too deep' };
    for (let i = 0; i < 5000; i++) deep = { output: deep };
    expect(parseReply(deep, CONTEXT)).toEqual({ text: '', products: [] });
    let shallow: unknown = { output: 'found' };
    for (let i = 0; i < 5; i++) shallow = { output: shallow };
    expect(parseReply(shallow, CONTEXT).text).toBe('found');
  });

  it('handles a deeply nested array body as text-free JSON', () => {
    const body = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(parseReply(body, CONTEXT)).toEqual({ text: '', products: [] });
  });

  it('bounds the work on huge arrays', () => {
    const body = json(Array.from({ length: 200_000 }, (_, i) => ({ output: `item ${i}` })));
    const reply = parseReply(body, CONTEXT);
    expect(reply.text.split('\n\n').length).toBeLessThanOrEqual(100);
  });

  it(`cuts text longer than ${MAX_REPLY_TEXT} characters and says so`, () => {
    const reply = parseReply(json({ output: 'x'.repeat(5 * 1024 * 1024) }), CONTEXT);
    expect(reply.text.length).toBe(MAX_REPLY_TEXT + 1);
    expect(reply.truncated).toBe(true);
  });

  it(`shows at most ${MAX_PRODUCTS} products`, () => {
    const reply = parseReply(
      json({ products: Array.from({ length: 50 }, (_, i) => ({ ...card, title: `P${i}` })) }),
      CONTEXT,
    );
    expect(reply.products).toHaveLength(MAX_PRODUCTS);
  });
});
