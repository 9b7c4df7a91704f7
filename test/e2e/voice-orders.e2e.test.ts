import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../support/patience';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';
import { DAILY_CALL_MACHINE_URL, FAKE_CALL_MACHINE, startVapiLoopback } from './vapi-loopback';

// Orders by voice, in Chromium, through the real Vapi SDK and daily-js: the Vapi API is a loopback
// stand-in and Daily's call machine a fake that plays the assistant's `lookup_order` tool call as Vapi's
// server sends it, and records what the widget tells the assistant back.

const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const SIGNATURE = 'a'.repeat(64);
const patiently = { timeout: PATIENCE_MS };

let session: E2eSession;
let vapi: Awaited<ReturnType<typeof startVapiLoopback>>;
let store: FixtureServer;

beforeAll(async () => {
  [session, vapi, store] = await Promise.all([startSession(FAKE_MEDIA), startVapiLoopback(), startFixtureServer()]);
  store.handle('/api/chat', (_request, response) => replyJson(response, { output: 'Hello!' }));
});

afterAll(async () => {
  await Promise.all([session?.close(), vapi?.close(), store?.close()]);
});

/** A store page whose signed-in shopper starts a call on the real Vapi SDK, which the fake call machine joins. */
async function openCall(name: string, viewport: { width: number; height: number }) {
  const opened = await session.newPage({ permissions: ['microphone'], viewport });
  const { page, context } = opened;
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    DAILY_CALL_MACHINE_URL.test(route.request().url())
      ? route.fulfill({ contentType: 'text/javascript', body: FAKE_CALL_MACHINE })
      : route.abort(),
  );
  const attributes = `webhook-url="${store.url}/api/chat" typing-speed="0" store-url="${store.url}/"
    customer-id="7001" customer-name="Ada" customer-signature="${SIGNATURE}"
    vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${vapi.url}"`;
  await page.goto(store.page(`/voice-orders-${name}`, widgetPage(attributes)));
  const widget = page.locator('store-assistant');
  await widget.getByRole('button', { name: 'Ask a question' }).click();
  await widget.getByText('Hello!', { exact: true }).waitFor();
  await widget.getByRole('button', { name: 'Start call' }).click();
  await page.waitForFunction(() => Boolean(window.fakeCallMachine?.joined));
  await widget.getByText('Live call').first().waitFor();
  return { ...opened, widget, transcript: widget.getByRole('region', { name: 'Call transcript' }) };
}

async function lookupOrder(page: Page, id: string, orders: unknown[]): Promise<void> {
  const message = {
    type: 'tool-calls',
    toolCallList: [{ id, type: 'function', function: { name: 'lookup_order', arguments: JSON.stringify({ orders }) } }],
  };
  await page.evaluate((each) => window.fakeCallMachine?.deliver(each), message);
}

/** What the widget told the assistant about tool call `id`; waits until it was told. */
async function toldAbout(page: Page, id: string): Promise<string> {
  const told = () =>
    page.evaluate(
      (prefix) =>
        (window.fakeCallMachine?.received ?? [])
          .map((message) => (message as { message?: { content?: unknown } }).message?.content)
          .find((content): content is string => typeof content === 'string' && content.startsWith(prefix)) ?? '',
      `Result of the tool lookup_order (call ${id}): `,
    );
  await expect.poll(told, patiently).not.toBe('');
  return told();
}

const order = (number: string, status: string) => ({
  number,
  status,
  date: '2026-11-22',
  items: [{ title: 'Canvas Tote', quantity: 1 }],
  total: 39,
  currency: 'USD',
  tracking: { number: `JD${number}`, carrier: 'DHL', url: `https://www.dhl.com/track?id=JD${number}` },
  expectedDelivery: '2026-11-28',
  returnUrl: 'javascript:alert(1)',
});

describe('orders by voice, through the real SDK', () => {
  it("the call starts knowing the signed-in shopper, and lookup_order's cards show in the call's thread", async () => {
    const { page, transcript, pageErrors } = await openCall('one', { width: 390, height: 844 });
    const started = vapi.calls().at(-1)?.body as { assistantOverrides?: { variableValues?: Record<string, string> } };
    expect(started.assistantOverrides?.variableValues).toMatchObject({
      customer_id: '7001',
      customer_name: 'Ada',
      customer_signature: SIGNATURE,
    });

    await lookupOrder(page, 'order-1', [order('1047', 'shipped')]);
    const card = transcript.locator('[part~="order-card"]');
    await card.getByRole('img', { name: 'Order 1047: Shipped, step 3 of 5.' }).waitFor();
    expect(await card.locator('.order-actions').count()).toBe(0);
    expect(await toldAbout(page, 'order-1')).toBe(
      'Result of the tool lookup_order (call order-1): ' +
        '{"ok":true,"shown":1,"orders":[{"number":"1047","status":"shipped","expectedDelivery":"2026-11-28"}]}',
    );
    expect(pageErrors).toEqual([]);
  });

  it('several orders show as a short list, capped like a reply', async () => {
    const { page, transcript } = await openCall('list', { width: 390, height: 844 });
    const statuses = ['out_for_delivery', 'shipped', 'paid', 'placed', 'delivered', 'cancelled', 'refunded'];
    await lookupOrder(
      page,
      'order-list',
      statuses.map((status, index) => order(String(1048 - index), status)),
    );
    const list = transcript.getByRole('list', { name: 'Your orders' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(5);
    expect(await toldAbout(page, 'order-list')).toContain('"shown":5');
  });
});
