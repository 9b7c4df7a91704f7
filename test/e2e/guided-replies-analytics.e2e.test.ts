import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { chatHook, feedbackHook, openWidget, send, startChat, suggestionRow } from './guided-replies-fixtures';
import { startSession, type E2eSession } from './harness';

/**
 * analytics="datalayer" in Chromium against the built bundle: a visitor's whole visit (teaser, open,
 * a question, a reply with a card, a suggestion, a rating, close) reaches the page's Tag Manager
 * `dataLayer` under the documented event names, with no text or personal data unless
 * analytics-content="on"; so do a demo call and a cart change, without their words or products.
 */
let session: E2eSession;
let fixtures: FixtureServer;
let hook: ReturnType<typeof chatHook>;
const QUESTION = 'I am jane@example.com, do you ship to Oslo?';
const ANSWER = 'We ship worldwide, Jane.';
const FOLLOW_UP = 'Shipping is free over $50.';

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  hook = chatHook(fixtures, '/chat', {
    [QUESTION]: {
      output: ANSWER,
      products: [{ title: 'Gift card', url: '/products/gift-card', price: '$25' }],
      suggestions: ['Shipping costs', 'Returns'],
    },
    'Shipping costs': { output: FOLLOW_UP },
    'A mug please': { output: 'Here:', products: [{ title: 'Blue Mug', url: '/p/mug', id: 'mug-blue', price: '€14' }] },
  });
  feedbackHook(fixtures, '/feedback');
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** Tag Manager's snippet runs before the widget: the page's dataLayer already holds its start. */
const TAG_MANAGER =
  '<script>window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: "gtm.js" });</script>';
const GTM_START = { event: 'gtm.js' };

/** GA4's view_item_list for the gift card's reply, after `{ ecommerce: null }` (see test/unit/analytics/ga4-ecommerce.test.ts). */
const LIST = { item_list_id: 'store_assistant', item_list_name: 'Store assistant' };
const GIFT_CARD_LIST = [
  { ecommerce: null },
  {
    event: 'view_item_list',
    ecommerce: { ...LIST, items: [{ item_name: 'Gift card', price: 25, index: 0, ...LIST }] },
  },
];

const widget = (page: Page) => page.locator('store-assistant');
const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer);

/**
 * A visit: the teaser, open, "Ask a question" (which says "Hi"), a question, a suggestion, a rating,
 * close. Returns the conversation's session id.
 */
async function visit(analytics: string): Promise<{ page: Page; sessionId: unknown }> {
  const { page } = await openWidget(
    session,
    fixtures,
    `mode="floating" brand-name="Acme" webhook-url="/chat" feedback-url="/feedback" typing-speed="0" teaser="Questions? Ask us" teaser-delay="0" ${analytics}`,
    {
      extra: TAG_MANAGER,
    },
  );
  await widget(page).locator('[part~="teaser"]').waitFor();
  await widget(page).getByRole('button', { name: 'Open chat with Acme' }).click();
  await widget(page).getByRole('button', { name: 'Ask a question' }).click();
  await send(page, QUESTION);
  await suggestionRow(page).getByRole('button', { name: 'Shipping costs' }).click();
  const followUp = widget(page).locator('.message.bot').filter({ hasText: FOLLOW_UP });
  await followUp.getByRole('button', { name: 'Helpful', exact: true }).click();
  await widget(page).getByRole('button', { name: 'Close chat' }).first().click();
  await expect.poll(() => widget(page).getAttribute('open')).toBeNull();
  return { page, sessionId: hook.requests.at(-1)?.body.sessionId };
}

describe('analytics="datalayer"', () => {
  it('pushes the documented events, without texts or personal data', async () => {
    const { page, sessionId } = await visit('analytics="datalayer"');
    await expect.poll(() => dataLayer(page).then((layer) => layer?.length)).toBe(14);
    expect(await dataLayer(page)).toEqual([
      GTM_START,
      { event: 'store_assistant_teaser' },
      { event: 'store_assistant_open' },
      { event: 'store_assistant_message' },
      { event: 'store_assistant_reply' },
      { event: 'store_assistant_message' },
      { event: 'store_assistant_reply', product_count: 1 },
      ...GIFT_CARD_LIST,
      { event: 'store_assistant_message' },
      { event: 'store_assistant_suggestion_click', position: 0 },
      { event: 'store_assistant_reply' },
      { event: 'store_assistant_feedback', rating: 'up' },
      { event: 'store_assistant_close' },
    ]);
    const pushed = JSON.stringify(await dataLayer(page));
    // The card's name is the store's catalogue, pushed for GA4's ecommerce reports; the visitor's words never are.
    for (const secret of ['jane', 'Oslo', 'Shipping costs', 'worldwide', 'free over', String(sessionId)])
      expect(pushed).not.toContain(secret);
  });

  it('with analytics-content="on", adds the texts of messages, replies, suggestions and ratings, and nothing more', async () => {
    const { page, sessionId } = await visit('analytics="datalayer" analytics-content="on"');
    await expect.poll(() => dataLayer(page).then((layer) => layer?.length)).toBe(14);
    expect(await dataLayer(page)).toEqual([
      GTM_START,
      { event: 'store_assistant_teaser' },
      { event: 'store_assistant_open' },
      { event: 'store_assistant_message', content: 'Hi' },
      { event: 'store_assistant_reply', content: 'You said: Hi' },
      { event: 'store_assistant_message', content: QUESTION },
      { event: 'store_assistant_reply', product_count: 1, content: ANSWER },
      ...GIFT_CARD_LIST,
      { event: 'store_assistant_message', content: 'Shipping costs' },
      { event: 'store_assistant_suggestion_click', position: 0, content: 'Shipping costs' },
      { event: 'store_assistant_reply', content: FOLLOW_UP },
      { event: 'store_assistant_feedback', rating: 'up', content: FOLLOW_UP },
      { event: 'store_assistant_close' },
    ]);
    expect(JSON.stringify(await dataLayer(page))).not.toContain(String(sessionId));
  });

  it("without the attribute, the page's dataLayer is left as it was", async () => {
    const { page } = await visit('');
    expect(await dataLayer(page)).toEqual([GTM_START]);
  });

  it('a demo call pushes its start and its length, never its lines', async () => {
    const { page } = await openWidget(
      session,
      fixtures,
      'webhook-url="/chat" voice-provider="demo" analytics="datalayer"',
    );
    await widget(page).getByRole('button', { name: 'Start a live call' }).click();
    await widget(page)
      .getByRole('region', { name: 'Call transcript' })
      .getByText('Do you have the linen shirt in medium?')
      .waitFor({ timeout: 30_000 });
    await widget(page).getByRole('button', { name: 'End call' }).first().click();
    // The call's lines join the conversation once it ended; analytics hear the call, not what was said.
    await widget(page).locator('.message.voice').first().waitFor();
    expect(await dataLayer(page)).toEqual([
      { event: 'store_assistant_call_start', demo: true },
      { event: 'store_assistant_call_end', seconds: expect.any(Number) },
    ]);
  });

  it("a cart change through a card pushes its action and counts, and the product only in GA4's add_to_cart", async () => {
    const cart = `<script>document.addEventListener('store-assistant:add-to-cart', (event) => {
      event.preventDefault();
      event.detail.resolve({ itemCount: 3, total: 42, currency: 'EUR' });
    });</script>`;
    const { page } = await openWidget(
      session,
      fixtures,
      'webhook-url="/chat" typing-speed="0" commerce="custom" analytics="datalayer"',
      { extra: cart },
    );
    await startChat(page, 'A mug please');
    const card = widget(page).locator('.product-card', { hasText: 'Blue Mug' });
    await card.getByRole('button', { name: /Add to cart/ }).click();
    await card.locator('.sa-card-added', { hasText: 'Added' }).waitFor();
    const cartEntries = async () =>
      ((await dataLayer(page)) ?? []).filter((entry) => entry.event === 'store_assistant_cart');
    await expect
      .poll(cartEntries)
      .toEqual([{ event: 'store_assistant_cart', action: 'add', quantity: 1, item_count: 3 }]);
    const layer = (await dataLayer(page)) ?? [];
    const added = layer.findIndex((entry) => entry.event === 'add_to_cart');
    expect(layer.slice(added - 1, added + 1)).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          value: 14,
          items: [{ item_id: 'mug-blue', item_name: 'Blue Mug', price: 14, quantity: 1, index: 0, ...LIST }],
        },
      },
    ]);
    // The cart's total is not pushed, nor is the product anywhere but in the GA4 entries.
    expect(JSON.stringify(layer.filter((entry) => !('ecommerce' in entry)))).not.toMatch(/Blue Mug|mug-blue|42/);
  });
});
