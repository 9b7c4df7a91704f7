import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';

// The closed floating card is laid out ahead, out of sight (src/ui/styles.css), at the viewport size
// the element measured in idle time (src/element/mobile-viewport.ts), so the tap that opens it only
// shows it. Out of sight must also mean out of reach: no pointer, focus or screen reader finds it.

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response) => replyJson(response, { output: 'Hello' }));
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A phone page with a closed floating widget, once React has built its card (closed). */
async function phoneWithClosedCard() {
  const opened = await session.newPage(phone);
  const path = `/closed-${Math.random().toString(36).slice(2)}`;
  const html = widgetPage('mode="floating" brand-name="Acme" webhook-url="/api/chat" typing-speed="0"').replace(
    '<head>',
    '<head><meta name="viewport" content="width=device-width, initial-scale=1">',
  );
  await opened.page.goto(fixtures.page(path, html));
  await expect.poll(() => closedCard(opened.page), { timeout: 10_000 }).not.toBeNull();
  return opened;
}

/** The closed card's box, visibility and what the page finds at its middle; null until it is built. */
const closedCard = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('store-assistant');
    const card = host?.shadowRoot?.querySelector<HTMLElement>('.floating-card[hidden]');
    if (!host || !card) return null;
    const box = card.getBoundingClientRect();
    const atMiddle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      width: box.width,
      height: box.height,
      visibility: getComputedStyle(card).visibility,
      pointerReachesIt: atMiddle === host,
    };
  });

const viewportHeight = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLElement>('store-assistant')?.style.getPropertyValue('--sa-viewport-height') ?? '',
  );

describe('the closed floating card', () => {
  it('is laid out ahead, at full screen on a phone, but neither seen nor reached by pointer, keyboard or screen reader', async () => {
    const { page, pageErrors } = await phoneWithClosedCard();
    expect(await closedCard(page)).toEqual({ width: 390, height: 844, visibility: 'hidden', pointerReachesIt: false });
    const widget = page.locator('store-assistant');
    // Not in the accessibility tree: no dialog, none of its buttons.
    expect(await widget.getByRole('dialog').count()).toBe(0);
    expect(await widget.getByRole('button', { name: 'Ask a question' }).count()).toBe(0);
    // Tab from the top of the page reaches the launcher, and nothing of the card.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() =>
        document.querySelector('store-assistant')?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      ),
    ).toBe('Open chat with Acme');
    expect(pageErrors).toEqual([]);
  });

  it('opens with a tap, animated as before, and its viewport size, measured while closed, does not change', async () => {
    const { page } = await phoneWithClosedCard();
    await expect.poll(() => viewportHeight(page)).toBe('844px');
    // Every change to the host's inline style is counted from here on: opening must make none.
    await page.evaluate(() => {
      const host = document.querySelector('store-assistant') as HTMLElement;
      const changes: string[] = [];
      (window as unknown as { hostStyleChanges: string[] }).hostStyleChanges = changes;
      const started: string[] = [];
      (window as unknown as { animationsStarted: string[] }).animationsStarted = started;
      host.shadowRoot?.addEventListener('animationstart', (event) =>
        started.push((event as AnimationEvent).animationName),
      );
      new MutationObserver(() => changes.push(host.getAttribute('style') ?? '')).observe(host, {
        attributes: true,
        attributeFilter: ['style'],
      });
    });
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Acme' }).tap();
    const dialog = widget.getByRole('dialog', { name: 'Acme' });
    await dialog.waitFor();
    // Read from the animation's own start event: under load the short animation can end before the dialog is found.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { animationsStarted: string[] }).animationsStarted))
      .toContain('sa-pop');
    await widget.getByRole('button', { name: 'Ask a question' }).tap();
    await widget.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { hostStyleChanges: string[] }).hostStyleChanges)).toEqual(
      [],
    );
    // Closed again, it stays laid out, out of sight.
    await widget.getByRole('button', { name: 'Close chat' }).first().tap();
    await expect
      .poll(() => closedCard(page))
      .toEqual({ width: 390, height: 844, visibility: 'hidden', pointerReachesIt: false });
  });
});
