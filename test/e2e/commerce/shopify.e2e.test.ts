import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/patience';
import { afterFrames, startSession, type E2eSession } from '../harness';

// The demo store implements Shopify's Ajax Cart API contract (POST /cart/add.js, GET /cart.js,
// a cookie session, the /cart page). These tests are the commerce issue's "done when" on it: a
// visitor on a product page asks "is this in stock?", adds the card to the cart from the chat, sees the
// count, and finds the line on the cart page; and replies that propose cart changes wait for a click.

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** A product page of the demo store, with the floating widget opened; records what reaches the store. */
async function openProductPage(id: string) {
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  const requests: { method: string; path: string; body: unknown }[] = [];
  opened.page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/cart') || url.pathname === '/api/chat')
      requests.push({ method: request.method(), path: url.pathname, body: request.postDataJSON() as unknown });
  });
  await opened.page.goto(`${session.server.url}/products/${id}`);
  const widget = opened.page.locator('store-assistant');
  await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
  await widget.getByRole('button', { name: 'Ask a question' }).click();
  await widget.locator('.message.bot').first().waitFor();
  return { ...opened, widget, requests };
}

async function send(page: Page, text: string) {
  const box = page.locator('store-assistant').getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** The number of items in the visitor's cart, asked of the store the way a theme would. */
const cartCount = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/cart.js')).json()) as { item_count: number }).item_count);

describe('commerce="shopify" on the demo store', () => {
  it('is this in stock? → a card → Add to cart → the strip, the event and the cart page with the line', async () => {
    const { page, widget, requests, pageErrors } = await openProductPage('linen-shirt');
    await page.evaluate(() => {
      document.addEventListener('store-assistant:cart', (event) =>
        ((window as unknown as { cartEvents: unknown[] }).cartEvents ??= []).push((event as CustomEvent).detail),
      );
    });
    await send(page, 'Is this in stock?');
    await widget.locator('.messages').getByText('is in stock').waitFor();

    // The webhook heard which page and product the visitor is on.
    const chat = requests.filter((request) => request.path === '/api/chat').at(-1)?.body as {
      context: Record<string, unknown>;
    };
    expect(chat.context.page).toEqual({
      url: `${session.server.url}/products/linen-shirt`,
      title: 'Linen Shirt · Lumen',
      product: {
        name: 'Linen Shirt',
        sku: 'linen-shirt',
        price: '64.00',
        priceCurrency: 'USD',
        availability: 'InStock',
        category: 'apparel',
        url: `${session.server.url}/products/linen-shirt`,
        image: `${session.server.url}/assets/products/linen-shirt.svg`,
      },
    });
    expect(chat.context.cart).toEqual({ itemCount: 0, total: 0, currency: 'USD', lines: [] });

    const card = widget.locator('.product-card', { hasText: 'Linen Shirt' });
    // "Add to cart" is the card's one clear button, across the card, with "View product" a quiet link under it.
    const layout = await card.evaluate((element) => {
      const box = (selector: string) => (element.querySelector(selector) as HTMLElement).getBoundingClientRect();
      const [body, button, link] = [box('.product-body'), box('.sa-cart-button'), box('.product-link')];
      const edge = getComputedStyle(element.querySelector('.product-link') as HTMLElement).boxShadow;
      return {
        across: button.width >= body.width - 2 * 12 - 1,
        linkUnder: link.top >= button.bottom,
        quietLink: edge === 'none',
      };
    });
    expect(layout).toEqual({ across: true, linkUnder: true, quietLink: true });
    await card.getByRole('button', { name: /^Add to cart\s*: Linen Shirt$/ }).click();
    await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    expect(requests.filter((request) => request.path === '/cart/add.js').map((request) => request.body)).toEqual([
      { items: [{ id: 40100000000005, quantity: 1 }] },
    ]);

    const strip = widget.getByRole('group', { name: 'Cart' });
    await strip.getByText('1 in your cart').waitFor();
    expect(await strip.textContent()).toContain('$64.00');
    // The theme's own cart icon follows store-assistant:cart.
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');
    const events = await page.evaluate(
      () =>
        (
          window as unknown as {
            cartEvents: { action: string; quantity: number; product: { title: string }; cart: { itemCount: number } }[];
          }
        ).cartEvents,
    );
    expect(events.map((event) => [event.action, event.quantity, event.product.title, event.cart.itemCount])).toEqual([
      ['add', 1, 'Linen Shirt', 1],
    ]);

    await strip.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`${session.server.url}/cart`);
    expect(await page.locator('.cart-line').allTextContents()).toEqual([
      expect.stringMatching(/Linen Shirt\s+× 1\s+\$64\.00/),
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('"add this one" shows a confirmation, and nothing is added until the visitor confirms', async () => {
    const { page, widget, requests } = await openProductPage('stoneware-mug');
    await send(page, 'Please add 2 of this one');
    const proposal = widget.locator('.sa-proposal');
    await proposal.locator('.sa-proposal-text', { hasText: 'Stoneware Mug' }).waitFor();
    expect(await proposal.locator('.sa-proposal-price').textContent()).toBe('2 × $22.00');
    // An add sent with the reply would be on its way by now; the one list of adds below counts it too.
    await afterFrames(page);
    expect(requests.filter((request) => request.path === '/cart/add.js')).toEqual([]);
    expect(await cartCount(page)).toBe(0);

    await proposal.getByRole('button', { name: 'Add to cart' }).click();
    await proposal.getByText('Added').waitFor();
    expect(requests.filter((request) => request.path === '/cart/add.js').map((request) => request.body)).toEqual([
      { items: [{ id: 40100000000008, quantity: 2 }] },
    ]);
    expect(await cartCount(page)).toBe(2);
    await widget.getByRole('group', { name: 'Cart' }).getByText('2 in your cart').waitFor();
  });

  it('declining a proposal adds nothing', async () => {
    const { page, widget, requests } = await openProductPage('stoneware-mug');
    await send(page, 'add this one');
    const proposal = widget.locator('.sa-proposal');
    await proposal.getByRole('button', { name: 'No thanks' }).click();
    await proposal.getByText('Not added').waitFor();
    expect(requests.filter((request) => request.path === '/cart/add.js')).toEqual([]);
    expect(await cartCount(page)).toBe(0);
  });

  it('a sold-out product shows "Sold out"; a sold-out answer from the store shows on the card', async () => {
    const { page, widget } = await openProductPage('merino-beanie');
    await send(page, 'Is this in stock?');
    const card = widget.locator('.product-card', { hasText: 'Merino Beanie' });
    await card.waitFor();
    expect(await card.getByRole('button', { name: /Sold out/ }).isDisabled()).toBe(true);

    // A card that does not know it is sold out: the store's 422 description shows on it.
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          output: 'Here it is',
          products: [{ title: 'Old beanie card', url: '/products/merino-beanie', variantId: '40100000000007' }],
        }),
      }),
    );
    await send(page, 'show me the beanie');
    const stale = widget.locator('.product-card', { hasText: 'Old beanie card' });
    await stale.getByRole('button', { name: /Add to cart/ }).click();
    await stale.getByRole('alert').getByText("The product 'Merino Beanie' is already sold out.").waitFor();
    expect(await stale.getByRole('button', { name: /Add to cart/ }).isEnabled()).toBe(true);
  });
});

/** The page's dataLayer: the demo store's widget has analytics="datalayer". */
const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);

/** The GA4 entry `event` (the last one), checked to follow `{ ecommerce: null }` as Google documents for dataLayer. */
async function ga4(page: Page, event: string): Promise<Record<string, unknown> | undefined> {
  const layer = await dataLayer(page);
  const at = layer.map((entry) => entry.event).lastIndexOf(event);
  if (at < 1) return undefined;
  expect(layer[at - 1]).toEqual({ ecommerce: null });
  return layer[at];
}

// GA4's ecommerce events (https://developers.google.com/analytics/devguides/collection/ga4/ecommerce) in
// Tag Manager's dataLayer form (https://developers.google.com/tag-platform/tag-manager/datalayer#ecommerce),
// and the assisted cart's mark in Shopify's cart attributes (POST /cart/update.js { attributes },
// https://shopify.dev/docs/api/ajax/reference/cart), on the demo store.
describe('the demo store: GA4 ecommerce events and the assisted cart', () => {
  const LIST = { item_list_id: 'store_assistant', item_list_name: 'Store assistant' };
  const SHIRT = { item_id: '40100000000005', item_name: 'Linen Shirt', price: 64, index: 0, ...LIST };

  it('cards shown, one opened, added: view_item_list, select_item, add_to_cart, and the cart marked once', async () => {
    const { page, widget, requests, pageErrors } = await openProductPage('linen-shirt');
    await send(page, 'Is this in stock?');
    const card = widget.locator('.product-card', { hasText: 'Linen Shirt' });
    await card.waitFor();
    expect(await ga4(page, 'view_item_list')).toEqual({
      event: 'view_item_list',
      ecommerce: { ...LIST, items: [SHIRT] },
    });

    // "View product" opens the product in a new tab.
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('link', { name: /View product/ }).click(),
    ]);
    await opened.close();
    expect(await ga4(page, 'select_item')).toEqual({ event: 'select_item', ecommerce: { ...LIST, items: [SHIRT] } });

    await card.getByRole('button', { name: /^Add to cart\s*: Linen Shirt$/ }).click();
    await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    await eventually(() => expect(requests.filter((request) => request.path === '/cart/update.js')).toHaveLength(1));
    expect(await ga4(page, 'add_to_cart')).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'USD', value: 64, items: [{ ...SHIRT, quantity: 1 }] },
    });
    const conversation = (
      requests.filter((request) => request.path === '/api/chat').at(-1)?.body as { sessionId: string }
    ).sessionId;
    const attributes = { store_assistant_conversation: conversation, store_assistant: 'Lumen' };
    expect(requests.find((request) => request.path === '/cart/update.js')?.body).toEqual({ attributes });

    // "Add another": a second add_to_cart, and no second mark for the same conversation.
    await card.getByRole('button', { name: /Add another/ }).click();
    await widget.getByRole('group', { name: 'Cart' }).getByText('2 in your cart').waitFor();
    await expect
      .poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'add_to_cart').length)
      .toBe(2);
    expect(requests.filter((request) => request.path === '/cart/update.js')).toHaveLength(1);

    // The store keeps the mark: /cart.js has it, and the cart page shows it as the order's details.
    const cart = await page.evaluate(async () => (await (await fetch('/cart.js')).json()) as { attributes: unknown });
    expect(cart.attributes).toEqual(attributes);
    await page.goto(`${session.server.url}/cart`);
    expect(await page.locator('.cart-attribute').allTextContents()).toEqual([
      `store_assistant_conversation${conversation}`,
      'store_assistantLumen',
    ]);
    expect(pageErrors).toEqual([]);
  });

  it("a demo call's add pushes add_to_cart for the line it added", async () => {
    const { page, widget } = await openProductPage('stoneware-mug');
    await send(page, 'Is this in stock?');
    await widget.locator('.product-card', { hasText: 'Stoneware Mug' }).waitFor();
    await widget
      .getByRole('button', { name: /Start (a live )?call/ })
      .first()
      .click();
    await expect
      .poll(async () => (await dataLayer(page)).some((entry) => entry.event === 'add_to_cart'), { timeout: 60_000 })
      .toBe(true);
    expect(await ga4(page, 'add_to_cart')).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'USD',
        value: 22,
        items: [{ item_id: '40100000000008', item_name: 'Stoneware Mug', price: 22, quantity: 1, ...LIST }],
      },
    });
  });
});
