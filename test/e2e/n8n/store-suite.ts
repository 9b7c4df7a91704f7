import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { send, withN8nSuite, type N8nSuitePlan } from './suite';

// What the store workflows' suites (store-shopify, store-woocommerce) share: a real n8n with the plan's
// workflows, a visitor's question through the built widget, a signed-in shopper, and what the widget
// shows of a reply.

/** The product titles of the cards the widget shows. */
export const cardTitles = (page: Page) =>
  page.locator('store-assistant .product-card .product-title').allTextContents();

/** Everything the widget's shadow root says, to check what it must not show. */
export const shadowText = (page: Page) =>
  page.locator('store-assistant').evaluate((host) => host.shadowRoot?.textContent ?? '');

/** A shopper the store signs in, as its theme would through `identify()`. */
export interface Shopper {
  id: string;
  email: string;
  name: string;
}

/** Signs `shopper` in on the page's widget with `signature` (the store's, or a forged one). */
export async function signIn(page: Page, shopper: Shopper, signature: string): Promise<void> {
  const identified = await page.evaluate(
    (identity) =>
      (document.querySelector('store-assistant') as HTMLElement & { identify(who: unknown): boolean }).identify(
        identity,
      ),
    { ...shopper, signature },
  );
  expect(identified).toBe(true);
}

/**
 * A store workflow's suite: n8n with `plan`'s workflows (made once the store page's origin and n8n's
 * webhook address are known), and `ask`, a visitor's question on one of its pages (after `setup`, such
 * as signing in) with the bot's reply to it.
 */
export function withStoreSuite(plan: (storeOrigin: string, webhooks: string) => N8nSuitePlan, replyTimeoutMs: number) {
  const suite = withN8nSuite(plan, replyTimeoutMs);
  async function ask(question: string, setup?: (page: Page) => Promise<void>, pagePath = '/') {
    const { page, pageErrors } = await suite.openChat(pagePath);
    await setup?.(page);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await suite.botReply(page, 0);
    await send(page, question);
    return { page, pageErrors, reply: await suite.botReply(page, 1) };
  }
  // The suite whole, not spread: its n8n and store are getters that throw until it has started.
  return { suite, ask };
}
