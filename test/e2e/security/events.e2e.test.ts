import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * Event details are copies: a page script that edits `detail` in place (an analytics tag that redacts
 * what it records) changes nothing the webhook receives, the visitor sees or the widget saves.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const received: { message: string; history: { content: string }[] }[] = [];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/events-hook', (_request, response, body) => {
    received.push(JSON.parse(body) as (typeof received)[number]);
    replyJson(response, {
      output: 'Your card ending 4242 is on file.',
      products: [{ title: 'Gift card', url: '/p/gift' }],
    });
  });
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

describe('store-assistant:message listeners', () => {
  it('a listener that redacts detail in place changes nothing in the widget', async () => {
    const { page } = await session.newPage();
    await page.addInitScript(() => {
      // An analytics tag that records messages with digits redacted, editing the detail it was given.
      document.addEventListener('store-assistant:message', (event) => {
        const detail = (event as CustomEvent<{ content: string; products?: { title: string }[] }>).detail;
        detail.content = detail.content.replace(/\d/g, '#');
        if (detail.products?.[0]) detail.products[0].title = 'REDACTED';
        detail.products?.splice(0);
      });
    });
    await page.goto(fixtures.page('/events', widgetPage('webhook-url="/events-hook" typing-speed="0"')));
    await page.getByRole('button', { name: 'Ask a question' }).waitFor();
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        'My order 1234?',
      ),
    );
    await page.locator('store-assistant .message.bot').getByText('Your card ending 4242 is on file.').waitFor();
    expect(await page.locator('store-assistant .message.user').getByText('My order 1234?').count()).toBe(1);
    expect(await page.locator('store-assistant .product-card .product-title').allTextContents()).toEqual(['Gift card']);
    expect(received[0]?.message).toBe('My order 1234?');

    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        'Thanks',
      ),
    );
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]?.history.map((turn) => turn.content)).toEqual([
      'My order 1234?',
      'Your card ending 4242 is on file.',
    ]);
    const saved = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('store-assistant:chat:'))
        .map((key) => localStorage.getItem(key))
        .join(),
    );
    expect(saved).toContain('My order 1234?');
    expect(saved).toContain('Gift card');
    expect(saved).not.toContain('#');
  });
});
