// The configurator's "Connect your store" step in Chromium: the filled workflow file it downloads, the
// webhook address carried into the snippet, and its check against loopback webhooks that answer as a
// store's workflow does (the widget's reply shape, docs/webhook.md) or break as one can.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback, type LoopbackServer } from '../support/loopback/http';
import { startSession, type E2eSession } from './harness';

const CARDS = [
  { title: 'Harbor Linen Shirt', url: 'https://harbor.example/products/linen-shirt', price: '€59.00', variantId: '1' },
  { title: 'Tidewater Raincoat', url: 'https://harbor.example/products/raincoat', price: '€129.00', variantId: '2' },
];

/** What each path of the loopback webhook answers, and whether it allows other origins (CORS). */
const ANSWERS: Record<string, { cors: boolean; body: unknown }> = {
  '/working': { cors: true, body: { output: 'We sell linen and rainwear.', products: CARDS } },
  '/no-cors': { cors: false, body: { output: 'We sell linen and rainwear.', products: CARDS } },
  '/wrong-shape': { cors: true, body: { ok: true, items: 2 } },
  '/no-products': { cors: true, body: { output: "I couldn't find anything like that in our shop." } },
};

let session: E2eSession;
let webhook: LoopbackServer;
/** The bodies the loopback webhook received, by path. */
const received: { path: string; body: string }[] = [];
/** An address nothing listens on: a port that was free a moment ago. */
let unreachableUrl: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [session, webhook] = await Promise.all([
    startSession(),
    startLoopback((request, response, body) => {
      const path = new URL(request.url ?? '/', 'http://loopback').pathname;
      const answer = ANSWERS[path];
      // Only /no-cors leaves CORS out; an unknown path answers 404 with it, as a server that allows this page.
      const cors =
        (answer?.cors ?? true)
          ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type' }
          : {};
      if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
      if (!answer || request.method !== 'POST') return void response.writeHead(404, cors).end('Not found');
      received.push({ path, body });
      response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    }),
  ]);
  unreachableUrl = `http://127.0.0.1:${await freePort()}/webhook/store-assistant-shopify`;
});
afterAll(async () => {
  await Promise.all([session?.close(), webhook?.close()]);
});

async function openConfigurator(): Promise<Page> {
  const { page } = await session.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await page.goto(`${session.server.url}/configurator`);
  await page.locator('#configurator[data-state="ready"]').waitFor();
  return page;
}

/** Enters `url` as the workflow's webhook, presses Check and gives back the sentence it ends with. */
async function check(page: Page, url: string): Promise<{ verdict: string | null; sentence: string }> {
  const status = page.locator('#check-status');
  await page.getByLabel('Webhook address', { exact: true }).fill(url);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.locator('#check-status[data-verdict]').waitFor();
  return { verdict: await status.getAttribute('data-verdict'), sentence: (await status.textContent()) ?? '' };
}

describe('Connect your store', () => {
  it('downloads the shipped Shopify workflow with the shop and the model filled in, and says where the base URL goes', async () => {
    const page = await openConfigurator();
    await page.getByLabel('Platform', { exact: true }).selectOption('shopify');
    await page.getByLabel("Shop's domain", { exact: true }).fill('harbor-goods.myshopify.com');
    await page.getByLabel("Model's base URL", { exact: true }).fill('http://127.0.0.1:11434/v1');
    await page.getByLabel('Model name', { exact: true }).fill('harbor-chat-1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the workflow' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('shopify.json');
    const downloaded = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      nodes: { name: string; parameters: Record<string, unknown> }[];
    };
    const shipped = JSON.parse(await readFile(new URL('../../workflows/shopify.json', import.meta.url), 'utf8')) as {
      nodes: { name: string; parameters: { assignments: { assignments: { name: string; value: string }[] } } }[];
    };
    const filled: Record<string, string> = {
      shopUrl: 'https://harbor-goods.myshopify.com',
      model: 'harbor-chat-1',
    };
    for (const node of shipped.nodes)
      if (node.name === 'Store settings')
        for (const field of node.parameters.assignments.assignments) field.value = filled[field.name] ?? field.value;
    expect(downloaded).toEqual(shipped);
    await expect
      .poll(() => page.locator('#workflow-status').textContent())
      .toContain('"Store assistant model" with your API key and the Base URL http://127.0.0.1:11434/v1,');
  });

  it('marks what it cannot fill in, and downloads nothing', async () => {
    const page = await openConfigurator();
    await page.getByLabel('Platform', { exact: true }).selectOption('any-store');
    await page.getByLabel('Search URL', { exact: true }).fill('https://walnut.example/search?q=board');
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('button', { name: 'Download the workflow' }).click();
    await expect
      .poll(() => page.locator('#message-connect-address').textContent())
      .toBe('Enter your search URL, such as https://shop.example.com/search.json (without ?q=).');
    expect(await page.locator('#workflow-status').textContent()).toBe('Fix the fields marked above first.');
    expect(downloads).toBe(0);
  });

  it("carries the webhook into the snippet, and the check sends the widget's request and counts the cards", async () => {
    const page = await openConfigurator();
    await page.getByLabel('Platform', { exact: true }).selectOption('woocommerce');
    const result = await check(page, `${webhook.origin}/working`);
    expect(result).toEqual({ verdict: 'success', sentence: 'Your store answered with 2 products.' });
    const request = JSON.parse(received.find((call) => call.path === '/working')?.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(request).toMatchObject({ message: 'What do you sell?', history: [] });
    expect(request.messageId).toMatch(new RegExp(`^${String(request.sessionId)}:`));
    const snippet = (await page.locator('#connect-snippet').textContent()) ?? '';
    expect(snippet).toContain(`webhook-url="${webhook.origin}/working"`);
    expect(snippet).toContain('commerce="woocommerce"');
  });

  it('says in plain words what is wrong with a broken webhook', async () => {
    const page = await openConfigurator();
    expect(await check(page, unreachableUrl)).toEqual({
      verdict: 'unreachable',
      sentence: expect.stringMatching(/^The webhook could not be reached\./),
    });
    expect(await check(page, `${webhook.origin}/no-cors`)).toEqual({
      verdict: 'cors',
      sentence: expect.stringContaining(`your browser blocked its reply (CORS)`),
    });
    expect(await check(page, `${webhook.origin}/wrong-shape`)).toEqual({
      verdict: 'wrong-shape',
      sentence: expect.stringContaining('but with nothing the widget can show'),
    });
    expect(await check(page, `${webhook.origin}/no-products`)).toEqual({
      verdict: 'no-products',
      sentence: expect.stringContaining(`with no products: "I couldn't find anything like that in our shop."`),
    });
    expect(await check(page, `${webhook.origin}/not-a-workflow`)).toEqual({
      verdict: 'not-found',
      sentence: expect.stringContaining('404'),
    });
  });
});
