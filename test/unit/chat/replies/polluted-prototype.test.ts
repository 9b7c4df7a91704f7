import { afterEach, describe, expect, it } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig } from '../../../../src/app/config';
import { parseReply } from '../../../../src/chat/replies/reply-parser';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, jsonReply } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

/**
 * A page can add properties to Object.prototype (a library bug, or on purpose). Every object the
 * widget builds or parses inherits them, so a reply must be read through its own properties only:
 * nothing the page put there may become a chip, a card, a cart proposal or reply text.
 */
const CONTEXT = { storeUrl: null, pageOrigin: 'https://shop.example', imageHosts: [] };
/** Every key the reply parser and the product, suggestion and message readers look at. */
const KEYS = [
  'output',
  'reply',
  'text',
  'message',
  'response',
  'answer',
  'content',
  'json',
  'messages',
  'role',
  'products',
  'cards',
  'card',
  'actions',
  'suggestions',
  'quickReplies',
  'truncated',
  'title',
  'name',
  'url',
  'productUrl',
  'link',
  'image',
  'imageUrl',
  'price',
  'currency',
  'description',
  'summary',
  'variantId',
  'variant_id',
  'id',
  'available',
  'status',
  'origin',
  'source',
  'feedback',
];
const POLLUTION: Record<string, unknown> = {
  suggestions: ['Polluted chip'],
  quickReplies: ['Polluted quick reply'],
  actions: [{ type: 'add_to_cart', variantId: 666, quantity: 9 }],
  products: [{ title: 'Polluted card', url: 'https://evil.example/p' }],
  cards: [{ title: 'Polluted card', url: 'https://evil.example/p' }],
  truncated: true,
};

function pollute(): void {
  for (const key of KEYS) {
    Object.defineProperty(Object.prototype, key, {
      value: POLLUTION[key] ?? `polluted ${key}`,
      configurable: true,
      writable: true,
    });
  }
}

function clean(): void {
  for (const key of KEYS) delete (Object.prototype as Record<string, unknown>)[key];
}

afterEach(clean);

const REPLIES: unknown[] = [
  { output: 'Hello' },
  [{ json: { output: 'From n8n' } }],
  { output: { reply: 'Nested' } },
  { messages: [{ role: 'assistant', content: 'Listed' }] },
  '```json\n{"output":"Fenced"}\n```',
  { output: 'With a card', products: [{ title: 'Hoodie', url: 'https://shop.example/hoodie', price: 20 }] },
  { output: 'Pick one', suggestions: ['Yes', 'No'] },
];

describe('a polluted Object.prototype', () => {
  it.each(REPLIES.map((reply) => [JSON.stringify(reply), reply]))('adds nothing to the reply %s', (_, body) => {
    const expected = parseReply(JSON.stringify(body), CONTEXT, { servedAsJson: true });
    pollute();
    const polluted = parseReply(JSON.stringify(body), CONTEXT, { servedAsJson: true });
    clean();
    expect(polluted).toEqual(expected);
    expect(JSON.stringify(polluted)).not.toContain('olluted');
    expect(
      Object.keys(polluted).filter((key) => (polluted as unknown as Record<string, unknown>)[key] !== undefined),
    ).toEqual(
      Object.keys(expected).filter((key) => (expected as unknown as Record<string, unknown>)[key] !== undefined),
    );
  });

  it('shows no chip, card or note under a reply, and sends nothing the page added', async () => {
    const { fetch, requests } = fakeFetch(() => jsonReply({ output: 'Hello' }));
    const harness = fakeDeps({ fetch });
    const assistant = createAssistant(harness.deps);
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' });
    pollute();
    assistant.actions.sendMessage('Hi');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    const reply = assistant.getState().messages.at(-1);
    clean();
    expect(reply?.content).toBe('Hello');
    expect(reply?.suggestions).toBeUndefined();
    expect(reply?.products).toBeUndefined();
    expect(reply?.truncated).toBeUndefined();
    assistant.actions.chooseSuggestion(reply?.id ?? '', 0);
    expect(requests).toHaveLength(1);
  });
});
