import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';
import { COUNT_MICROPHONE, microphoneAsks } from './microphone-asks';
import { startVapiLoopback } from './vapi-loopback';

// Voice and text as one conversation, in Chromium: the call starts knowing the chat (the real Vapi SDK
// posts it to a loopback Vapi API), the recording consent comes before anything of the SDK or the
// microphone, and, with the demo voice client on the demo store, the whole flow: the call knows the
// question, answers what is typed during it, shows cards, adds one to the store's cart, and the
// webhook hears the whole thread afterwards.

// Fake audio devices, so getUserMedia works in headless Chromium (see voice.e2e.test.ts).
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

let session: E2eSession;
let vapi: Awaited<ReturnType<typeof startVapiLoopback>>;
let fixtures: FixtureServer;
/** What the widget POSTed to the recording webhook, in order. */
const webhookBodies: { message: string; history: { role: string; content: string }[] }[] = [];

beforeAll(async () => {
  [session, vapi, fixtures] = await Promise.all([startSession(FAKE_MEDIA), startVapiLoopback(), startFixtureServer()]);
  // A webhook that records each request's body, then answers with the demo store's own mock webhook.
  fixtures.handle('/api/chat', async (request, response, body) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    webhookBodies.push(JSON.parse(body) as (typeof webhookBodies)[number]);
    const answer = await fetch(`${session.server.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    response.writeHead(answer.status, { 'Content-Type': answer.headers.get('Content-Type') ?? 'text/plain', ...cors });
    response.end(await answer.text());
  });
});

afterAll(async () => {
  await Promise.all([session?.close(), vapi?.close(), fixtures?.close()]);
});

/** A page on the loopback Vapi API's origin with the widget configured for the real SDK. */
async function openVapiPage(name: string, extra: string) {
  const demo = session.server.url;
  const html = `<!doctype html><html><head><title>Gift shop</title><script src="${demo}/store-assistant.js"></script></head>
    <body><store-assistant webhook-url="${demo}/api/chat" typing-speed="0" vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${vapi.url}" ${extra}></store-assistant></body></html>`;
  const opened = await session.newPage({ permissions: ['microphone'] });
  await opened.page.addInitScript(COUNT_MICROPHONE);
  await opened.page.goto(vapi.page(`/page-${name}`, html));
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  return opened;
}

const voiceEvaluated = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('store-assistant:voice-evaluated').length > 0);

async function type(page: Page, text: string) {
  const box = page.locator('store-assistant').getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

describe('the real Vapi SDK against a loopback Vapi API', () => {
  it('POST /call/web carries the conversation, the page and the store overrides as assistantOverrides', async () => {
    const { page, pageErrors } = await openVapiPage(
      'overrides',
      `vapi-assistant-overrides='{"firstMessage":"Hallo!","variableValues":{"tier":"gold","conversation":"stale"}}'`,
    );
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.locator('store-assistant .messages').getByText('Hello! I can help you').first().waitFor();
    await type(page, 'Do you gift wrap?');
    // The demo webhook answers a gift question with cards.
    await page.locator('store-assistant .product-card').first().waitFor();
    const before = vapi.calls().length;
    await page.getByRole('button', { name: 'Start call' }).click();
    // The Daily room cannot be joined offline: the call fails after the POST.
    await page.getByText('The call could not be connected.').waitFor({ timeout: 30_000 });
    const [call] = vapi.calls().slice(before);
    const overrides = (
      call?.body as {
        assistantId: string;
        assistantOverrides: { firstMessage: string; variableValues: Record<string, string> };
      }
    ).assistantOverrides;
    expect((call?.body as { assistantId: string }).assistantId).toBe('asst_e2e');
    expect(overrides.firstMessage).toBe('Hallo!');
    expect(overrides.variableValues).toMatchObject({
      tier: 'gold',
      last_question: 'Do you gift wrap?',
      visitor_language: 'en',
      page_url: vapi.page('/page-overrides', ''),
      page_title: 'Gift shop',
    });
    expect(overrides.variableValues.conversation).toMatch(
      /^Visitor: Hi\nAssistant: Hello! I can help you[^\n]*\nVisitor: Do you gift wrap\?\nAssistant: Gift ideas under \$50: \[showed: [^\n]+\]$/,
    );
    expect(JSON.parse(overrides.variableValues.shown_products_json ?? '[]')).toEqual(
      expect.arrayContaining([expect.objectContaining({ variantId: expect.any(String) })]),
    );
    expect(pageErrors).toEqual([]);
  });
});

describe('consent before recording', () => {
  it('asks first: no SDK evaluated, no microphone asked, no call placed before "Agree and call"', async () => {
    const { page } = await openVapiPage(
      'consent',
      'voice-consent="Calls are recorded. See our [privacy policy](https://shop.example/privacy)."',
    );
    const before = vapi.calls().length;
    await page.getByRole('button', { name: 'Start a live call' }).click();
    const consent = page.getByRole('group', { name: 'Before we call' });
    await consent.getByRole('link', { name: 'privacy policy' }).waitFor();
    expect(await voiceEvaluated(page)).toBe(false);
    expect(await microphoneAsks(page)).toBe(0);
    expect(vapi.calls().length).toBe(before);

    // "Not now" closes it; nothing was loaded or asked for.
    await consent.getByRole('button', { name: 'Not now' }).click();
    await consent.waitFor({ state: 'detached' });
    expect(await voiceEvaluated(page)).toBe(false);
    expect(await microphoneAsks(page)).toBe(0);

    await page.getByRole('button', { name: 'Start call' }).click();
    await consent.getByRole('button', { name: 'Agree and call' }).click();
    await expect.poll(() => vapi.calls().length).toBe(before + 1);
    expect(await microphoneAsks(page)).toBeGreaterThan(0);
    expect(await voiceEvaluated(page)).toBe(true);
    await page.getByText('The call could not be connected.').waitFor({ timeout: 30_000 });
  });
});

describe('the demo voice client on the demo store', () => {
  it('knows the question, answers typed text in the call, shows cards, adds one to the cart (Undo takes it out), and the webhook hears the thread after', async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.evaluate((element, url) => element.setAttribute('webhook-url', url), `${fixtures.url}/api/chat`);
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    await widget.locator('.message.bot').first().waitFor();
    const question = 'I need a gift for my sister, budget 40 dollars';
    await type(page, question);
    await widget.locator('.product-card').first().waitFor();
    const cardsBefore = await widget.locator('.product-card').count();
    expect(await page.locator('#cart-count').textContent()).toBe('0');
    const webhookCallsBefore = webhookBodies.length;

    await widget.getByRole('button', { name: 'Start call' }).click();
    const transcript = widget.getByRole('region', { name: 'Call transcript' });
    // The call's first line shows it knew the question typed before it.
    await expect
      .poll(() => transcript.locator('.message:not(.partial)').first().textContent(), { timeout: 15_000 })
      .toContain(`You asked: "${question}"`);

    await type(page, 'Do you have it in blue?');
    await transcript.locator('.message.user:not(.partial)', { hasText: 'Do you have it in blue?' }).waitFor();
    await transcript.getByText('You wrote: "Do you have it in blue?"').waitFor({ timeout: 20_000 });

    // The assistant shows cards in the thread, among the call's lines, and adds one to the store's cart.
    await expect.poll(() => transcript.locator('.product-card').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await widget.locator('.product-card').count()).toBeGreaterThan(cardsBefore);
    await expect.poll(() => page.locator('#cart-count').textContent(), { timeout: 30_000 }).toBe('1');
    await widget.getByRole('group', { name: 'Cart' }).getByText('1 in your cart').waitFor();
    await transcript.getByText(/^Done: the .* is in your cart/).waitFor({ timeout: 20_000 });

    // The card of what the call added says so, and Undo takes it out of the cart again.
    const addedCard = transcript.locator('.product-card', { has: page.getByRole('button', { name: /^Undo/ }) });
    await addedCard.getByText('Added', { exact: true }).waitFor();
    await addedCard.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(() => page.locator('#cart-count').textContent(), { timeout: 15_000 }).toBe('0');
    await widget.getByText('Removed from your cart').waitFor();
    expect(
      await widget
        .locator('.product-card', { hasText: 'Removed from your cart' })
        .getByRole('button', { name: /^Add to cart/ })
        .isEnabled(),
    ).toBe(true);

    // The call ends by itself; nothing of it went to the webhook meanwhile.
    await widget.locator('.call-bar').waitFor({ state: 'detached', timeout: 30_000 });
    expect(webhookBodies.length).toBe(webhookCallsBefore);

    await type(page, 'Thanks!');
    await expect.poll(() => webhookBodies.length).toBe(webhookCallsBefore + 1);
    const history = webhookBodies.at(-1)?.history.map((item) => item.content) ?? [];
    const asked = history.indexOf(question);
    const greeting = history.findIndex((line) => line.startsWith(`Hi! You asked: "${question}"`));
    // A typed line is one turn of the call; a spoken line right after it may join it (the transcript's merging rules).
    const typed = history.findIndex((line) => line.includes('Do you have it in blue?'));
    const added = history.findIndex((line) => /^Done: the .* is in your cart/.test(line));
    expect(asked).toBeGreaterThanOrEqual(0);
    expect([asked < greeting, greeting < typed, typed < added]).toEqual([true, true, true]);
    expect(history.at(-1)).toBe('You are welcome. Goodbye!');
    expect(pageErrors).toEqual([]);
  });
});

/** The demo store's cart as a theme reads it. */
const storeCart = (page: Page) =>
  page.evaluate(
    async () =>
      (await (await fetch('/cart.js')).json()) as {
        item_count: number;
        items: { variant_id: number; quantity: number }[];
      },
  );

describe('Undo of what a call added, after the cart changed', () => {
  it("takes back only that add, from the cart as it is now: the visitor's own later add stays", async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    await widget.locator('.message.bot').first().waitFor();
    await type(page, 'I need a gift for my sister, budget 40 dollars');
    await widget.locator('.product-card').first().waitFor();

    await widget.getByRole('button', { name: 'Start call' }).click();
    const transcript = widget.getByRole('region', { name: 'Call transcript' });
    await expect.poll(async () => (await storeCart(page)).item_count, { timeout: 30_000 }).toBe(1);
    const added = (await storeCart(page)).items[0]?.variant_id;
    // The visitor adds one more of the same product in the store's own page.
    await page.evaluate(async (id) => {
      await fetch('/cart/add.js', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ id, quantity: 1 }] }),
      });
    }, added);
    expect((await storeCart(page)).item_count).toBe(2);

    const addedCard = transcript.locator('.product-card', { has: page.getByRole('button', { name: /^Undo/ }) });
    await addedCard.getByRole('button', { name: /^Undo/ }).click();
    await widget.getByText('Removed from your cart').waitFor();
    // The call's one took back its one; the visitor's stays.
    expect((await storeCart(page)).items).toEqual([expect.objectContaining({ variant_id: added, quantity: 1 })]);
    await widget.locator('.call-bar').waitFor({ state: 'detached', timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });
});
