import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

// commerce="custom": the page's own cart code takes the cancellable store-assistant:add-to-cart event
// (preventDefault, then resolve or reject); an event nobody takes says adding is not available.

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response) =>
    replyJson(response, {
      output: 'Here:',
      products: [{ title: 'Blue Mug', url: '/p/mug', id: 'mug-blue', price: '€14' }],
    }),
  );
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** A page whose script (`cartScript`, or none) handles the widget's cart events. */
async function openWithCart(name: string, cartScript: string) {
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  const html = widgetPage(
    'commerce="custom" webhook-url="/api/chat" typing-speed="0" brand-name="Acme"',
    cartScript ? `<script>${cartScript}</script>` : '',
  );
  await opened.page.goto(fixtures.page(`/custom-${name}`, html));
  const widget = opened.page.locator('store-assistant');
  await widget.getByRole('button', { name: 'Ask a question' }).click();
  const card = widget.locator('.product-card', { hasText: 'Blue Mug' });
  await card.waitFor();
  return { ...opened, widget, card };
}

describe('commerce="custom"', () => {
  it("the page's cart takes the event and reports its cart: Added, and the strip", async () => {
    const script = `document.addEventListener('store-assistant:add-to-cart', (event) => {
      event.preventDefault();
      window.seen = { variantId: event.detail.variantId, quantity: event.detail.quantity, title: event.detail.product.title, cancelable: event.cancelable };
      setTimeout(() => event.detail.resolve({ itemCount: 3, total: 42, currency: 'EUR' }), 50);
    });`;
    const { page, widget, card } = await openWithCart('handled', script);
    await card.getByRole('button', { name: /Add to cart/ }).click();
    await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({
      variantId: 'mug-blue',
      quantity: 1,
      title: 'Blue Mug',
      cancelable: true,
    });
    const strip = widget.getByRole('group', { name: 'Cart' });
    await strip.getByText('3 in your cart').waitFor();
    expect(await strip.textContent()).toContain('42.00');
  });

  it("the page's refusal shows on the card", async () => {
    const script = `document.addEventListener('store-assistant:add-to-cart', (event) => { event.preventDefault(); event.detail.reject('Only in store'); });`;
    const { card } = await openWithCart('refused', script);
    await card.getByRole('button', { name: /Add to cart/ }).click();
    await card.getByRole('alert').getByText('Only in store').waitFor();
  });

  it('an event nobody takes says adding is not available, and tells the store owner why', async () => {
    const { card, consoleMessages } = await openWithCart('unhandled', '');
    await card.getByRole('button', { name: /Add to cart/ }).click();
    await card.getByRole('alert').getByText('Adding to the cart is not available on this page.').waitFor();
    await expect.poll(() => consoleMessages.some((message) => message.includes('preventDefault'))).toBe(true);
  });
});
