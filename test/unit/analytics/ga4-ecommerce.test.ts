import { describe, expect, it } from 'vitest';
import { dataLayerEntries } from '../../../src/analytics/data-layer';
import { ga4Entries, readPrice } from '../../../src/analytics/ga4-ecommerce';

// GA4's recommended ecommerce events as Google documents them for a page's dataLayer:
// https://developers.google.com/analytics/devguides/collection/ga4/ecommerce (view_item_list,
// select_item, add_to_cart; item parameters item_id, item_name, item_variant, price, quantity, index,
// item_list_id, item_list_name; add_to_cart's currency and value) and
// https://developers.google.com/tag-platform/tag-manager/datalayer#ecommerce (`{ event, ecommerce: {...} }`,
// each pushed after `{ ecommerce: null }` to clear the one before).

const LIST = { item_list_id: 'store_assistant', item_list_name: 'Store assistant' };
const SHIRT = {
  title: 'Linen Shirt',
  description: 'Breathable, and the visitor never wrote this',
  price: '64.00 USD',
  variantId: '40100000000005',
  id: 'linen-shirt',
};
const MUG = { title: 'Stoneware Mug', description: '', price: '$22.00', variantId: '40100000000008' };

describe('view_item_list: a reply showed product cards', () => {
  it('lists every card in its order, after { ecommerce: null }', () => {
    const reply = { id: 'r1', sender: 'bot', content: 'Here you go', timestamp: 1, products: [SHIRT, MUG] };
    expect(ga4Entries('message', reply)).toEqual([
      { ecommerce: null },
      {
        event: 'view_item_list',
        ecommerce: {
          item_list_id: 'store_assistant',
          item_list_name: 'Store assistant',
          items: [
            {
              item_id: 'linen-shirt',
              item_name: 'Linen Shirt',
              item_variant: '40100000000005',
              price: 64,
              index: 0,
              ...LIST,
            },
            { item_id: '40100000000008', item_name: 'Stoneware Mug', price: 22, index: 1, ...LIST },
          ],
        },
      },
    ]);
  });

  it.each([
    ['a visitor message', { sender: 'user', content: 'shirts', products: [SHIRT] }],
    ['a reply without cards', { sender: 'bot', content: 'Hello', products: [] }],
    ['a failed reply', { sender: 'bot', content: '', status: 'error', products: [SHIRT] }],
  ])('is not pushed for %s', (_, message) => {
    expect(ga4Entries('message', message)).toEqual([]);
  });
});

describe('select_item: a card opened (View product)', () => {
  it('names the card and its place', () => {
    expect(ga4Entries('product-open', { product: MUG, index: 2 })).toEqual([
      { ecommerce: null },
      {
        event: 'select_item',
        ecommerce: {
          ...LIST,
          items: [{ item_id: '40100000000008', item_name: 'Stoneware Mug', price: 22, index: 2, ...LIST }],
        },
      },
    ]);
  });
});

describe('add_to_cart: an add through the widget', () => {
  it("from a card: the platform's unit price and currency from the cart after it, value = price × quantity", () => {
    const cart = {
      itemCount: 2,
      total: 128,
      currency: 'USD',
      lines: [{ variantId: '40100000000005', title: 'Linen Shirt', quantity: 2, price: 60 }],
    };
    const detail = { action: 'add', product: SHIRT, variantId: '40100000000005', quantity: 2, cart, index: 1 };
    expect(ga4Entries('cart', detail)).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'USD',
          value: 120,
          items: [
            {
              item_id: 'linen-shirt',
              item_name: 'Linen Shirt',
              item_variant: '40100000000005',
              price: 60,
              quantity: 2,
              index: 1,
              ...LIST,
            },
          ],
        },
      },
    ]);
  });

  it("from a call without a card: the cart line's title names it, no index", () => {
    const cart = {
      itemCount: 1,
      currency: 'EUR',
      lines: [{ variantId: '7', title: 'Tote', quantity: 1, price: 15.5 }],
    };
    const [, entry] = ga4Entries('cart', { action: 'add', product: null, variantId: '7', quantity: 3, cart });
    expect(entry).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'EUR',
        value: 46.5,
        items: [{ item_id: '7', item_name: 'Tote', price: 15.5, quantity: 3, ...LIST }],
      },
    });
  });

  it("without a cart summary: the card's written price and its currency code", () => {
    const [, entry] = ga4Entries('cart', {
      action: 'add',
      product: SHIRT,
      variantId: SHIRT.variantId,
      quantity: 1,
      cart: null,
    });
    expect(entry).toMatchObject({ ecommerce: { currency: 'USD', value: 64, items: [{ price: 64, quantity: 1 }] } });
  });

  it('sends no value when no currency is known ("$" names several)', () => {
    const [, entry] = ga4Entries('cart', {
      action: 'add',
      product: MUG,
      variantId: MUG.variantId,
      quantity: 1,
      cart: null,
    });
    expect(entry).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        items: [{ item_id: '40100000000008', item_name: 'Stoneware Mug', price: 22, quantity: 1, ...LIST }],
      },
    });
  });

  it('an Undo (update) is not an add', () => {
    expect(ga4Entries('cart', { action: 'update', product: null, variantId: '7', quantity: 0, cart: null })).toEqual(
      [],
    );
  });
});

describe('beside the widget’s own entries', () => {
  it("pushes the widget's entry first, then the GA4 pair, and no visitor text without analytics-content", () => {
    const reply = { id: 'r1', sender: 'bot', content: 'You asked about shirts', timestamp: 1, products: [SHIRT] };
    const entries = dataLayerEntries('message', reply, false);
    expect(entries.map((entry) => entry.event)).toEqual(['store_assistant_reply', undefined, 'view_item_list']);
    expect(JSON.stringify(entries)).not.toContain('You asked');
    expect(JSON.stringify(entries)).not.toContain('visitor never wrote');
  });

  it('with analytics-content="on", only the widget entry carries the text', () => {
    const reply = { id: 'r1', sender: 'bot', content: 'You asked about shirts', timestamp: 1, products: [SHIRT] };
    const [own, reset, list] = dataLayerEntries('message', reply, true);
    expect(own).toMatchObject({ content: 'You asked about shirts' });
    expect(reset).toEqual({ ecommerce: null });
    expect(JSON.stringify(list)).not.toContain('You asked');
  });
});

describe('readPrice: a card’s written price', () => {
  it.each([
    ['64.00 USD', { amount: 64, currency: 'USD' }],
    ['$22.00', { amount: 22, currency: null }],
    ['€29,90', { amount: 29.9, currency: 'EUR' }],
    ['1.299,00 €', { amount: 1299, currency: 'EUR' }],
    ['1,299.50', { amount: 1299.5, currency: null }],
    ['¥1,200', { amount: 1200, currency: null }],
    ['from $20', null],
    ['Free', null],
    [undefined, null],
  ])('%s', (written, expected) => {
    expect(readPrice(written)).toEqual(expected);
  });
});
