import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { n8nInstallDir, N8N_VERSION } from './install';
import { DEMO_SHOPPER, signCustomerId } from '../../../demo/orders.mjs';
import { gradientPng } from './photo';
import { send, withN8nSuite } from './suite';
import { STREAMING_WEBHOOK_PATH, WEBHOOK_PATH, streamingWorkflowForStore, workflowForStore } from './workflows';

// The widget against a real n8n running demo/n8n-workflow.json, from a store page on another origin.
// It installs n8n from the npm registry (minutes the first time, then cached), so it runs only when
// asked: N8N_E2E=1 npm test, or npm run test:n8n.

const ENABLED = process.env.N8N_E2E === '1';
const SKIP_REASON = `set N8N_E2E=1 to run it (it installs n8n ${N8N_VERSION} into ${n8nInstallDir()} on first use)`;
if (!ENABLED) console.info(`real n8n suite skipped: ${SKIP_REASON}`);

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('store-assistant .product-card .product-title').allTextContents();
}

/** The page's shopper, as a store's template would give them: `signature` as their server signed it (or forged). */
async function signIn(page: Page, signature: string): Promise<void> {
  const identified = await page.evaluate(
    (identity) =>
      (document.querySelector('store-assistant') as HTMLElement & { identify(who: unknown): boolean }).identify(
        identity,
      ),
    { id: DEMO_SHOPPER.id, email: DEMO_SHOPPER.email, name: DEMO_SHOPPER.name, signature },
  );
  expect(identified).toBe(true);
}

describe.skipIf(!ENABLED)(`the widget against a real n8n ${N8N_VERSION} running demo/n8n-workflow.json`, () => {
  const suite = withN8nSuite((storeOrigin, webhooks) => ({
    pages: { '/': `${webhooks}${WEBHOOK_PATH}`, '/streaming': `${webhooks}${STREAMING_WEBHOOK_PATH}` },
    workflows: [workflowForStore(storeOrigin), streamingWorkflowForStore(storeOrigin)],
    readyPaths: [WEBHOOK_PATH, STREAMING_WEBHOOK_PATH],
  }));
  const { openChat, botReply } = suite;

  it('greets the visitor', async () => {
    const { page, pageErrors } = await openChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    const greeting = await botReply(page, 0);
    expect(greeting).toContain("Hello! 👋 I'm the shop assistant.");
    expect(await page.locator('store-assistant .message.bot li').allTextContents()).toEqual([
      'show you our new arrivals',
      'find a product (try shirt, tote or mug)',
      'explain how to track an order',
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the new arrivals as product cards', async () => {
    const { page, pageErrors } = await openChat();
    await page.getByRole('button', { name: 'New arrivals' }).click();
    expect(await botReply(page, 0)).toContain('Fresh in this week! Here are our new arrivals:');
    expect(await page.locator('store-assistant .message.bot strong').first().textContent()).toBe('new arrivals');
    await expect.poll(() => cardTitles(page)).toEqual(['Linen Shirt', 'Canvas Tote', 'Ceramic Mug', 'Trail Sneakers']);
    const links = await page
      .locator('store-assistant .product-card a')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links).toEqual(
      expect.arrayContaining([
        'https://example.com/products/linen-shirt',
        'https://example.com/products/trail-sneakers',
      ]),
    );
    expect(await page.locator('store-assistant .product-card').first().textContent()).toMatch(/\$49\.00(?!\d)/);
    expect(pageErrors).toEqual([]);
  });

  it('finds a product by keyword', async () => {
    const { page } = await openChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await botReply(page, 0);
    await send(page, 'Do you have linen shirts?');
    expect(await botReply(page, 1)).toContain(
      'Here is our Linen Shirt ($49.00): Breathable relaxed-fit shirt in washed linen.',
    );
    expect(await cardTitles(page)).toEqual(['Linen Shirt']);
  });

  it('answers a message with an attached image', async () => {
    const { page, pageErrors } = await openChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await botReply(page, 0);
    await page
      .locator('store-assistant input[type="file"]')
      .setInputFiles({ name: 'jacket.png', mimeType: 'image/png', buffer: gradientPng() });
    await page.locator('store-assistant .attachment-preview').waitFor();
    await send(page, 'Do you have this in blue?');
    const reply = await botReply(page, 1);
    // The Code node saw the image (inlined as a data URL) apart from the caption.
    expect(reply).toContain('Thanks for the photo! 📷');
    expect(reply).toContain('You asked: Do you have this in blue?');
    expect(reply).not.toContain('data:image');
    expect(await page.locator('store-assistant .message.user img').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('picks up an earlier question: the reply depends on the history the widget sends', async () => {
    const { page } = await openChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await botReply(page, 0);
    await send(page, 'Do you sell ceramic mugs?');
    await botReply(page, 1);
    expect(await cardTitles(page)).toEqual(['Ceramic Mug']);
    await send(page, 'Can I pay with gift vouchers?');
    expect(await botReply(page, 2)).toContain(
      "I'm not sure I can help with that yet. Earlier you asked about Do you sell ceramic mugs?",
    );
  });

  it('shows a signed-in shopper their order once n8n has checked the signature with its Crypto node', async () => {
    const { page, pageErrors } = await openChat();
    await signIn(page, signCustomerId(DEMO_SHOPPER.id, 'lumen-demo-secret'));
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await botReply(page, 0);
    await send(page, 'Where is order 1047?');
    expect(await botReply(page, 1)).toContain(`Here are your recent orders, ${DEMO_SHOPPER.name}:`);
    const card = page.locator('store-assistant .order-card');
    await expect.poll(() => card.locator('.order-title').allTextContents()).toEqual(['Order 1047']);
    expect(await card.textContent()).toContain('Canvas Tote');
    expect(pageErrors).toEqual([]);
  });

  it('answers a forged signature helpfully, without any order data', async () => {
    const { page, pageErrors } = await openChat();
    await signIn(page, 'f'.repeat(64));
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await botReply(page, 0);
    await send(page, 'Where is order 1047?');
    const reply = await botReply(page, 1);
    expect(reply).toContain("I couldn't confirm that you're signed in, so I can't show order details here.");
    expect(await page.locator('store-assistant .order-card').count()).toBe(0);
    expect(await page.locator('store-assistant').evaluate((host) => host.shadowRoot?.textContent ?? '')).not.toMatch(
      /Canvas Tote|JD014600006275/,
    );
    expect(pageErrors).toEqual([]);
  });

  it('answers the CORS preflight for the store origin only', async () => {
    const { n8n, store } = suite;
    const preflight = (origin: string) =>
      fetch(`${n8n.url}${WEBHOOK_PATH}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const allowed = await preflight(store.origin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(store.origin);
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    // n8n names the one allowed origin whoever asks, so a browser on any other site refuses the reply.
    const other = await preflight('http://127.0.0.1:9');
    expect(other.headers.get('access-control-allow-origin')).not.toBe('http://127.0.0.1:9');
    expect(other.headers.get('access-control-allow-origin')).not.toBe('*');

    const reply = await fetch(`${n8n.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { Origin: store.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Hi', history: [], sessionId: 'cors-check' }),
    });
    expect(reply.headers.get('access-control-allow-origin')).toBe(store.origin);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(await reply.json()).toEqual({ output: expect.stringContaining("I'm the shop assistant") });
  });

  it("reads the reply from n8n's streaming response mode", async () => {
    const { n8n, store } = suite;
    const raw = await fetch(`${n8n.url}${STREAMING_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { Origin: store.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Shop new arrivals', history: [], sessionId: 'stream-check' }),
    });
    const lines = (await raw.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; content?: string });
    expect(lines.map((line) => line.type)).toEqual(['begin', 'item', 'end']);

    const { page, pageErrors } = await openChat('/streaming');
    // Every text the streaming bubble showed on its way to the final reply.
    const shown = await page.evaluateHandle(() => {
      const texts: string[] = [];
      const root = document.querySelector('store-assistant')?.shadowRoot;
      if (!root) throw new Error('the widget has no shadow root');
      new MutationObserver(() => {
        const text = root.querySelector('.bubble.streaming')?.textContent;
        if (text && texts.at(-1) !== text) texts.push(text);
      }).observe(root, { subtree: true, childList: true, characterData: true });
      return texts;
    });
    await page.getByRole('button', { name: 'New arrivals' }).click();
    expect(await botReply(page, 0)).toContain('Fresh in this week! Here are our new arrivals:');
    await expect.poll(() => cardTitles(page)).toEqual(['Linen Shirt', 'Canvas Tote', 'Ceramic Mug', 'Trail Sneakers']);
    // The item's text is the whole JSON reply: it is parsed once complete, never shown raw on its way.
    expect(await shown.jsonValue()).toEqual([]);
    expect(await page.locator('store-assistant .message.bot').first().textContent()).not.toContain('"output"');
    expect(pageErrors).toEqual([]);
  });
});
