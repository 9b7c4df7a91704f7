import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../support/patience';
import { builtWidgetFile, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';
import { COUNT_MICROPHONE, microphoneAsks } from './microphone-asks';
import { DAILY_CALL_MACHINE_URL, FAKE_CALL_MACHINE, startVapiLoopback } from './vapi-loopback';

// A call that follows the visitor across two real page loads of one store, in Chromium, through the real
// Vapi SDK and daily-js: the Vapi API is the loopback stand-in (POST /call/web, and the call's Live Call
// Control URL), Daily's call machine the fake that joins at once and records the room asked for and what
// the widget tells the assistant.

const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const patiently = { timeout: PATIENCE_MS };
const PRODUCT_JSON_LD = `<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Linen Shirt',
  sku: 'LS-M',
  offers: { '@type': 'Offer', price: '64.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
})}</script>`;

let session: E2eSession;
let vapi: Awaited<ReturnType<typeof startVapiLoopback>>;
let store: FixtureServer;

beforeAll(async () => {
  [session, vapi, store] = await Promise.all([startSession(FAKE_MEDIA), startVapiLoopback(), startFixtureServer()]);
});

afterAll(async () => {
  await Promise.all([session?.close(), vapi?.close(), store?.close()]);
});

/** Releases a held voice part, so that a failed test does not hold the next one's. */
let releaseHeld: () => void = () => undefined;
afterEach(() => releaseHeld());

/** The voice part beside the script, held until `release()`: the next page must not wait for it. */
function holdVoicePart() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  releaseHeld = release;
  let asked: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  store.handle('/store-assistant.voice.js', async (_request, response: ServerResponse) => {
    asked();
    await released;
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(await readFile(builtWidgetFile('/store-assistant.voice.js') ?? ''));
  });
  return { requested, release };
}

/** What the widget told the assistant on this page (the `add-message` lines). */
async function toldAssistant(page: Page): Promise<string[]> {
  const received = await page.evaluate(() => window.fakeCallMachine?.received ?? []);
  return received.flatMap((message) => {
    const sent = message as { type?: string; message?: { content?: string } };
    return sent.type === 'add-message' && typeof sent.message?.content === 'string' ? [sent.message.content] : [];
  });
}

/** A store's home page with a live call on it, and the product page the visitor will open. */
async function liveCallOnHome(name: string) {
  const opened = await session.newPage({ permissions: ['microphone'], viewport: { width: 1280, height: 900 } });
  const { page, context } = opened;
  await context.addInitScript(COUNT_MICROPHONE);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    DAILY_CALL_MACHINE_URL.test(route.request().url())
      ? route.fulfill({ contentType: 'text/javascript', body: FAKE_CALL_MACHINE })
      : route.abort(),
  );
  const attributes = `typing-speed="0" vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${vapi.url}"`;
  const product = store.page(`/products/linen-shirt-${name}`, widgetPage(attributes, PRODUCT_JSON_LD));
  await page.goto(store.page(`/home-${name}`, widgetPage(attributes)));
  const widget = page.locator('store-assistant');
  await widget.getByRole('button', { name: 'Ask a question' }).click();
  await widget.getByRole('button', { name: 'Start call' }).click();
  await page.waitForFunction(() => Boolean(window.fakeCallMachine?.joined));
  await widget.getByText('Live call').first().waitFor();
  await page.evaluate(() =>
    window.fakeCallMachine?.deliver({
      type: 'transcript',
      role: 'user',
      transcriptType: 'final',
      transcript: 'Show me the linen shirt',
    }),
  );
  await widget.getByText('Show me the linen shirt').waitFor();
  return { ...opened, widget, product };
}

describe('a call that follows the visitor to the next page of the store', () => {
  it('shows the strip before the voice part has loaded, rejoins the kept room, and tells the call the new page', async () => {
    const { page, widget, product, pageErrors } = await liveCallOnHome('rejoin');
    const joinedRoom = await page.evaluate(() => window.fakeCallMachine?.joinedUrl);
    expect(joinedRoom).toBe('https://vapi-e2e.daily.co/room-offline');
    expect(vapi.calls()).toHaveLength(1);
    expect(vapi.calls()[0]?.body).toMatchObject({ roomDeleteOnUserLeaveEnabled: false });
    // The first page asked for the microphone once (the widget's check before placing the call).
    expect(await microphoneAsks(page)).toBe(1);

    const part = holdVoicePart();
    // Not waiting for the load event: the voice part, held, is a script of the page.
    await page.goto(product, { waitUntil: 'domcontentloaded' });
    await part.requested;
    // The voice part has not answered yet: the strip is there, reconnecting, with the call's line so far.
    await widget.locator('.call-bar .call-label', { hasText: 'Reconnecting…' }).waitFor();
    // The header and the text box say so too, not "Online" and "Your message…".
    expect(await widget.locator('.chat-header .status').textContent()).toBe('Reconnecting…');
    expect(await widget.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe('Reconnecting…');
    await widget.getByText('Show me the linen shirt').waitFor();
    expect(await page.evaluate(() => window.fakeCallMachine === undefined)).toBe(true);

    part.release();
    await page.waitForFunction(() => Boolean(window.fakeCallMachine?.joined));
    // The rejoin joined the kept room; no second call was placed.
    expect(await page.evaluate(() => window.fakeCallMachine?.joinedUrl)).toBe(joinedRoom);
    expect(vapi.calls()).toHaveLength(1);
    await widget.getByText('Live call').first().waitFor();
    // The widget does not ask for the microphone again on the page that rejoins.
    expect(await microphoneAsks(page)).toBe(0);
    await expect
      .poll(async () => (await toldAssistant(page)).find((line) => line.includes('Product on this page')), patiently)
      .toMatch(/Product on this page: Linen Shirt, 64\.00 USD, in stock, sku LS-M/);

    // Ending it ends the call itself (end-call), not only the browser's part of it.
    await widget.getByRole('button', { name: 'End call' }).click();
    await expect
      .poll(async () => page.evaluate(() => window.fakeCallMachine?.received ?? []), patiently)
      .toContainEqual({ type: 'end-call' });
    await widget.getByText(/Call ended/).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('the navigate tool opens a product of this store and the call goes on there; another site is refused', async () => {
    const { page, widget, product } = await liveCallOnHome('navigate');
    const navigate = (id: string, args: Record<string, unknown>) =>
      page.evaluate((message) => window.fakeCallMachine?.deliver(message), {
        type: 'tool-calls',
        toolCallList: [{ id, type: 'function', function: { name: 'navigate', arguments: JSON.stringify(args) } }],
      });
    await navigate('nav-away', { destination: 'product', url: 'https://elsewhere.example/products/x' });
    await expect
      .poll(async () => (await toldAssistant(page)).find((line) => line.includes('(call nav-away)')), patiently)
      .toMatch(/"ok":false,"error":"Only pages of this store/);
    expect(page.url()).toMatch(/\/home-navigate$/);

    await navigate('nav-product', { destination: 'product', url: new URL(product).pathname });
    await page.waitForURL(product);
    await widget.getByText('Show me the linen shirt').waitFor();
    await page.waitForFunction(() => Boolean(window.fakeCallMachine?.joined));
    await widget.getByText('Live call').first().waitFor();
    await expect
      .poll(async () => (await toldAssistant(page)).some((line) => line.includes('Product on this page')), patiently)
      .toBe(true);
  });

  it('the navigate tool never opens an address that changes the cart or signs out; a product page still opens', async () => {
    // The store's cart, as its server keeps it for this visitor: the store requests below would change it.
    const cart = { items: [{ id: 4242, quantity: 1 }], signedIn: true };
    const storeRequests: string[] = [];
    const changing = (change: () => void) => (request: { url?: string }, response: ServerResponse) => {
      storeRequests.push(request.url ?? '');
      change();
      response.writeHead(302, { Location: '/cart' }).end();
    };
    store.handle(
      '/cart/clear',
      changing(() => (cart.items = [])),
    );
    store.handle(
      '/cart/4242:7',
      changing(() => (cart.items = [{ id: 4242, quantity: 7 }])),
    );
    store.handle(
      '/account/logout',
      changing(() => (cart.signedIn = false)),
    );
    const { page, widget, product } = await liveCallOnHome('store-requests');
    const navigate = (id: string, args: Record<string, unknown>) =>
      page.evaluate((message) => window.fakeCallMachine?.deliver(message), {
        type: 'tool-calls',
        toolCallList: [{ id, type: 'function', function: { name: 'navigate', arguments: JSON.stringify(args) } }],
      });
    const result = (id: string) =>
      expect.poll(async () => (await toldAssistant(page)).find((line) => line.includes(`(call ${id})`)), patiently);

    await navigate('nav-clear', { destination: 'product', url: '/cart/clear' });
    await result('nav-clear').toMatch(/"ok":false,"error":"That address would change the visitor's cart/);
    await navigate('nav-clear-spelled', { destination: 'product', url: '/CART%2Fclear/' });
    await result('nav-clear-spelled').toMatch(/"ok":false/);
    await navigate('nav-permalink', { destination: 'product', url: '/cart/4242:7' });
    await result('nav-permalink').toMatch(/"ok":false,"error":".*Call add_to_cart instead/);
    await navigate('nav-logout', { destination: 'product', url: `${new URL(product).origin}/account/logout` });
    await result('nav-logout').toMatch(/"ok":false,"error":".*sign them out/);
    expect(page.url()).toMatch(/\/home-store-requests$/);

    // A product page still opens, after every refusal above would have left (each waits as long before
    // leaving), and the call goes on there.
    await navigate('nav-product', { destination: 'product', url: new URL(product).pathname });
    await page.waitForURL(product);
    await widget.getByText('Show me the linen shirt').waitFor();
    await widget.getByText('Live call').first().waitFor();
    expect(storeRequests).toEqual([]);
    expect(cart).toEqual({ items: [{ id: 4242, quantity: 1 }], signedIn: true });
  });
});

describe('the demo voice on the demo store', () => {
  it('a call started on the home page follows the visitor to a product opened from its card, names it, and ends for good', async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${session.server.url}/`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    await widget.locator('.message.bot').first().waitFor();
    const box = widget.getByRole('textbox', { name: 'Message' });
    // The demo webhook answers a gift question with cards, which the demo call shows again.
    await box.fill('Do you gift wrap?');
    await box.press('Enter');
    await widget.locator('.product-card').first().waitFor();
    await widget.getByRole('button', { name: 'Start call' }).click();
    const transcript = widget.getByRole('region', { name: 'Call transcript' });
    const link = transcript.locator('.product-card .product-link').first();
    await link.waitFor({ timeout: 30_000 });
    // During the call a page of the store opens in this tab, so the call can follow.
    expect(await link.getAttribute('target')).toBeNull();
    const href = new URL((await link.getAttribute('href')) ?? '', session.server.url).href;
    await link.click();
    await page.waitForURL(href);

    await widget.locator('.call-bar').waitFor();
    const name = await page.locator('main h1').textContent();
    await transcript
      .getByText(`I am still here. Now you are looking at the ${name ?? ''}.`)
      .waitFor({ timeout: 30_000 });
    await widget.getByRole('button', { name: 'End call' }).click();
    await widget.locator('.call-bar').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('store-assistant:kept-call'))).toBeNull();
    await widget.getByText(/Call ended/).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
