import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { cardKey, type CommerceConfig, type PageSnapshot } from '../../../src/commerce/commerce-state';
import { MAX_ACTION_QUANTITY, MAX_REPLY_ACTIONS, readReplyActions } from '../../../src/commerce/reply-actions';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';
import { eventually } from '../../support/patience';

// The commerce feature through the assistant, as the UI and the element drive it: what each webhook
// request carries, the card's "Add to cart", and reply-proposed cart changes that wait for the visitor.

const WEBHOOK = 'https://hooks.example/chat';
const PAGE: PageSnapshot = {
  url: 'https://shop.example/products/linen-shirt',
  title: 'Linen Shirt',
  jsonLd: [
    JSON.stringify({
      '@type': 'Product',
      name: 'Linen Shirt',
      sku: 'LS',
      offers: { price: '48.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    }),
  ],
  meta: [],
};
const CART = {
  item_count: 1,
  total_price: 4800,
  currency: 'USD',
  items: [{ variant_id: 111, product_title: 'Linen Shirt', quantity: 1, price: 4800 }],
};
const SHIRT = { title: 'Linen Shirt', description: '', variantId: '111' };

type Respond = (request: RecordedRequest) => Response | Promise<Response>;

/** An assistant on a product page; the store's cart and the webhook answer through `respond`. */
function setup(
  commerce: Partial<CommerceConfig>,
  respond: Respond = () => jsonReply({ output: 'ok' }),
  page: PageSnapshot | null = PAGE,
) {
  const { fetch, requests } = fakeFetch(respond);
  const readPage = vi.fn(() => page);
  const harness = fakeDeps({ fetch, readPage });
  const assistant = createAssistant(harness.deps);
  const config = defaultConfig('shop.example');
  assistant.configure({ ...config, webhookUrl: WEBHOOK, commerce: { ...config.commerce, ...commerce } });
  const settled = () => eventually(() => expect(assistant.getState().loading).toBe(false));
  const webhookBodies = () =>
    requests.filter((request) => request.url === WEBHOOK).map((request) => request.body as Record<string, unknown>);
  const cartRequests = () =>
    requests
      .filter((request) => request.url !== WEBHOOK)
      .map((request) => `${request.method} ${new URL(request.url).pathname}`);
  return {
    ...harness,
    assistant,
    actions: assistant.actions,
    state: assistant.getState,
    requests,
    readPage,
    settled,
    webhookBodies,
    cartRequests,
  };
}

/** A store that answers the Shopify cart contract and the webhook with `reply`. */
function shopify(reply: unknown = { output: 'ok' }): Respond {
  return (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/cart.js') return jsonReply(CART);
    if (path === '/cart/add.js') return jsonReply({ items: [] });
    return jsonReply(reply);
  };
}

describe('context sent with each message', () => {
  it('sends context.page, read again for every message (pages change without reloads)', async () => {
    const { actions, settled, webhookBodies, readPage, cartRequests } = setup({});
    actions.sendMessage('Is this in stock?');
    await settled();
    actions.sendMessage('And in blue?');
    await settled();
    expect(readPage).toHaveBeenCalledTimes(2);
    expect(webhookBodies().map((body) => body.context)).toEqual([
      {
        page: {
          url: PAGE.url,
          title: 'Linen Shirt',
          product: { name: 'Linen Shirt', sku: 'LS', price: '48.00', priceCurrency: 'USD', availability: 'InStock' },
        },
      },
      expect.objectContaining({ page: expect.objectContaining({ title: 'Linen Shirt' }) }),
    ]);
    expect(cartRequests()).toEqual([]);
  });

  it('the request is built once the send has returned (the question is drawn first), and without a cart to read leaves at once', async () => {
    const { actions, requests } = setup({}, () => new Promise(() => undefined));
    actions.sendMessage('Hi');
    expect(requests).toHaveLength(0);
    await eventually(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ context: { page: expect.any(Object) } });
  });

  it('page-context="off" sends no page facts', async () => {
    const { actions, settled, webhookBodies, readPage } = setup({ pageContext: false });
    actions.sendMessage('Hi');
    await settled();
    expect(readPage).not.toHaveBeenCalled();
    expect(webhookBodies()[0]).not.toHaveProperty('context');
  });

  it('setContext() adds context.store; invalid input returns false with a console message and changes nothing', async () => {
    const { actions, settled, webhookBodies, warnings } = setup({ pageContext: false });
    expect(actions.setContext({ tier: 'gold', locale: 'de-DE' })).toBe(true);
    expect(actions.setContext('not json')).toBe(false);
    expect(actions.setContext({ notes: 'x'.repeat(5_000) })).toBe(false);
    expect(warnings).toEqual([
      expect.stringMatching(/^setContext: .*unchanged$/),
      expect.stringMatching(/more than 4096/),
    ]);
    actions.sendMessage('Hi');
    await settled();
    expect(actions.setContext({})).toBe(true);
    actions.sendMessage('Again');
    await settled();
    expect(webhookBodies().map((body) => body.context)).toEqual([
      { store: { tier: 'gold', locale: 'de-DE' } },
      undefined,
    ]);
  });

  it('with commerce, context.cart is read from the platform once per message', async () => {
    const { actions, settled, webhookBodies, cartRequests, state } = setup(
      { platform: 'shopify', pageContext: false },
      shopify(),
    );
    actions.sendMessage('What is in my cart?');
    await settled();
    expect(cartRequests()).toEqual(['GET /cart.js']);
    expect(webhookBodies()[0]?.context).toEqual({
      cart: {
        itemCount: 1,
        total: 48,
        currency: 'USD',
        lines: [{ variantId: '111', title: 'Linen Shirt', quantity: 1, price: 48 }],
      },
    });
    expect(state().commerce.cart?.itemCount).toBe(1);
  });

  it('a cart that fails to answer does not hold the message back: it leaves without context.cart', async () => {
    const { actions, settled, webhookBodies, warnings } = setup(
      { platform: 'shopify', pageContext: false },
      (request) =>
        request.url === WEBHOOK ? jsonReply({ output: 'ok' }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    actions.sendMessage('Hi');
    await settled();
    expect(webhookBodies()[0]).not.toHaveProperty('context');
    expect(warnings).toEqual([expect.stringContaining('GET https://shop.example/cart.js failed')]);
  });
});

describe('"Add to cart" on a card', () => {
  const CARD = cardKey('reply-1', 0);

  it('adds one, shows the progress then "added", updates the cart and fires store-assistant:cart', async () => {
    const { actions, state, events, cartRequests, requests } = setup({ platform: 'shopify' }, shopify());
    const adding = actions.addToCart(SHIRT, CARD);
    expect(state().commerce.cardAdds[CARD]).toEqual({ state: 'adding', added: 0 });
    expect(await adding).toBe(true);
    expect(state().commerce.cardAdds[CARD]).toEqual({ state: 'added', added: 1 });
    // The add, the cart after it, then the mark of an assisted cart.
    expect(cartRequests()).toEqual(['POST /cart/add.js', 'GET /cart.js', 'POST /cart/update.js']);
    expect(requests[0]?.body).toEqual({ items: [{ id: 111, quantity: 1 }] });
    expect(state().commerce.cart).toMatchObject({ itemCount: 1, total: 48 });
    expect(events.filter((event) => event.name === 'cart')).toEqual([
      {
        name: 'cart',
        detail: { action: 'add', product: SHIRT, variantId: '111', quantity: 1, cart: state().commerce.cart, index: 0 },
      },
    ]);
  });

  it('an add without a card carries no index; opening a card announces product-open with its place', async () => {
    const { actions, events } = setup({ platform: 'shopify' }, shopify());
    expect(await actions.addToCart(SHIRT)).toBe(true);
    const [added] = events.filter((event) => event.name === 'cart');
    expect(added?.detail).toMatchObject({ action: 'add', variantId: '111', quantity: 1 });
    expect(added?.detail).not.toHaveProperty('index');
    actions.openProduct(SHIRT, 2);
    expect(events.filter((event) => event.name === 'product-open')).toEqual([
      { name: 'product-open', detail: { product: SHIRT, index: 2 } },
    ]);
  });

  it("shows the platform's refusal on the card", async () => {
    const { actions, state, events } = setup({ platform: 'shopify' }, () =>
      jsonReply(
        { status: 422, message: 'Cart Error', description: 'The product is already sold out.' },
        { status: 422 },
      ),
    );
    expect(await actions.addToCart(SHIRT, CARD)).toBe(false);
    expect(state().commerce.cardAdds[CARD]).toEqual({
      state: 'failed',
      added: 0,
      error: 'The product is already sold out.',
    });
    expect(events.some((event) => event.name === 'cart')).toBe(false);
  });

  it('a network failure gets our own words and a console message for the store owner', async () => {
    const { actions, state, warnings } = setup({ platform: 'shopify' }, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    await actions.addToCart(SHIRT, CARD);
    expect(state().commerce.cardAdds[CARD]).toEqual({ state: 'failed', added: 0, error: state().strings.cartFailed });
    expect(warnings).toEqual([expect.stringContaining('POST https://shop.example/cart/add.js failed')]);
  });

  it.each<[string, Partial<CommerceConfig>, object]>([
    ['without commerce', {}, SHIRT],
    ['for a sold-out product', { platform: 'shopify' }, { ...SHIRT, available: false }],
    ['for a product without a cart id', { platform: 'shopify' }, { title: 'Gift card', description: '' }],
  ])('does nothing %s', async (_, commerce, product) => {
    const { actions, requests } = setup(commerce, shopify());
    expect(await actions.addToCart(product as typeof SHIRT)).toBe(false);
    expect(requests).toEqual([]);
  });

  it("uses Shopify's routes root and the cart-base-url for requests and the strip's links", async () => {
    const { fetch, requests } = fakeFetch(shopify());
    const harness = fakeDeps({ fetch, shopifyRoot: () => '/fr/' });
    const assistant = createAssistant(harness.deps);
    const config = defaultConfig('shop.example');
    assistant.configure({ ...config, commerce: { ...config.commerce, platform: 'shopify' } });
    expect(assistant.getState().commerce.links).toEqual({
      cart: 'https://shop.example/fr/cart',
      checkout: 'https://shop.example/fr/checkout',
    });
    await assistant.actions.addToCart(SHIRT);
    expect(requests.map((request) => request.url)).toEqual([
      'https://shop.example/fr/cart/add.js',
      'https://shop.example/fr/cart.js',
      'https://shop.example/fr/cart/update.js',
    ]);
    assistant.configure({
      ...config,
      commerce: {
        ...config.commerce,
        platform: 'woocommerce',
        cartBaseUrl: 'https://store.example/wp/',
        checkoutUrl: 'https://pay.example/',
      },
    });
    expect(assistant.getState().commerce.links).toEqual({
      cart: 'https://store.example/wp/cart',
      checkout: 'https://pay.example/',
    });
  });
});

describe('each card keeps its own add', () => {
  const FIRST = cardKey('reply-1', 0);
  const LATER = cardKey('reply-2', 0);

  it('a card counts what it added; "Add another" adds one more, each a cart event of one', async () => {
    const { actions, state, events, cartRequests } = setup({ platform: 'shopify' }, shopify());
    const adding = actions.addToCart(SHIRT, FIRST);
    expect(state().commerce.cardAdds[FIRST]).toEqual({ state: 'adding', added: 0 });
    expect(await adding).toBe(true);
    expect(state().commerce.cardAdds[FIRST]).toEqual({ state: 'added', added: 1 });
    expect(await actions.addToCart(SHIRT, FIRST)).toBe(true);
    expect(state().commerce.cardAdds[FIRST]).toEqual({ state: 'added', added: 2 });
    expect(cartRequests().filter((request) => request === 'POST /cart/add.js')).toHaveLength(2);
    const cartEvents = events.filter((event) => event.name === 'cart');
    expect(cartEvents.map((event) => (event.detail as { quantity: number }).quantity)).toEqual([1, 1]);
  });

  it('a second click while the card is adding adds nothing', async () => {
    const { actions, state, cartRequests } = setup({ platform: 'shopify' }, shopify());
    const first = actions.addToCart(SHIRT, FIRST);
    expect(await actions.addToCart(SHIRT, FIRST)).toBe(false);
    expect(await first).toBe(true);
    expect(state().commerce.cardAdds[FIRST]).toEqual({ state: 'added', added: 1 });
    expect(cartRequests().filter((request) => request === 'POST /cart/add.js')).toHaveLength(1);
  });

  it('a later card of the same product starts again at nothing added', async () => {
    const { actions, state } = setup({ platform: 'shopify' }, shopify());
    await actions.addToCart(SHIRT, FIRST);
    expect(state().commerce.cardAdds[LATER]).toBeUndefined();
    await actions.addToCart(SHIRT, LATER);
    expect(state().commerce.cardAdds).toEqual({
      [FIRST]: { state: 'added', added: 1 },
      [LATER]: { state: 'added', added: 1 },
    });
  });

  it('a failed "Add another" keeps what the card had added and says why', async () => {
    let refuse = false;
    const { actions, state } = setup({ platform: 'shopify' }, (request) =>
      refuse && new URL(request.url).pathname === '/cart/add.js'
        ? jsonReply({ status: 422, description: 'Only 1 left.' }, { status: 422 })
        : shopify()(request),
    );
    await actions.addToCart(SHIRT, FIRST);
    refuse = true;
    expect(await actions.addToCart(SHIRT, FIRST)).toBe(false);
    expect(state().commerce.cardAdds[FIRST]).toEqual({ state: 'failed', added: 1, error: 'Only 1 left.' });
  });
});

describe('cart changes a reply proposes (a security boundary)', () => {
  const many = Array.from({ length: 15 }, (_, index) => ({
    type: 'add-to-cart',
    variantId: String(200 + index),
    quantity: 1,
  }));

  it.each<[string, unknown[], string[]]>([
    [`keeps at most ${MAX_REPLY_ACTIONS}`, many, many.slice(0, MAX_REPLY_ACTIONS).map((action) => action.variantId)],
    [
      `drops quantities above ${MAX_ACTION_QUANTITY}, below 1 or not whole, other types and ids the platform cannot take`,
      [
        { type: 'add-to-cart', variantId: '1', quantity: MAX_ACTION_QUANTITY + 1 },
        { type: 'add-to-cart', variantId: '2', quantity: 0 },
        { type: 'add-to-cart', variantId: '3', quantity: 1.5 },
        { type: 'add-to-cart', variantId: '4', quantity: '2' },
        { type: 'checkout', variantId: '5' },
        { type: 'empty-cart' },
        { type: 'add-to-cart', variantId: 'javascript:alert(1)' },
        { type: 'add-to-cart', variantId: '6', quantity: MAX_ACTION_QUANTITY },
        { type: 'add-to-cart', variant_id: 7 },
        'add-to-cart',
        null,
      ],
      ['6', '7'],
    ],
    [
      'counts only valid actions towards the limit',
      [{ type: 'add-to-cart', variantId: 'x' }, ...many.slice(0, 11)],
      many.slice(0, 10).map((action) => action.variantId),
    ],
  ])('%s', (_, raw, ids) => {
    expect(
      readReplyActions(raw, [], (product) =>
        /^\d+$/.test(product.variantId ?? '') ? (product.variantId as string) : null,
      ).map((proposal) => proposal.variantId),
    ).toEqual(ids);
  });

  it('shows each as a confirmation and changes nothing until the visitor confirms', async () => {
    const reply = {
      output: {
        reply: 'Shall I add these?',
        products: [{ title: 'Linen Shirt', url: 'https://shop.example/p', variantId: '111' }],
        actions: [
          { type: 'add-to-cart', variantId: '111', quantity: 2 },
          { type: 'add-to-cart', variantId: '222', title: 'Tote' },
        ],
      },
    };
    const { actions, state, settled, cartRequests, requests } = setup(
      { platform: 'shopify', pageContext: false },
      shopify(reply),
    );
    actions.sendMessage('Add the shirt');
    await settled();
    const bot = state().messages[1];
    const proposals = state().commerce.proposals[bot?.id ?? ''];
    expect(
      proposals?.map(({ variantId, quantity, title, state: status }) => [variantId, quantity, title, status]),
    ).toEqual([
      ['111', 2, 'Linen Shirt', 'pending'],
      ['222', 1, 'Tote', 'pending'],
    ]);
    // Reading the cart for context.cart is all that happened: nothing was added.
    expect(cartRequests()).toEqual(['GET /cart.js']);

    actions.declineCartProposal(bot?.id ?? '', 1);
    expect(await actions.confirmCartProposal(bot?.id ?? '', 0)).toBe(true);
    expect(await actions.confirmCartProposal(bot?.id ?? '', 1)).toBe(false);
    expect(cartRequests()).toEqual(['GET /cart.js', 'POST /cart/add.js', 'GET /cart.js', 'POST /cart/update.js']);
    expect(requests.find((request) => request.url.endsWith('/cart/add.js'))?.body).toEqual({
      items: [{ id: 111, quantity: 2 }],
    });
    expect(state().commerce.proposals[bot?.id ?? '']?.map((proposal) => proposal.state)).toEqual(['added', 'declined']);
    // Confirming again does not add again.
    expect(await actions.confirmCartProposal(bot?.id ?? '', 0)).toBe(false);
  });

  it('without commerce, proposals are dropped with a console message', async () => {
    const { actions, state, settled, warnings, cartRequests } = setup({ pageContext: false }, () =>
      jsonReply({ output: 'Added!', actions: [{ type: 'add-to-cart', variantId: '1' }] }),
    );
    actions.sendMessage('Add it');
    await settled();
    expect(state().commerce.proposals).toEqual({});
    expect(cartRequests()).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('commerce attribute is not set')]);
  });
});
