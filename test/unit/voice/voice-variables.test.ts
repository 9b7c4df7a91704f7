import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { cartSummaryText, pageProductText } from '../../../src/app/calls/call-context';
import { callVariables, conversationText, shownProductsJson } from '../../../src/app/calls/call-variables';
import { defaultConfig } from '../../../src/app/config';
import type { Message } from '../../../src/chat/message';
import type { PageSnapshot } from '../../../src/commerce/commerce-state';
import { fakeDeps } from '../../support/fake-deps';
import { VAPI_VOICE, fakeVoiceClient } from '../../support/fake-voice';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

// What a call starts knowing: `assistantOverrides.variableValues`, each documented in docs/voice.md.

const VAPI = VAPI_VOICE;
const WEBHOOK = 'https://hooks.example/chat';
const PAGE: PageSnapshot = {
  url: 'https://shop.example/products/linen-shirt',
  title: 'Linen Shirt · Acme',
  jsonLd: [
    JSON.stringify({
      '@type': 'Product',
      name: 'Linen Shirt',
      sku: 'LS-M',
      offers: { price: '64.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    }),
  ],
  meta: [],
};
const CART = {
  item_count: 3,
  total_price: 16700,
  currency: 'USD',
  items: [
    { variant_id: 4401, product_title: 'Linen Shirt', quantity: 2, final_price: 6400 },
    { variant_id: 4402, product_title: 'Tote', quantity: 1, final_price: 3900 },
  ],
};
const REPLY = {
  output: 'Try these:',
  products: [
    { title: 'Silk scarf', price: '39 USD', variantId: '501', url: '/p/scarf' },
    { title: 'Tote', price: '29 USD', variantId: '4402', available: false },
  ],
};

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

/** The variables the call of an assistant on a product page was started with, after one chat turn. */
async function variablesOfCall(options: { commerce?: 'shopify' | null; pageContext?: boolean; facts?: unknown } = {}) {
  const { fetch } = fakeFetch((request) =>
    new URL(request.url).pathname === '/cart.js' ? jsonReply(CART) : jsonReply(REPLY),
  );
  const fake = fakeVoiceClient();
  const harness = fakeDeps({ fetch, readPage: () => PAGE, createVoiceClient: vi.fn(async () => fake.client) });
  const assistant = createAssistant(harness.deps);
  cleanups.push(() => assistant.dispose());
  const config = defaultConfig('shop.example');
  assistant.configure({
    ...config,
    webhookUrl: WEBHOOK,
    lang: 'fr',
    voice: VAPI,
    commerce: { ...config.commerce, platform: options.commerce ?? null, pageContext: options.pageContext ?? true },
  });
  if (options.facts) assistant.actions.setContext(options.facts);
  assistant.actions.sendMessage('A gift under 40?');
  await eventually(() => expect(assistant.getState().loading).toBe(false));
  await assistant.actions.startCall();
  const overrides = vi.mocked(harness.deps.createVoiceClient).mock.calls[0]?.[0].assistantOverrides as {
    variableValues: Record<string, string>;
  };
  return overrides.variableValues;
}

describe('the variables a call starts with', () => {
  it('carry the conversation, the page, the cart, the store facts and the cards shown', async () => {
    const variables = await variablesOfCall({ commerce: 'shopify', facts: { tier: 'gold', shipping: 'free over 50' } });
    expect(variables).toEqual({
      conversation: 'Visitor: A gift under 40?\nAssistant: Try these: [showed: Silk scarf; Tote]',
      last_question: 'A gift under 40?',
      visitor_language: 'fr',
      shown_products_json: JSON.stringify([
        { title: 'Silk scarf', price: '39 USD', variantId: '501', url: 'https://shop.example/p/scarf' },
        { title: 'Tote', price: '29 USD', variantId: '4402', available: false },
      ]),
      page_url: 'https://shop.example/products/linen-shirt',
      page_title: 'Linen Shirt · Acme',
      page_product: 'Linen Shirt, 64.00 USD, in stock, sku LS-M',
      page_product_json: JSON.stringify({
        name: 'Linen Shirt',
        sku: 'LS-M',
        price: '64.00',
        priceCurrency: 'USD',
        availability: 'InStock',
      }),
      cart_summary:
        '3 items, total 167.00 USD: 2 × Linen Shirt (variant 4401, 64.00 USD each); 1 × Tote (variant 4402, 39.00 USD each)',
      store_context_json: '{"tier":"gold","shipping":"free over 50"}',
    });
    expect(Object.values(variables).every((value) => typeof value === 'string')).toBe(true);
  });

  it('leave out what is not there: no cart without commerce, no page with page-context="off"', async () => {
    const variables = await variablesOfCall({ commerce: null, pageContext: false });
    expect(Object.keys(variables).sort()).toEqual([
      'conversation',
      'last_question',
      'shown_products_json',
      'visitor_language',
    ]);
  });
});

describe('the variables, piece by piece', () => {
  const message = (id: number, sender: 'user' | 'bot', content: string, extra: Partial<Message> = {}): Message => ({
    id: `${id}`,
    sender,
    content,
    timestamp: id,
    ...extra,
  });

  it("the conversation leaves out failed replies and the widget's own notices, and keeps images as [image]", () => {
    const text = conversationText([
      message(1, 'user', 'Look ![photo](data:image/png;base64,AAAA)'),
      message(2, 'bot', 'Oops', { status: 'error' }),
      message(3, 'bot', 'Chat is not configured', { origin: 'widget' }),
      message(4, 'bot', '', { products: [{ title: 'Scarf', description: '' }] }),
    ]);
    expect(text).toBe('Visitor: Look [image]\nAssistant: [showed: Scarf]');
  });

  it('the shown cards are those of the latest message that showed any, at most six', () => {
    const cards = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => ({ title: `${prefix}${index}`, description: '' }));
    const messages = [
      message(1, 'bot', 'a', { products: cards(2, 'old') }),
      message(2, 'bot', 'b', { products: cards(9, 'new') }),
      message(3, 'user', 'nice'),
    ];
    expect(JSON.parse(shownProductsJson(messages))).toEqual(cards(6, 'new').map(({ title }) => ({ title })));
    expect(shownProductsJson([message(1, 'user', 'hi')])).toBe('');
    expect(callVariables({ messages: [], lang: 'en' })).toEqual({
      conversation: '',
      last_question: '',
      visitor_language: 'en',
    });
  });

  it.each([
    [{ itemCount: 0, lines: [] }, 'The cart is empty.'],
    [{ itemCount: 1, lines: [{ variantId: '7', title: 'Mug', quantity: 1 }] }, '1 item: 1 × Mug (variant 7)'],
    [{ itemCount: 4, total: 12.5, currency: 'EUR', lines: [] }, '4 items, total 12.50 EUR'],
  ])('the cart %j reads %j', (cart, text) => {
    expect(cartSummaryText(cart)).toBe(text);
  });

  it('the page product reads as one line with what the page says', () => {
    expect(pageProductText({ name: 'Mug', availability: 'OutOfStock' })).toBe('Mug, out of stock');
    expect(pageProductText({ name: 'Mug', price: 12 })).toBe('Mug, 12');
  });
});
