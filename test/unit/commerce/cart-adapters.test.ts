import { describe, expect, it } from 'vitest';
import {
  CART_TIMEOUT_MS,
  CartError,
  cartIdFor,
  cartSender,
  platformText,
  type CartAdapter,
} from '../../../src/commerce/cart-adapter';
import type { CartRequestDetail, CartSummary } from '../../../src/commerce/commerce-state';
import { customCartAdapter } from '../../../src/commerce/custom-cart';
import { shopifyCartAdapter } from '../../../src/commerce/shopify-cart';
import { wooCommerceCartAdapter } from '../../../src/commerce/woocommerce-cart';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';

// The cart adapters against responses recorded in the shapes the platforms document:
// - Shopify Ajax Cart API, https://shopify.dev/docs/api/ajax/reference/cart: POST /cart/add.js
//   { items: [{ id, quantity }] } (422 { status, message, description } when sold out, 404 for an
//   unknown variant), GET /cart.js (item_count, total_price in cents, currency, items), POST
//   /cart/change.js { id, quantity }.
// - WooCommerce Store API, https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart:
//   GET /wp-json/wc/store/v1/cart, POST cart/add-item { id, quantity }, cart/update-item { key,
//   quantity }, cart/remove-item { key }; writes carry the `Nonce` header from the last response
//   (https://developer.woocommerce.com/docs/apis/store-api/nonce-tokens); errors are { code, message, data }.

const BASE = 'https://shop.example/';

/** Shopify's /cart.js with one line, as the Ajax API answers it. */
const SHOPIFY_CART = {
  token: 'c1-7a2abe82733a34e84aa472d57fb5c3c1',
  note: null,
  attributes: {},
  original_total_price: 9600,
  total_price: 9600,
  total_discount: 0,
  total_weight: 0,
  item_count: 2,
  items: [
    {
      id: 39897499729985,
      properties: {},
      quantity: 2,
      variant_id: 39897499729985,
      key: '39897499729985:a7ef28b5bb4e4e8a1f0a2e3c2f1e0b9c',
      title: 'Linen Shirt - M',
      price: 4800,
      original_price: 4800,
      final_price: 4800,
      line_price: 9600,
      final_line_price: 9600,
      sku: 'LS-M',
      vendor: 'Acme',
      product_id: 6786188247105,
      product_title: 'Linen Shirt',
      url: '/products/linen-shirt?variant=39897499729985',
      handle: 'linen-shirt',
    },
  ],
  requires_shipping: true,
  currency: 'USD',
  items_subtotal_price: 9600,
  cart_level_discount_applications: [],
};
const SHOPIFY_SUMMARY: CartSummary = {
  itemCount: 2,
  total: 96,
  currency: 'USD',
  lines: [{ variantId: '39897499729985', title: 'Linen Shirt', quantity: 2, price: 48 }],
};
const SHOPIFY_ADDED = { items: [{ ...SHOPIFY_CART.items[0], quantity: 1 }] };
const SHOPIFY_SOLD_OUT = {
  status: 422,
  message: 'Cart Error',
  description: "The product 'Linen Shirt - M' is already sold out.",
};
const SHOPIFY_UNKNOWN = { status: 404, message: 'Cart Error', description: 'Cannot find variant' };

/** The Store API's cart with one line. */
const WOO_CART = {
  items: [
    {
      key: 'c74d97b01eae257e44aa9d5bade97baf',
      id: 16,
      quantity: 1,
      name: 'Beanie',
      prices: {
        price: '1800',
        regular_price: '2000',
        sale_price: '1800',
        currency_code: 'USD',
        currency_symbol: '$',
        currency_minor_unit: 2,
      },
    },
  ],
  coupons: [],
  items_count: 1,
  items_weight: 0,
  needs_payment: true,
  needs_shipping: true,
  totals: {
    total_items: '1800',
    total_shipping: '0',
    total_price: '1800',
    total_tax: '0',
    currency_code: 'USD',
    currency_symbol: '$',
    currency_minor_unit: 2,
  },
  errors: [],
};
const WOO_SUMMARY: CartSummary = {
  itemCount: 1,
  total: 18,
  currency: 'USD',
  lines: [{ variantId: '16', title: 'Beanie', quantity: 1, price: 18 }],
};
const WOO_OUT_OF_STOCK = {
  code: 'woocommerce_rest_product_out_of_stock',
  message: 'You cannot add &quot;Beanie&quot; to the cart because the product is out of stock.',
  data: { status: 400 },
};
const WOO_INVALID_PRODUCT = {
  code: 'woocommerce_rest_cart_invalid_product',
  message: 'This product cannot be added to the cart.',
  data: { status: 400 },
};
const WOO_INVALID_NONCE = {
  code: 'woocommerce_rest_invalid_nonce',
  message: 'Nonce is invalid.',
  data: { status: 403 },
};
const WOO_NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

type Answer = Response | 'network-error';
const nonce = (value: string) => ({ headers: { 'Content-Type': 'application/json', Nonce: value } });

/** A fake store answering `METHOD path` from queues of recorded answers (the last one repeats). */
function store(answers: Record<string, Answer[]>) {
  const { fetch, requests } = fakeFetch((request: RecordedRequest) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const queue = answers[key];
    if (!queue || queue.length === 0) return new Response('not found', { status: 404 });
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) as Answer;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer.clone();
  });
  const timers = {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as number),
  };
  return {
    send: cartSender({ fetch, timers }, BASE),
    requests,
    log: () =>
      requests.map(
        (r) =>
          `${r.method} ${new URL(r.url).pathname}${r.headers.get('Nonce') ? ` Nonce:${r.headers.get('Nonce')}` : ''}`,
      ),
  };
}

interface Case {
  name: string;
  adapter: (send: ReturnType<typeof store>['send']) => CartAdapter;
  answers: Record<string, Answer[]>;
  run: (adapter: CartAdapter) => Promise<CartSummary | null>;
  requests: string[];
  result: CartSummary | { reason: CartError['reason']; message: string };
  body?: unknown;
}

const shopify = shopifyCartAdapter;
const woo = wooCommerceCartAdapter;

const CASES: Case[] = [
  {
    name: 'Shopify: add, then the cart for the count and total',
    adapter: shopify,
    answers: { 'POST /cart/add.js': [jsonReply(SHOPIFY_ADDED)], 'GET /cart.js': [jsonReply(SHOPIFY_CART)] },
    run: (cart) => cart.add('39897499729985', 1, null),
    requests: ['POST /cart/add.js', 'GET /cart.js'],
    body: { items: [{ id: 39897499729985, quantity: 1 }] },
    result: SHOPIFY_SUMMARY,
  },
  {
    name: 'Shopify: 422 sold out shows its description',
    adapter: shopify,
    answers: { 'POST /cart/add.js': [jsonReply(SHOPIFY_SOLD_OUT, { status: 422 })] },
    run: (cart) => cart.add('39897499729985', 1, null),
    requests: ['POST /cart/add.js'],
    result: { reason: 'platform', message: "The product 'Linen Shirt - M' is already sold out." },
  },
  {
    name: 'Shopify: 404 unknown variant',
    adapter: shopify,
    answers: { 'POST /cart/add.js': [jsonReply(SHOPIFY_UNKNOWN, { status: 404 })] },
    run: (cart) => cart.add('1', 1, null),
    requests: ['POST /cart/add.js'],
    result: { reason: 'platform', message: 'Cannot find variant' },
  },
  {
    name: 'Shopify: a network failure',
    adapter: shopify,
    answers: { 'POST /cart/add.js': ['network-error'] },
    run: (cart) => cart.add('39897499729985', 1, null),
    requests: ['POST /cart/add.js'],
    result: { reason: 'network', message: '' },
  },
  {
    name: 'Shopify: a 500 with an HTML page is not shown to the visitor',
    adapter: shopify,
    answers: { 'POST /cart/add.js': [new Response('<h1>Internal error</h1>', { status: 500 })] },
    run: (cart) => cart.add('39897499729985', 1, null),
    requests: ['POST /cart/add.js'],
    result: { reason: 'network', message: '' },
  },
  {
    name: 'Shopify: change.js sets a line quantity (Undo)',
    adapter: shopify,
    answers: { 'POST /cart/change.js': [jsonReply({ ...SHOPIFY_CART, item_count: 0, total_price: 0, items: [] })] },
    run: (cart) => cart.setQuantity('39897499729985', 0),
    requests: ['POST /cart/change.js'],
    body: { id: '39897499729985', quantity: 0 },
    result: { itemCount: 0, total: 0, currency: 'USD', lines: [] },
  },
  {
    name: 'WooCommerce: the first add fetches the cart for its Nonce, then adds with it',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [jsonReply({ ...WOO_CART, items: [], items_count: 0 }, nonce('n-1'))],
      'POST /wp-json/wc/store/v1/cart/add-item': [jsonReply(WOO_CART, { status: 201, ...nonce('n-2') })],
    },
    run: (cart) => cart.add('16', 1, null),
    requests: ['GET /wp-json/wc/store/v1/cart', 'POST /wp-json/wc/store/v1/cart/add-item Nonce:n-1'],
    body: { id: 16, quantity: 1 },
    result: WOO_SUMMARY,
  },
  {
    name: 'WooCommerce: out of stock shows its message, entities decoded',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_CART, nonce('n-1'))],
      'POST /wp-json/wc/store/v1/cart/add-item': [jsonReply(WOO_OUT_OF_STOCK, { status: 400 })],
    },
    run: (cart) => cart.add('16', 1, null),
    requests: ['GET /wp-json/wc/store/v1/cart', 'POST /wp-json/wc/store/v1/cart/add-item Nonce:n-1'],
    result: { reason: 'platform', message: 'You cannot add "Beanie" to the cart because the product is out of stock.' },
  },
  {
    name: 'WooCommerce: an unknown product',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_CART, nonce('n-1'))],
      'POST /wp-json/wc/store/v1/cart/add-item': [jsonReply(WOO_INVALID_PRODUCT, { status: 400 })],
    },
    run: (cart) => cart.add('999', 1, null),
    requests: ['GET /wp-json/wc/store/v1/cart', 'POST /wp-json/wc/store/v1/cart/add-item Nonce:n-1'],
    result: { reason: 'platform', message: 'This product cannot be added to the cart.' },
  },
  {
    name: 'WooCommerce: an expired nonce (403) is refreshed once and the add retried',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_CART, nonce('old')), jsonReply(WOO_CART, nonce('fresh'))],
      'POST /wp-json/wc/store/v1/cart/add-item': [
        jsonReply(WOO_INVALID_NONCE, { status: 403 }),
        jsonReply(WOO_CART, { status: 201, ...nonce('next') }),
      ],
    },
    run: (cart) => cart.add('16', 1, null),
    requests: [
      'GET /wp-json/wc/store/v1/cart',
      'POST /wp-json/wc/store/v1/cart/add-item Nonce:old',
      'GET /wp-json/wc/store/v1/cart',
      'POST /wp-json/wc/store/v1/cart/add-item Nonce:fresh',
    ],
    result: WOO_SUMMARY,
  },
  {
    name: 'WooCommerce: a nonce refused twice is not retried again, nor shown to the visitor',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_CART, nonce('n'))],
      'POST /wp-json/wc/store/v1/cart/add-item': [jsonReply(WOO_INVALID_NONCE, { status: 403 })],
    },
    run: (cart) => cart.add('16', 1, null),
    requests: [
      'GET /wp-json/wc/store/v1/cart',
      'POST /wp-json/wc/store/v1/cart/add-item Nonce:n',
      'GET /wp-json/wc/store/v1/cart',
      'POST /wp-json/wc/store/v1/cart/add-item Nonce:n',
    ],
    result: { reason: 'network', message: '' },
  },
  {
    name: 'WooCommerce: no Store API on the site (404 rest_no_route)',
    adapter: woo,
    answers: { 'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_NO_ROUTE, { status: 404 })] },
    run: (cart) => cart.read(),
    requests: ['GET /wp-json/wc/store/v1/cart'],
    result: { reason: 'network', message: '' },
  },
  {
    name: 'WooCommerce: a network failure',
    adapter: woo,
    answers: { 'GET /wp-json/wc/store/v1/cart': ['network-error'] },
    run: (cart) => cart.add('16', 1, null),
    requests: ['GET /wp-json/wc/store/v1/cart'],
    result: { reason: 'network', message: '' },
  },
  {
    name: 'WooCommerce: Undo updates the line found by product id, by its key',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [
        jsonReply({ ...WOO_CART, items: [{ ...WOO_CART.items[0], quantity: 3 }] }, nonce('n')),
      ],
      'POST /wp-json/wc/store/v1/cart/update-item': [jsonReply(WOO_CART)],
    },
    run: (cart) => cart.setQuantity('16', 1),
    requests: ['GET /wp-json/wc/store/v1/cart', 'POST /wp-json/wc/store/v1/cart/update-item Nonce:n'],
    body: { key: 'c74d97b01eae257e44aa9d5bade97baf', quantity: 1 },
    result: WOO_SUMMARY,
  },
  {
    name: 'WooCommerce: quantity 0 removes the line',
    adapter: woo,
    answers: {
      'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_CART, nonce('n'))],
      'POST /wp-json/wc/store/v1/cart/remove-item': [
        jsonReply({ ...WOO_CART, items: [], items_count: 0, totals: { ...WOO_CART.totals, total_price: '0' } }),
      ],
    },
    run: (cart) => cart.setQuantity('16', 0),
    requests: ['GET /wp-json/wc/store/v1/cart', 'POST /wp-json/wc/store/v1/cart/remove-item Nonce:n'],
    body: { key: 'c74d97b01eae257e44aa9d5bade97baf' },
    result: { itemCount: 0, total: 0, currency: 'USD', lines: [] },
  },
];

describe('cart adapters against recorded platform responses', () => {
  it.each(CASES)('$name', async ({ adapter, answers, run, requests, result, body }) => {
    const fake = store(answers);
    const outcome = await run(adapter(fake.send)).catch((error: unknown) => error);
    expect(fake.log()).toEqual(requests);
    if ('reason' in result) {
      expect(outcome).toBeInstanceOf(CartError);
      expect({ reason: (outcome as CartError).reason, message: (outcome as CartError).message }).toEqual(result);
    } else {
      expect(outcome).toEqual(result);
    }
    const write = fake.requests.find((request) => request.method === 'POST');
    if (body !== undefined) expect(write?.body).toEqual(body);
    for (const request of fake.requests) {
      expect(request.url.startsWith(BASE)).toBe(true);
      if (request.method === 'POST') expect(request.headers.get('Content-Type')).toBe('application/json');
    }
  });

  it("sends the visitor's cookies (the store's cart session) with every request", async () => {
    const seen: RequestInit[] = [];
    const send = cartSender(
      {
        fetch: async (_url, init) => (seen.push(init ?? {}), jsonReply(SHOPIFY_CART)),
        timers: { setTimeout, clearTimeout } as never,
      },
      BASE,
    );
    await shopifyCartAdapter(send).add('1', 1, null);
    expect(seen.map((init) => init.credentials)).toEqual(['include', 'include']);
  });

  it("keeps the WooCommerce nonce for the page's life: a second add does not fetch the cart again", async () => {
    const fake = store({
      'GET /wp-json/wc/store/v1/cart': [jsonReply(WOO_CART, nonce('n-1'))],
      'POST /wp-json/wc/store/v1/cart/add-item': [jsonReply(WOO_CART, { status: 201, ...nonce('n-2') })],
    });
    const cart = wooCommerceCartAdapter(fake.send);
    await cart.add('16', 1, null);
    await cart.add('16', 1, null);
    expect(fake.log()).toEqual([
      'GET /wp-json/wc/store/v1/cart',
      'POST /wp-json/wc/store/v1/cart/add-item Nonce:n-1',
      'POST /wp-json/wc/store/v1/cart/add-item Nonce:n-2',
    ]);
  });

  it(`gives up on a cart that does not answer in ${CART_TIMEOUT_MS / 1000} s`, async () => {
    let aborted = false;
    const timers = {
      setTimeout: (callback: () => void) => (queueMicrotask(callback), 1),
      clearTimeout: () => undefined,
    };
    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener(
          'abort',
          () => ((aborted = true), reject(new DOMException('aborted', 'AbortError'))),
        ),
      );
    const error = await cartSender({ fetch: hanging as typeof fetch, timers }, BASE)('GET', 'cart.js').catch(
      (caught: unknown) => caught,
    );
    expect(aborted).toBe(true);
    expect(error).toMatchObject({ reason: 'network', detail: expect.stringContaining('no answer in time') });
  });
});

describe('the custom cart (store-assistant:add-to-cart)', () => {
  const timers = {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as number),
  };
  const product = { title: 'Mug', description: '', variantId: 'mug-1' };

  it.each<[string, (detail: CartRequestDetail) => boolean, CartSummary | null | { reason: string; message: string }]>([
    [
      'the page takes it and reports the cart',
      (detail) => (
        detail.resolve({
          itemCount: 2,
          total: 36,
          currency: 'EUR',
          lines: [{ title: 'Mug', quantity: 2, variantId: 'mug-1' }],
        }),
        true
      ),
      {
        itemCount: 2,
        total: 36,
        currency: 'EUR',
        lines: [{ variantId: 'mug-1', title: 'Mug', quantity: 2, price: undefined }],
      },
    ],
    ['the page takes it without a summary', (detail) => (detail.resolve(), true), null],
    [
      'the page refuses with a message',
      (detail) => (detail.reject('Only 1 left'), true),
      { reason: 'platform', message: 'Only 1 left' },
    ],
    ['nothing on the page takes it', () => false, { reason: 'unavailable', message: '' }],
  ])('%s', async (_, page, expected) => {
    const details: CartRequestDetail[] = [];
    const cart = customCartAdapter({
      timers,
      requestFromPage: (name, detail) => (
        details.push(detail as CartRequestDetail),
        expect(name).toBe('add-to-cart'),
        page(detail as CartRequestDetail)
      ),
    });
    const outcome = await cart
      .add('mug-1', 2, product)
      .catch((error: CartError) => ({ reason: error.reason, message: error.message }));
    expect(outcome).toEqual(expected);
    expect(details[0]).toMatchObject({ product, variantId: 'mug-1', quantity: 2 });
  });

  it('answers only once, and the cart it reported last is what read() gives', async () => {
    const cart = customCartAdapter({
      timers,
      requestFromPage: (_name, detail) => (
        detail.resolve({ itemCount: 1 }),
        detail.reject('late'),
        detail.resolve({ itemCount: 9 }),
        true
      ),
    });
    expect(await cart.add('a', 1, null)).toEqual({ itemCount: 1, lines: [] });
    expect(await cart.read()).toEqual({ itemCount: 1, lines: [] });
  });
});

describe('cart ids and platform texts', () => {
  it.each<[Parameters<typeof cartIdFor>[0], { variantId?: string; id?: string }, string | null]>([
    ['shopify', { variantId: '39897499729985' }, '39897499729985'],
    ['shopify', { variantId: 'gid://shopify/ProductVariant/42' }, '42'],
    ['shopify', { id: '42' }, null],
    ['shopify', { variantId: 'linen-shirt' }, null],
    ['woocommerce', { id: '16' }, '16'],
    ['woocommerce', { variantId: '17', id: '16' }, '17'],
    ['woocommerce', { id: 'beanie' }, null],
    ['custom', { id: 'beanie-blue' }, 'beanie-blue'],
    ['custom', { id: '<img src=x>' }, null],
    ['custom', {}, null],
  ])('%s takes %j as %j', (platform, product, id) => {
    expect(cartIdFor(platform, product)).toBe(id);
  });

  it.each([
    ['You cannot add &quot;Beanie&quot; &amp; co', 'You cannot add "Beanie" & co'],
    ['<b>Sold</b> out &#8211; sorry &#x263A;', 'Sold out – sorry ☺'],
    ['&unknown; stays', '&unknown; stays'],
    [42, ''],
  ])('platformText(%j)', (input, output) => {
    expect(platformText(input)).toBe(output);
  });
});
