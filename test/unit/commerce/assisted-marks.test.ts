import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import type { CartMarkDetail, CommercePlatform } from '../../../src/commerce/commerce-state';
import type { AssistantDeps } from '../../../src/app/deps';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';
import { eventually } from '../../support/patience';

// An add from the widget marks the cart as assisted, so the order shows the conversation that helped:
// Shopify's cart attributes (POST /cart/update.js { attributes }, https://shopify.dev/docs/api/ajax/reference/cart),
// WooCommerce's Store API cart/extensions ({ namespace, data }, read by the store's snippet,
// https://developer.woocommerce.com/docs/apis/store-api/extending-store-api/extend-store-api-update-cart),
// and the custom cart's `store-assistant:mark-cart` event. Once per conversation, never holding the add
// back, and a failure only a console line.

const SHIRT = { title: 'Linen Shirt', description: '', variantId: '111' };
const MUG = { title: 'Mug', description: '', variantId: '222' };

type Respond = (request: RecordedRequest) => Response | Promise<Response>;

/** A Shopify cart that answers the Ajax Cart API; `mark` answers /cart/update.js. */
function shopifyStore(mark: Respond = () => jsonReply({ item_count: 1, items: [] })): Respond {
  return (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/cart/update.js') return mark(request);
    if (path === '/cart/add.js') return jsonReply({ items: [] });
    return jsonReply({ item_count: 1, total_price: 4800, currency: 'USD', items: [] });
  };
}

function setup(platform: CommercePlatform, respond: Respond, overrides: Partial<AssistantDeps> = {}) {
  const { fetch, requests } = fakeFetch(respond);
  const harness = fakeDeps({ fetch, ...overrides });
  const assistant = createAssistant(harness.deps);
  const config = defaultConfig('shop.example');
  assistant.configure({ ...config, commerce: { ...config.commerce, platform } });
  const marks = () => requests.filter((request) => /update\.js|extensions$/.test(request.url));
  return { ...harness, assistant, actions: assistant.actions, state: assistant.getState, requests, marks };
}

describe('Shopify: cart attributes', () => {
  it('marks the cart once per conversation with its id and the assistant name, and again for a new one', async () => {
    const { actions, state, marks } = setup('shopify', shopifyStore());
    const first = state().sessionId;
    expect(await actions.addToCart(SHIRT, 'reply-1#0')).toBe(true);
    expect(await actions.addToCart(MUG, 'reply-1#1')).toBe(true);
    expect(marks().map((request) => [request.method, new URL(request.url).pathname, request.body])).toEqual([
      [
        'POST',
        '/cart/update.js',
        { attributes: { store_assistant_conversation: first, store_assistant: state().theme.brandName } },
      ],
    ]);
    expect(state().theme.brandName).not.toBe('');

    actions.newChat();
    expect(state().sessionId).not.toBe(first);
    expect(await actions.addToCart(SHIRT)).toBe(true);
    expect(marks().map((request) => request.body)).toEqual([
      { attributes: { store_assistant_conversation: first, store_assistant: state().theme.brandName } },
      { attributes: { store_assistant_conversation: state().sessionId, store_assistant: state().theme.brandName } },
    ]);
  });

  it('does not hold the add back: the card says "added" while the mark is still on its way', async () => {
    const { actions, state, marks } = setup(
      'shopify',
      shopifyStore(() => new Promise<Response>(() => undefined)),
    );
    expect(await actions.addToCart(SHIRT, 'reply-1#0')).toBe(true);
    expect(state().commerce.cardAdds['reply-1#0']).toEqual({ state: 'added', added: 1 });
    expect(marks()).toHaveLength(1);
    // A second add while the first mark is still on its way sends no second mark.
    expect(await actions.addToCart(MUG, 'reply-1#1')).toBe(true);
    expect(marks()).toHaveLength(1);
  });

  it('a refused mark is one console line, the add counts, and the next add tries again', async () => {
    const { actions, state, marks, warnings } = setup(
      'shopify',
      shopifyStore(() => jsonReply({ status: 500, message: 'Server Error' }, { status: 500 })),
    );
    expect(await actions.addToCart(SHIRT, 'reply-1#0')).toBe(true);
    await eventually(() => expect(warnings).toHaveLength(1));
    expect(warnings[0]).toMatch(/^commerce: the cart could not be marked as assisted \(cart\/update\.js answered 500/);
    expect(state().commerce.cardAdds['reply-1#0']).toEqual({ state: 'added', added: 1 });
    expect(state().notice).toBeNull();
    expect(await actions.addToCart(MUG, 'reply-1#1')).toBe(true);
    expect(marks()).toHaveLength(2);
  });

  it('a failed add marks nothing', async () => {
    const { actions, marks } = setup('shopify', (request) =>
      new URL(request.url).pathname === '/cart/add.js'
        ? jsonReply({ status: 422, description: 'Sold out' }, { status: 422 })
        : jsonReply({ item_count: 0, items: [] }),
    );
    expect(await actions.addToCart(SHIRT, 'reply-1#0')).toBe(false);
    expect(marks()).toEqual([]);
  });
});

describe('WooCommerce: the Store API cart/extensions endpoint', () => {
  it('posts { namespace: "store-assistant", data } with the nonce, once per conversation', async () => {
    const { actions, state, marks } = setup('woocommerce', () =>
      jsonReply({ items: [], items_count: 1, totals: {} }, { headers: { Nonce: 'n-1' } }),
    );
    expect(await actions.addToCart(SHIRT)).toBe(true);
    expect(await actions.addToCart(MUG)).toBe(true);
    await eventually(() => expect(marks()).toHaveLength(1));
    const [mark] = marks();
    expect(mark?.method).toBe('POST');
    expect(mark?.url).toBe('https://shop.example/wp-json/wc/store/v1/cart/extensions');
    expect(mark?.headers.get('Nonce')).toBe('n-1');
    expect(mark?.body).toEqual({
      namespace: 'store-assistant',
      data: { conversation: state().sessionId, assistant: state().theme.brandName },
    });
  });

  it('without the store-side snippet (400: no such namespace) the add still counts, with one console line', async () => {
    const { actions, warnings } = setup('woocommerce', (request) =>
      request.url.endsWith('/extensions')
        ? jsonReply(
            { code: 'woocommerce_rest_cart_extensions_error', message: 'There is no such namespace registered' },
            { status: 400 },
          )
        : jsonReply({ items: [], items_count: 1, totals: {} }, { headers: { Nonce: 'n-1' } }),
    );
    expect(await actions.addToCart(SHIRT)).toBe(true);
    await eventually(() => expect(warnings).toHaveLength(1));
    expect(warnings[0]).toContain('could not be marked as assisted');
  });
});

describe('commerce="custom": store-assistant:mark-cart', () => {
  it('hands the page the mark after an add it took, once per conversation', async () => {
    const marked: CartMarkDetail[] = [];
    const { actions, state, warnings } = setup('custom', () => jsonReply({}), {
      requestFromPage: (name, detail) => {
        if (name === 'mark-cart') {
          const mark = detail as CartMarkDetail;
          marked.push(mark);
          mark.resolve();
          return true;
        }
        (detail as { resolve(cart?: unknown): void }).resolve({ itemCount: 1 });
        return true;
      },
    });
    expect(await actions.addToCart({ ...SHIRT, variantId: 'shirt-1' })).toBe(true);
    expect(await actions.addToCart({ ...MUG, variantId: 'mug-1' })).toBe(true);
    expect(marked.map(({ conversation, assistant }) => ({ conversation, assistant }))).toEqual([
      { conversation: state().sessionId, assistant: state().theme.brandName },
    ]);
    expect(warnings).toEqual([]);
  });

  it('a page that keeps no mark leaves the event alone: no console line', async () => {
    const asked: string[] = [];
    const { actions, warnings } = setup('custom', () => jsonReply({}), {
      requestFromPage: (name, detail) => {
        asked.push(name);
        if (name === 'mark-cart') return false;
        (detail as { resolve(cart?: unknown): void }).resolve();
        return true;
      },
    });
    expect(await actions.addToCart({ ...SHIRT, variantId: 'shirt-1' })).toBe(true);
    await eventually(() => expect(asked).toEqual(['add-to-cart', 'mark-cart']));
    expect(warnings).toEqual([]);
  });
});
