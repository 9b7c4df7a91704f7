import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_UNASKED_ADD_QUANTITY,
  MAX_UNASKED_ADDS_PER_MINUTE,
  MAX_UNASKED_CALL_LINES,
} from '../../src/app/calls/call-cart-caps';
import { PATIENCE_MS } from '../support/patience';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';
import { DAILY_CALL_MACHINE_URL, FAKE_CALL_MACHINE, startVapiLoopback } from './vapi-loopback';

// What a voice call does to the store's cart, in Chromium, through the real Vapi SDK and daily-js: the
// Vapi API is a loopback stand-in, Daily's call machine a fake that joins at once and plays the
// assistant's messages (`tool-calls`) as Vapi's server sends them, and records what the widget tells
// the assistant. The store is a fixture with Shopify's Ajax Cart API contract (`commerce="shopify"`).

// Fake audio devices, so getUserMedia works in headless Chromium (see voice.e2e.test.ts).
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

let session: E2eSession;
let vapi: Awaited<ReturnType<typeof startVapiLoopback>>;
let store: FixtureServer;

/** The fixture store's catalogue: variant id to title. Only 4242 has a picture. */
const CATALOGUE: Record<string, string> = Object.fromEntries(
  Array.from({ length: 10 }, (_, index) => [String(4242 + index), index === 0 ? 'Linen Shirt' : `Gift ${index}`]),
);
const PRICE_CENTS = 6400;
/** For expect.poll: it waits until the value comes, bounded by the suite's patience. */
const patiently = { timeout: PATIENCE_MS };
/** The one visitor's cart: variant id to quantity (the tests run one after another, each from empty). */
const cart = new Map<string, number>();
const itemCount = () => [...cart.values()].reduce((sum, quantity) => sum + quantity, 0);

function cartJson() {
  return {
    item_count: itemCount(),
    total_price: itemCount() * PRICE_CENTS,
    currency: 'USD',
    items: [...cart].map(([id, quantity]) => ({
      id: Number(id),
      variant_id: Number(id),
      product_title: CATALOGUE[id],
      quantity,
      final_price: PRICE_CENTS,
    })),
  };
}

/** The store's side of Shopify's Ajax Cart API, as the demo store implements it (demo/store.mjs). */
function serveCart(server: FixtureServer) {
  server.handle('/cart.js', (_request, response) => replyJson(response, cartJson()));
  server.handle('/cart/add.js', (_request, response, body) => {
    const items = (JSON.parse(body) as { items: { id: number; quantity: number }[] }).items;
    for (const { id, quantity } of items) {
      if (!CATALOGUE[String(id)]) return replyJson(response, { status: 404, description: 'Cannot find variant' }, 404);
      cart.set(String(id), (cart.get(String(id)) ?? 0) + quantity);
    }
    replyJson(response, { items: cartJson().items.filter((item) => items.some((add) => add.id === item.id)) });
  });
  server.handle('/cart/change.js', (_request, response, body) => {
    const { id, quantity } = JSON.parse(body) as { id: string; quantity: number };
    if (!cart.has(String(id))) {
      return replyJson(response, { status: 400, description: 'Cannot find the line to change.' }, 400);
    }
    if (quantity === 0) cart.delete(String(id));
    else cart.set(String(id), quantity);
    replyJson(response, cartJson());
  });
}

beforeAll(async () => {
  [session, vapi, store] = await Promise.all([startSession(FAKE_MEDIA), startVapiLoopback(), startFixtureServer()]);
  serveCart(store);
  store.handle('/images/linen-shirt.svg', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
    response.end('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80"/></svg>');
  });
  // The webhook shows the linen shirt's card, with its picture, whatever the visitor asks.
  store.handle('/api/chat', (_request, response) =>
    replyJson(response, {
      output: 'Here is our linen shirt.',
      products: [
        {
          title: 'Linen Shirt',
          variantId: '4242',
          price: '64.00',
          image: '/images/linen-shirt.svg',
          url: '/products/linen-shirt',
        },
      ],
    }),
  );
});

afterAll(async () => {
  await Promise.all([session?.close(), vapi?.close(), store?.close()]);
});

beforeEach(() => {
  cart.clear();
});

/**
 * A store page with the widget on the real Vapi SDK: the visitor sees the linen shirt's card in the chat,
 * then starts a call, which the fake call machine joins.
 */
async function openCall(name: string, viewport = { width: 1280, height: 900 }) {
  const opened = await session.newPage({ permissions: ['microphone'], viewport });
  const { page, context } = opened;
  // Daily's call machine comes from Daily's CDN: the fake stands in for it; nothing else leaves the machine.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    DAILY_CALL_MACHINE_URL.test(route.request().url())
      ? route.fulfill({ contentType: 'text/javascript', body: FAKE_CALL_MACHINE })
      : route.abort(),
  );
  const attributes = `webhook-url="${store.url}/api/chat" typing-speed="0" commerce="shopify"
    vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${vapi.url}"`;
  await page.goto(store.page(`/voice-cart-${name}`, widgetPage(attributes)));
  const widget = page.locator('store-assistant');
  await widget.getByRole('button', { name: 'Ask a question' }).click();
  await widget.locator('.product-card', { hasText: 'Linen Shirt' }).first().waitFor();
  await widget.getByRole('button', { name: 'Start call' }).click();
  await page.waitForFunction(() => Boolean(window.fakeCallMachine?.joined));
  await widget.getByText('Live call').first().waitFor();
  const transcript = widget.getByRole('region', { name: 'Call transcript' });
  return { ...opened, widget, transcript };
}

/** One `tool-calls` message of the assistant, as Vapi's server sends it. */
function toolCalls(calls: { id: string; name: string; args: Record<string, unknown> }[]) {
  return {
    type: 'tool-calls',
    toolCallList: calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    })),
  };
}

const addToCart = (id: string, variantId: string, quantity: number) => ({
  id,
  name: 'add_to_cart',
  args: { variantId, quantity },
});

async function deliver(page: Page, message: unknown): Promise<void> {
  await page.evaluate((each) => window.fakeCallMachine?.deliver(each), message);
}

/** What the widget told the assistant (the `add-message` system lines), in order. */
async function toldAssistant(page: Page): Promise<string[]> {
  const received = await page.evaluate(() => window.fakeCallMachine?.received ?? []);
  return received.flatMap((message) => {
    const sent = message as { type?: string; message?: { role?: string; content?: string } };
    return sent.type === 'add-message' && typeof sent.message?.content === 'string' ? [sent.message.content] : [];
  });
}

/** The result the assistant was told for tool call `id`, parsed; waits until it was told. */
async function toolResult(page: Page, id: string): Promise<Record<string, unknown>> {
  const prefix = `Result of the tool add_to_cart (call ${id}): `;
  await expect
    .poll(async () => (await toldAssistant(page)).some((line) => line.startsWith(prefix)), patiently)
    .toBe(true);
  const line = (await toldAssistant(page)).find((each) => each.startsWith(prefix)) ?? '';
  return JSON.parse(line.slice(prefix.length)) as Record<string, unknown>;
}

describe('Undo of what a call added, through the real SDK', () => {
  it('two adds of one variant, both undone: the cart ends at 0, each card and the assistant are told the truth', async () => {
    const { page, transcript, pageErrors } = await openCall('undo-twice');
    await deliver(page, toolCalls([addToCart('add-1', '4242', 1)]));
    expect(await toolResult(page, 'add-1')).toMatchObject({ ok: true, added: 1, cart: { itemCount: 1 } });
    await deliver(page, toolCalls([addToCart('add-2', '4242', 1)]));
    expect(await toolResult(page, 'add-2')).toMatchObject({ ok: true, added: 1, cart: { itemCount: 2 } });
    expect(cart.get('4242')).toBe(2);

    const undos = transcript.getByRole('button', { name: /^Undo/ });
    await expect.poll(() => undos.count(), patiently).toBe(2);
    await undos.first().click();
    await transcript.getByText('Removed from your cart').waitFor();
    await undos.first().click();
    await expect.poll(() => undos.count(), patiently).toBe(0);

    expect(itemCount()).toBe(0);
    expect(await transcript.getByText('Removed from your cart').count()).toBe(2);
    expect(await transcript.getByText('Already removed from your cart').count()).toBe(0);
    const undoReports = (await toldAssistant(page)).filter((line) => line.startsWith('The visitor pressed Undo'));
    expect(undoReports).toEqual([
      'The visitor pressed Undo in the chat: 1 × Linen Shirt (variant 4242) was taken out of the cart again.',
      'The visitor pressed Undo in the chat: 1 × Linen Shirt (variant 4242) was taken out of the cart again.',
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('after the visitor changed the cart themselves, Undo takes back only what is left and says when nothing is', async () => {
    const { page, transcript, pageErrors } = await openCall('undo-changed');
    await deliver(page, toolCalls([addToCart('add-shirt', '4242', 1), addToCart('add-gift', '4243', 2)]));
    expect(await toolResult(page, 'add-gift')).toMatchObject({ ok: true, added: 2, cart: { itemCount: 3 } });

    // In the store's own page, the visitor takes the shirt out and lowers the gifts to one.
    await page.evaluate(async () => {
      const change = (id: string, quantity: number) =>
        fetch('/cart/change.js', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id, quantity }),
        });
      await change('4242', 0);
      await change('4243', 1);
    });
    expect(cartJson().items.map((item) => [item.variant_id, item.quantity])).toEqual([[4243, 1]]);

    const shirtCard = transcript.locator('.product-card', { hasText: 'Linen Shirt' });
    await shirtCard.getByRole('button', { name: /^Undo/ }).click();
    await shirtCard.getByText('Already removed from your cart').waitFor();
    const giftCard = transcript.locator('.product-card', { hasText: 'Gift 1' });
    await giftCard.getByRole('button', { name: /^Undo/ }).click();
    await giftCard.getByText('Removed from your cart').waitFor();

    expect(itemCount()).toBe(0);
    const undoReports = (await toldAssistant(page)).filter((line) => line.startsWith('The visitor pressed Undo'));
    expect(undoReports).toEqual([
      'The visitor pressed Undo in the chat, but Linen Shirt (variant 4242) was no longer in the cart (already removed): nothing was taken out.',
      'The visitor pressed Undo in the chat: only 1 of the 2 × Gift 1 (variant 4243) added were still in the cart, and those were taken out.',
    ]);
    expect(pageErrors).toEqual([]);
  });
});

describe('what a call may add without a click, through the real SDK', () => {
  it('one message of ten adds of ten adds nothing at once: each waits for a click, and the assistant hears why', async () => {
    const { page, transcript, pageErrors } = await openCall('caps-quantity');
    const burst = Array.from({ length: 10 }, (_, index) => addToCart(`ten-${index}`, '4242', 10));
    await deliver(page, toolCalls(burst));
    for (const call of burst) {
      expect(await toolResult(page, call.id)).toMatchObject({
        ok: false,
        needsVisitorConfirmation: true,
        error: expect.stringContaining(`more than ${MAX_UNASKED_ADD_QUANTITY} at once`),
      });
    }
    expect(itemCount()).toBe(0);
    // The confirmations show while the call runs, under the call's cards, where the assistant said they are.
    const proposals = transcript.locator('.sa-proposal', { hasText: /10 ×/ }).filter({ hasText: 'Linen Shirt' });
    await expect.poll(() => proposals.count(), patiently).toBe(burst.length);

    // Only the visitor's click adds.
    await proposals.first().getByRole('button', { name: 'Add to cart' }).click();
    await proposals.first().getByText('Added').waitFor();
    expect(itemCount()).toBe(10);
    expect(pageErrors).toEqual([]);
  });

  it('ten products in one message: the call adds the few it may; the rest, and a second burst in the minute, wait', async () => {
    const { page, widget, transcript, pageErrors } = await openCall('caps-burst');
    const products = Object.keys(CATALOGUE).map((variantId, index) => addToCart(`one-${index}`, variantId, 1));
    await deliver(page, toolCalls(products));
    const results = [];
    for (const call of products) results.push(await toolResult(page, call.id));
    const added = products.slice(0, MAX_UNASKED_CALL_LINES);
    expect(results.slice(0, added.length)).toEqual(added.map(() => expect.objectContaining({ ok: true, added: 1 })));
    expect(results.slice(added.length)).toEqual(
      products.slice(added.length).map(() =>
        expect.objectContaining({
          ok: false,
          needsVisitorConfirmation: true,
          error: expect.stringContaining(`more than ${MAX_UNASKED_CALL_LINES} different products in one call`),
        }),
      ),
    );
    expect(itemCount()).toBe(added.length);
    const proposals = transcript.locator('.sa-proposal');
    await expect.poll(() => proposals.count(), patiently).toBe(products.length - added.length);

    // A second message within the minute, of products the call already added: over the adds a minute may take.
    const again = ['4242', '4243', '4244'].map((variantId) => addToCart(`again-${variantId}`, variantId, 1));
    await deliver(page, toolCalls(again));
    for (const call of again) {
      expect(await toolResult(page, call.id)).toMatchObject({
        ok: false,
        needsVisitorConfirmation: true,
        error: expect.stringContaining(`more than ${MAX_UNASKED_ADDS_PER_MINUTE} adds in a minute`),
      });
    }
    await expect.poll(() => proposals.count(), patiently).toBe(products.length - added.length + again.length);
    expect(itemCount()).toBe(added.length);
    await widget.getByRole('group', { name: 'Cart' }).getByText(`${added.length} in your cart`).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe("the card of what a call added (issue 28's item 9)", () => {
  it('shows the picture the chat showed for it, with Undo beside Added, both words centred', async () => {
    const { page, transcript, pageErrors } = await openCall('card', { width: 390, height: 844 });
    // The assistant shows the product again with only its title and id, then adds it.
    await deliver(
      page,
      toolCalls([
        { id: 'show', name: 'show_products', args: { products: [{ title: 'Linen Shirt', variantId: '4242' }] } },
      ]),
    );
    await deliver(page, toolCalls([addToCart('add', '4242', 1)]));
    expect(await toolResult(page, 'add')).toMatchObject({ ok: true });
    const card = transcript.locator('.product-card', { has: page.getByRole('button', { name: /^Undo/ }) });
    await card.locator('img.product-image').waitFor();
    expect(await card.locator('img.product-image').getAttribute('src')).toBe(`${store.url}/images/linen-shirt.svg`);
    await expect
      .poll(
        () =>
          card.locator('img.product-image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        patiently,
      )
      .toBeGreaterThan(0);
    expect(await card.locator('.product-image-placeholder').count()).toBe(0);

    const geometry = await card.evaluate((element) => {
      const box = (node: Element) => node.getBoundingClientRect();
      /** The box of an element's own words (its first text node), not of its padding. */
      const words = (node: Element) => {
        const range = document.createRange();
        range.selectNodeContents(node.firstChild as Node);
        return range.getBoundingClientRect();
      };
      const added = element.querySelector('.sa-cart-added') as HTMLElement;
      const undo = element.querySelector('.sa-undo-button') as HTMLElement;
      const centre = (outer: DOMRect, inner: DOMRect) =>
        Math.abs(outer.left + outer.width / 2 - (inner.left + inner.width / 2));
      const [addedBox, undoBox, bodyBox] = [
        box(added),
        box(undo),
        box(element.querySelector('.product-body') as Element),
      ];
      return {
        sameRow: Math.abs(addedBox.top - undoBox.top) < 1 && Math.abs(addedBox.height - undoBox.height) < 1,
        undoAfterAdded: undoBox.left >= addedBox.right,
        insideCard: addedBox.left >= bodyBox.left - 0.5 && undoBox.right <= bodyBox.right + 0.5,
        addedCentred: centre(addedBox, words(added)) < 1.5,
        undoCentred: centre(undoBox, words(undo)) < 1.5,
      };
    });
    expect(geometry).toEqual({
      sameRow: true,
      undoAfterAdded: true,
      insideCard: true,
      addedCentred: true,
      undoCentred: true,
    });
    expect(pageErrors).toEqual([]);
  });
});
