import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { el } from '../../src/i18n/languages/el';
import { englishStrings as en } from '../../src/i18n/strings';
import { replyJson, startFixtureServer, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';

// Prices in one format wherever the chat shows one: a product card, an order's total and a card the
// assistant showed during a call, in the visitor's language, with the currency the store gave.

let session: E2eSession;
let fixtures: FixtureServer;

/** The product a page shows, as schema.org data: its price a written number, its currency apart. */
const PAGE_PRODUCT = `<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Canvas Tote',
  offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
})}</script>`;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/prices', (_request, response) => {
    replyJson(response, {
      output: 'Your order, and a shirt to go with it:',
      products: [{ title: 'Linen Shirt', price: 49, currency: 'USD', url: 'https://shop.example/linen-shirt' }],
      orders: [{ number: '1042', status: 'shipped', total: 39, currency: 'USD', items: [] }],
    });
  });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const textOf = (page: Page, selector: string) =>
  page.locator('store-assistant').locator(selector).first().textContent();

describe('prices', () => {
  it.each([
    ['en', en, { shirt: '$49.00', total: 'Total $39.00', tote: '$29.00' }],
    ['el', { ...en, ...el }, { shirt: '49,00 $', total: '39,00 $', tote: '29,00 $' }],
  ] as const)(
    '%s: a product card, an order total and a call card write theirs alike',
    async (lang, strings, expected) => {
      const { page, pageErrors } = await session.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(
        fixtures.page(
          `/prices-${Math.random().toString(36).slice(2)}`,
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Prices</title>
<script src="/store-assistant.js"></script>${PAGE_PRODUCT}</head><body><main><h1>Canvas Tote</h1>
<store-assistant webhook-url="/api/prices" voice-provider="demo" typing-speed="0" lang="${lang}"></store-assistant></main></body></html>`,
        ),
      );
      const widget = page.locator('store-assistant');
      await widget.locator('.card').waitFor();
      // The demo call shows the page's product as a card.
      await widget.getByRole('button', { name: strings.startLiveCall }).click();
      const callCard = widget.locator('.message.voice .product-price');
      await callCard.waitFor();
      expect((await callCard.textContent())?.replace(/\s/gu, ' ')).toBe(expected.tote.replace(/\s/gu, ' '));
      await widget.getByRole('button', { name: strings.endCall }).click();
      await widget.locator('[part~="call-bar"]').waitFor({ state: 'detached' });

      await page.evaluate(() =>
        (document.querySelector('store-assistant') as HTMLElement & { sendMessage(t: string): boolean }).sendMessage(
          'my order',
        ),
      );
      await widget.locator('.order-total').waitFor();
      const price = widget.locator('.message:not(.voice) .product-price').first();
      expect((await price.textContent())?.replace(/\s/gu, ' ')).toBe(expected.shirt.replace(/\s/gu, ' '));
      expect((await textOf(page, '.order-total'))?.replace(/\s/gu, ' ')).toContain(expected.total);
      expect(pageErrors).toEqual([]);
    },
  );
});
