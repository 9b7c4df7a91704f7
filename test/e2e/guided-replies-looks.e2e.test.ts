import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { chatHook, openWidget, send, startChat, suggestionRow } from './guided-replies-fixtures';
import { axeViolations, type AxeViolation } from './axe';
import { startSession, type E2eSession } from './harness';

/**
 * How guided replies look in Chromium against the built bundle: product pictures that fail to load
 * (a 404, a proxy's HTML page, a dropped connection) show the placeholder of a card without one, and
 * axe finds nothing with the teaser, suggestion chips and feedback buttons on screen, light or dark.
 */
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#c7d2fe"/></svg>';

let session: E2eSession;
let fixtures: FixtureServer;

/** Cards whose pictures fail in each way a store's CDN can fail, one without a picture, and one that loads. */
const CARDS = [
  { title: 'Missing picture', image: '/img/missing.jpg' },
  { title: 'Proxy page', image: '/img/proxy-page.jpg' },
  { title: 'Dropped connection', image: '/img/dropped.jpg' },
  { title: 'No picture' },
  { title: 'Good picture', image: '/img/good.svg' },
].map((card, index) => ({ ...card, url: `/products/${index}`, price: '$20' }));

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  chatHook(fixtures, '/chat', {
    'Show me bags': { output: 'Five bags:', products: CARDS },
    'Do you ship abroad?': { output: 'We ship **worldwide**.', suggestions: ['Shipping costs', 'Track my order'] },
  });
  const answer = (path: string, status: number, type: string, body: string) =>
    fixtures.handle(path, (_request, response) => void response.writeHead(status, { 'Content-Type': type }).end(body));
  answer('/img/missing.jpg', 404, 'text/plain', 'Not found');
  answer('/img/proxy-page.jpg', 200, 'text/html', '<!doctype html><title>502</title><h1>Bad gateway</h1>');
  answer('/img/good.svg', 200, 'image/svg+xml', PICTURE);
  fixtures.handle('/img/dropped.jpg', (request) => void request.socket.destroy());
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const widget = (page: Page) => page.locator('store-assistant');

describe('product pictures that fail to load', () => {
  it('show the placeholder of a card without a picture, never an empty box', async () => {
    const { page, pageErrors } = await openWidget(
      session,
      fixtures,
      'webhook-url="/chat" typing-speed="0" persist="none"',
      { context: { viewport: { width: 1280, height: 900 } } },
    );
    await startChat(page);
    await send(page, 'Show me bags');
    const media = widget(page).locator('.product-card .product-media');
    await expect.poll(() => media.count()).toBe(CARDS.length);
    // Pictures load lazily: bring each card into view, as a visitor scrolling the row does.
    for (let index = 0; index < CARDS.length; index++) await media.nth(index).scrollIntoViewIfNeeded();
    await expect
      .poll(() => media.evaluateAll((boxes) => boxes.map((box) => box.querySelector('img') !== null)))
      .toEqual([false, false, false, false, true]);
    await expect
      .poll(() =>
        media
          .nth(4)
          .locator('img')
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);

    const looks = await media.evaluateAll((boxes) =>
      boxes.map((box) => {
        const rect = box.getBoundingClientRect();
        const icon = box.querySelector('.icon');
        const iconRect = icon?.getBoundingClientRect();
        return {
          size: `${Math.round(rect.width)}x${Math.round(rect.height)}`,
          background: getComputedStyle(box).backgroundColor,
          icon:
            iconRect && icon
              ? {
                  size: `${Math.round(iconRect.width)}x${Math.round(iconRect.height)}`,
                  opacity: getComputedStyle(icon).opacity,
                }
              : null,
        };
      }),
    );
    const [missing, proxyPage, dropped, none, good] = looks;
    expect([missing, proxyPage, dropped]).toEqual([none, none, none]);
    // The placeholder is a picture of its own: a visible mark on the square, not an empty box.
    expect(none?.icon).not.toBeNull();
    expect(Number.parseInt(none?.icon?.size ?? '0', 10)).toBeGreaterThanOrEqual(24);
    expect(Number(none?.icon?.opacity)).toBeGreaterThan(0);
    // Every card's picture area has the same size, whether it shows a picture or the placeholder.
    expect(good?.size).toBe(none?.size);
    expect(pageErrors).toEqual([]);
  });
});

describe('axe with guided replies on screen', () => {
  it.each(['light', 'dark'])(
    '%s scheme: zero violations with the teaser, then with suggestion chips and feedback buttons',
    async (scheme) => {
      const { page, pageErrors } = await openWidget(
        session,
        fixtures,
        `mode="floating" color-scheme="${scheme}" brand-name="Acme" webhook-url="/chat" typing-speed="0" persist="none" teaser="Need a size? Ask us!" teaser-delay="0"`,
        { context: { viewport: { width: 1280, height: 900 } } },
      );
      const found: Record<string, AxeViolation[]> = {};
      await widget(page).locator('[part~="teaser"]').getByRole('button', { name: 'Need a size? Ask us!' }).waitFor();
      found.teaser = await axeViolations(page);

      await widget(page).getByRole('button', { name: 'Open chat with Acme' }).click();
      await startChat(page);
      await send(page, 'Do you ship abroad?');
      await suggestionRow(page).waitFor();
      const reply = widget(page).locator('.message.bot').filter({ hasText: 'We ship worldwide.' });
      // One rating chosen, so both states of the buttons are checked.
      await reply.getByRole('button', { name: 'Helpful', exact: true }).click();
      await expect
        .poll(() => reply.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'))
        .toBe('true');
      found['chips and feedback'] = await axeViolations(page);

      expect(found).toEqual({ teaser: [], 'chips and feedback': [] });
      expect(pageErrors).toEqual([]);
    },
  );
});
