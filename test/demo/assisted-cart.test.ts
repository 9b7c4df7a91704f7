// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withDemoServer } from './demo-server';

// The demo store's side of an assisted cart: Shopify's cart attributes (POST /cart/update.js
// { attributes }, merged, a blank value removing one; https://shopify.dev/docs/api/ajax/reference/cart),
// kept with the visitor's cart, listed by /cart.js and shown on the cart page as the order's
// "Additional details"; and the widget on its pages pushing GA4's events to the dataLayer. The whole
// flow in Chromium (a card's add marks the cart and pushes add_to_cart) is in
// test/e2e/commerce/shopify.e2e.test.ts.

const server = withDemoServer();

/** A visitor of the demo store: requests carry its cart cookie once the store set one. */
function visitor() {
  let cookie = '';
  return async (path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    return response;
  };
}

const MARK = { store_assistant_conversation: 'conversation-1', store_assistant: 'Lumen' };

describe('the demo store keeps an assisted cart’s mark', () => {
  it('takes cart attributes, lists them in /cart.js and shows them on the cart page', async () => {
    const ask = visitor();
    await ask('/cart/add.js', { items: [{ id: 40100000000005, quantity: 1 }] });
    const updated = await ask('/cart/update.js', { attributes: MARK });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { attributes: unknown }).attributes).toEqual(MARK);
    expect(((await (await ask('/cart.js')).json()) as { attributes: unknown }).attributes).toEqual(MARK);
    const page = await (await ask('/cart')).text();
    expect(page).toContain('<h2>Additional details</h2>');
    expect(page).toContain('<dt>store_assistant_conversation</dt><dd>conversation-1</dd>');
    expect(page).toContain('<dt>store_assistant</dt><dd>Lumen</dd>');
  });

  it('merges attributes, a blank value removing one, as Shopify does', async () => {
    const ask = visitor();
    await ask('/cart/update.js', { attributes: MARK });
    const updated = await ask('/cart/update.js', { attributes: { store_assistant: '', gift: 'yes' } });
    expect(((await updated.json()) as { attributes: unknown }).attributes).toEqual({
      store_assistant_conversation: 'conversation-1',
      gift: 'yes',
    });
  });

  it('keeps each visitor’s attributes with their own cart, and refuses attributes that are not an object', async () => {
    const first = visitor();
    const second = visitor();
    await first('/cart/update.js', { attributes: MARK });
    await second('/cart/add.js', { items: [{ id: 40100000000005, quantity: 1 }] });
    expect(((await (await second('/cart.js')).json()) as { attributes: unknown }).attributes).toEqual({});
    expect((await second('/cart/update.js', { attributes: ['x'] })).status).toBe(422);
  });

  it('embeds the widget with analytics="datalayer", so a card’s add reaches window.dataLayer', async () => {
    const page = await (await fetch(`${server.url}/products/linen-shirt`)).text();
    expect(page).toMatch(/<store-assistant [^>]*commerce="shopify"[^>]*analytics="datalayer"/);
  });
});
