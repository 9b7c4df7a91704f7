import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { afterFrames, startSession, type E2eSession } from '../harness';
import { eventually } from '../../support/patience';
import { installWooStore, WOO_PRODUCTS, wooProductPage } from './woocommerce-store';

// The same flows as on the demo's Shopify cart, against a loopback server implementing WooCommerce's
// Store API contract (see woocommerce-store.ts), plus what must never happen: no cart request and no
// cart context without `commerce`, no page facts with page-context="off", and no cart change from a
// reply without the visitor's click.

let session: E2eSession;
let fixtures: FixtureServer;
let store: ReturnType<typeof installWooStore>;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  store = installWooStore(fixtures);
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

let pages = 0;

/** A product page of the store with the widget (`attributes`), the conversation open. */
async function openProduct(slug: string, attributes = 'commerce="woocommerce"') {
  store.replyWith(null);
  store.requests.length = 0;
  store.webhookBodies.length = 0;
  const product = WOO_PRODUCTS.find((candidate) => candidate.slug === slug);
  if (!product) throw new Error(`no product ${slug}`);
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  await opened.page.goto(
    fixtures.page(`/product/${slug}/${++pages}/`, wooProductPage(product, fixtures.url, attributes)),
  );
  const widget = opened.page.locator('store-assistant');
  await widget.getByRole('button', { name: 'Ask a question' }).click();
  await widget.locator('.message.bot').first().waitFor();
  return { ...opened, widget };
}

async function send(page: Page, text: string) {
  const box = page.locator('store-assistant').getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

const storeCalls = () =>
  store.requests.map((request) => `${request.method} ${request.path}${request.nonce ? ' +Nonce' : ''}`);

describe('commerce="woocommerce" against the Store API contract', () => {
  it('is this in stock? → a card → Add to cart (nonce first) → the strip → the cart page with the line', async () => {
    const { page, widget, pageErrors } = await openProduct('beanie');
    await send(page, 'Is this in stock?');
    const card = widget.locator('.product-card', { hasText: 'Beanie' });
    await card.waitFor();
    const webhook = store.webhookBodies.at(-1) as { context: { page: { product: unknown }; cart: unknown } };
    expect(webhook.context.page.product).toEqual({
      name: 'Beanie',
      sku: 'woo-beanie',
      price: '18.00',
      priceCurrency: 'USD',
      availability: 'InStock',
      url: `${fixtures.url}/product/beanie/`,
    });
    expect(webhook.context.cart).toEqual({ itemCount: 0, total: 0, currency: 'USD', lines: [] });

    store.requests.length = 0;
    await card.getByRole('button', { name: /^Add to cart\s*: Beanie$/ }).click();
    await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    // The nonce was fetched with the context's cart read; the add carries it, and so does the mark after it.
    await eventually(() =>
      expect(storeCalls()).toEqual([
        'POST /wp-json/wc/store/v1/cart/add-item +Nonce',
        'POST /wp-json/wc/store/v1/cart/extensions +Nonce',
      ]),
    );
    expect(store.requests[0]?.body).toEqual({ id: 16, quantity: 1 });

    const strip = widget.getByRole('group', { name: 'Cart' });
    await strip.getByText('1 in your cart').waitFor();
    expect(await strip.textContent()).toContain('$18.00');
    await strip.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`${fixtures.url}/cart/`);
    expect(await page.locator('.cart-line').allTextContents()).toEqual(['Beanie × 1']);
    expect(pageErrors).toEqual([]);
  });

  it("shows the store's out-of-stock message on the card", async () => {
    const { page, widget } = await openProduct('beanie');
    store.replyWith({ output: 'Try this', products: [{ name: 'Hoodie', productUrl: '/product/hoodie/', id: 17 }] });
    await send(page, 'anything warm?');
    const card = widget.locator('.product-card', { hasText: 'Hoodie' });
    await card.getByRole('button', { name: /Add to cart/ }).click();
    await card
      .getByRole('alert')
      .getByText('You cannot add "Hoodie" to the cart because the product is out of stock.')
      .waitFor();
  });

  it('refreshes an expired nonce once and adds', async () => {
    const { page, widget } = await openProduct('cap');
    await send(page, 'Is this in stock?');
    const card = widget.locator('.product-card', { hasText: 'Cap' });
    await card.waitFor();
    store.expireNonces();
    store.requests.length = 0;
    await card.getByRole('button', { name: /Add to cart/ }).click();
    await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    await eventually(() =>
      expect(storeCalls()).toEqual([
        'POST /wp-json/wc/store/v1/cart/add-item +Nonce',
        'GET /wp-json/wc/store/v1/cart',
        'POST /wp-json/wc/store/v1/cart/add-item +Nonce',
        'POST /wp-json/wc/store/v1/cart/extensions +Nonce',
      ]),
    );
    expect(store.requests.map((request) => request.nonce)[0]).not.toBe(store.requests[2]?.nonce);
  });

  it('an add marks the cart as assisted through cart/extensions, once per conversation, for the snippet to keep', async () => {
    const { page, widget, pageErrors } = await openProduct('cap');
    store.replyWith({
      output: 'Two caps',
      products: [
        { name: 'Cap', productUrl: '/product/cap/', id: 18 },
        { name: 'Beanie', productUrl: '/product/beanie/', id: 16 },
      ],
    });
    await send(page, 'caps?');
    await widget.locator('.product-card').nth(1).waitFor();
    store.requests.length = 0;
    for (const name of ['Cap', 'Beanie']) {
      const card = widget.locator('.product-card', { hasText: name });
      await card.getByRole('button', { name: /Add to cart/ }).click();
      await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    }
    // The conversation's id is the one the webhook hears as sessionId.
    const conversation = (store.webhookBodies.at(-1) as { sessionId: string }).sessionId;
    expect(conversation).toMatch(/\S/);
    await eventually(() =>
      expect(store.requests.filter((request) => request.path.endsWith('/extensions'))).toHaveLength(1),
    );
    const mark = store.requests.find((request) => request.path.endsWith('/extensions'));
    expect(mark?.nonce).not.toBeNull();
    expect(mark?.body).toEqual({
      namespace: 'store-assistant',
      data: { conversation, assistant: 'Woo Shop' },
    });
    expect(store.marks()).toContainEqual((mark?.body as { data: unknown }).data);
    // One mark for the conversation, after two adds.
    expect(storeCalls().filter((call) => call.includes('add-item'))).toHaveLength(2);
    expect(pageErrors).toEqual([]);
  });

  it('without the snippet on the store the add still counts; the failed mark is one console line', async () => {
    store.withoutSnippet();
    try {
      const { page, widget, consoleMessages, pageErrors } = await openProduct('beanie');
      await send(page, 'Is this in stock?');
      const card = widget.locator('.product-card', { hasText: 'Beanie' });
      await card.getByRole('button', { name: /Add to cart/ }).click();
      await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
      await eventually(() =>
        expect(consoleMessages.filter((message) => message.includes('marked as assisted'))).toEqual([
          expect.stringContaining('There is no such namespace registered: store-assistant.'),
        ]),
      );
      expect(await widget.getByRole('alert').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      store.withSnippet();
    }
  });

  it('a reply cannot change the cart: each proposal waits for a click, at most 10, quantities above 10 dropped', async () => {
    const { page, widget } = await openProduct('beanie');
    const actions = [
      { type: 'add-to-cart', variantId: '16', quantity: 11 },
      ...Array.from({ length: 12 }, (_, index) => ({
        type: 'add-to-cart',
        variantId: '18',
        quantity: (index % 3) + 1,
        title: `Cap #${index + 1}`,
      })),
    ];
    store.replyWith({ output: { reply: 'Shall I fill your cart?', actions } });
    store.requests.length = 0;
    await send(page, 'fill my cart');
    const proposals = widget.locator('.sa-proposal');
    await proposals.first().waitFor();
    expect(await proposals.count()).toBe(10);
    expect(await proposals.first().textContent()).toContain('1 × Cap #1');
    expect(await widget.getByText(/11 ×/).count()).toBe(0);
    // An add sent with the reply would be on its way by now; the one list of adds below counts it too.
    await afterFrames(page);
    expect(storeCalls().filter((call) => call.includes('add-item'))).toEqual([]);

    await proposals.nth(1).getByRole('button', { name: 'Add to cart' }).click();
    await proposals.nth(1).getByText('Added').waitFor();
    expect(
      store.requests.filter((request) => request.path.endsWith('add-item')).map((request) => request.body),
    ).toEqual([{ id: 18, quantity: 2 }]);
    await widget.getByRole('group', { name: 'Cart' }).getByText('2 in your cart').waitFor();
  });
});

describe('accessibility of the selling parts', () => {
  it('axe finds no violation with cart buttons, a card error, the strip and confirmation cards', async () => {
    const { page, widget } = await openProduct('beanie');
    store.replyWith({
      output: {
        reply: 'Picks:',
        products: [
          { name: 'Beanie', productUrl: '/product/beanie/', id: 16 },
          { name: 'Hoodie', productUrl: '/product/hoodie/', id: 17 },
          { name: 'Cap', productUrl: '/product/cap/', id: 18, available: false },
        ],
        actions: [{ type: 'add-to-cart', variantId: '18', quantity: 2 }],
      },
    });
    await send(page, 'show me hats');
    await widget
      .locator('.product-card', { hasText: 'Beanie' })
      .getByRole('button', { name: /Add to cart/ })
      .click();
    await widget
      .locator('.product-card', { hasText: 'Hoodie' })
      .getByRole('button', { name: /Add to cart/ })
      .click();
    await widget.getByRole('group', { name: 'Cart' }).waitFor();
    await widget.locator('.product-card', { hasText: 'Hoodie' }).getByRole('alert').waitFor();
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
        }
      ).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations.map(
        (violation) => `${violation.id} (${violation.nodes.length})`,
      );
    });
    expect(violations).toEqual([]);
  });
});

describe('what the widget does not send', () => {
  it('without commerce: no cart request, no Add to cart, no context.cart (the page facts still go)', async () => {
    const { page, widget } = await openProduct('beanie', '');
    await send(page, 'Is this in stock?');
    const card = widget.locator('.product-card', { hasText: 'Beanie' });
    await card.waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await widget.getByRole('group', { name: 'Cart' }).count()).toBe(0);
    expect(store.requests).toEqual([]);
    const contexts = store.webhookBodies.map((body) => body.context as Record<string, unknown>);
    expect(
      contexts.every(
        (context) => !('cart' in context) && (context.page as { title: string }).title === 'Beanie – Woo Shop',
      ),
    ).toBe(true);
  });

  it('page-context="off": no context.page; the cart still goes with commerce', async () => {
    const { page, widget } = await openProduct('beanie', 'commerce="woocommerce" page-context="off"');
    await send(page, 'Is this in stock?');
    // The greeting's reply already reads "How can I help?": wait for the second request itself.
    await expect.poll(() => store.webhookBodies.length).toBe(2);
    await widget.getByText('How can I help?').nth(1).waitFor();
    const contexts = store.webhookBodies.map((body) => body.context as Record<string, unknown>);
    expect(contexts.map((context) => Object.keys(context))).toEqual([['cart'], ['cart']]);
  });

  it('setContext() facts are sent as context.store; invalid ones are refused with a console message', async () => {
    const { page, consoleMessages } = await openProduct('beanie', 'page-context="off"');
    const results = await page.evaluate(() => {
      const element = document.querySelector('store-assistant') as HTMLElement & {
        setContext(facts: unknown): boolean;
      };
      return [
        element.setContext({ tier: 'gold' }),
        element.setContext('{broken'),
        element.setContext({ big: 'x'.repeat(5000) }),
      ];
    });
    expect(results).toEqual([true, false, false]);
    await send(page, 'hello again');
    await expect
      .poll(() => store.webhookBodies.find((body) => body.message === 'hello again')?.context)
      .toEqual({ store: { tier: 'gold' } });
    await expect.poll(() => consoleMessages.filter((message) => message.includes('setContext')).length).toBe(2);
  });
});
