import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';

// The floating launcher is drawn in plain DOM before ReactDOM is evaluated, and React's own replaces it
// (src/element/launcher-shell.ts). A visitor who presses it in between, with a mouse or the keyboard,
// must get the card as from React's launcher. In Safari's engine a press that React rendered during used
// to be lost: it began on the early button and ended on React's, so the browser sent no click.

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response) => replyJson(response, { output: 'Hello' }));
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** Whether React has drawn its launcher (the early one sits in a root of its own, marked launcher-shell). */
const reactLauncherDrawn = (page: Page) =>
  page.evaluate(() =>
    Boolean(
      document.querySelector('store-assistant')?.shadowRoot?.querySelector('.root:not(.launcher-shell) .launcher'),
    ),
  );
const earlyLauncherDrawn = (page: Page) =>
  page.evaluate(() =>
    Boolean(document.querySelector('store-assistant')?.shadowRoot?.querySelector('.launcher-shell .launcher')),
  );
const cardOpen = (page: Page) =>
  page.evaluate(() =>
    Boolean(document.querySelector('store-assistant')?.shadowRoot?.querySelector('.floating-card:not([hidden])')),
  );

/**
 * A floating widget's page with its early launcher drawn. The page's idle callbacks come 3 s late, as on a
 * store still busy loading, so React waits (unless a visitor reaching for the launcher hurries it).
 */
async function pageWithEarlyLauncher() {
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  await opened.page.addInitScript(() => {
    const idle = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => window.setTimeout(() => idle(callback, options), 3000);
  });
  const path = `/early-${Math.random().toString(36).slice(2)}`;
  await opened.page.goto(
    fixtures.page(path, widgetPage('mode="floating" brand-name="Acme" webhook-url="/api/chat" typing-speed="0"')),
    { waitUntil: 'commit' },
  );
  await expect.poll(() => earlyLauncherDrawn(opened.page), { interval: 20, timeout: 10_000 }).toBe(true);
  expect(await reactLauncherDrawn(opened.page)).toBe(false);
  return opened;
}

describe('the launcher drawn before React', () => {
  it('a mouse press that React renders during still opens the card, and focus goes into it', async () => {
    const { page, pageErrors } = await pageWithEarlyLauncher();
    const box = await page.locator('store-assistant .launcher-shell .launcher').boundingBox();
    if (!box) throw new Error('the early launcher has no box');
    // The pointer arrives and presses in one input event: moving it there first would hurry React (a
    // pointer over the launcher is a visitor reaching for it), which could take over before the press.
    const cdp = await page.context().newCDPSession(page);
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: 'left' as const, clickCount: 1 };
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at });
    // The press is held until React has drawn its launcher under it.
    await expect.poll(() => reactLauncherDrawn(page), { interval: 10, timeout: 10_000 }).toBe(true);
    expect(await earlyLauncherDrawn(page)).toBe(true);
    // What is under the pointer is still the button the press began on.
    expect(
      await page.evaluate(
        ({ x, y }) =>
          document.querySelector('store-assistant')?.shadowRoot?.elementFromPoint(x, y)?.closest('.launcher-shell') !==
          null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      ),
    ).toBe(true);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at });
    await expect.poll(() => cardOpen(page)).toBe(true);
    expect(await earlyLauncherDrawn(page)).toBe(false);
    expect(await page.locator('store-assistant [part~="launcher"]').count()).toBe(1);
    expect(await page.locator('store-assistant').evaluate((host) => host.hasAttribute('open'))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector('store-assistant')?.shadowRoot?.activeElement?.closest('.floating-card') != null,
        ),
      )
      .toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('Enter on the early launcher opens the card once React takes over', async () => {
    const { page, pageErrors } = await pageWithEarlyLauncher();
    await page.locator('store-assistant .launcher-shell .launcher').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cardOpen(page)).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('store-assistant')?.shadowRoot?.activeElement?.textContent),
      )
      .toBe('Ask a question');
    expect(await page.locator('store-assistant [part~="launcher"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
