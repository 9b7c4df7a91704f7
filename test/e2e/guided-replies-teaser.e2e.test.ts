import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { chatHook, openWidget, type OpenOptions } from './guided-replies-fixtures';
import { startSession, type E2eSession } from './harness';

/**
 * The launcher teaser in Chromium against the built bundle, its timing driven by the page clock: it
 * waits for teaser-delay, is announced once, opens the chat without sending anything, and once
 * dismissed, clicked or made pointless by opening the chat it stays away for the session.
 */
let session: E2eSession;
let fixtures: FixtureServer;
let hook: ReturnType<typeof chatHook>;
const TEXT = 'Need a size? Ask us!';

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  hook = chatHook(fixtures, '/chat', {});
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** Records every store-assistant:teaser detail in `window.__teasers`, on every load of the page. */
async function recordTeaserEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const details: unknown[] = [];
    (window as unknown as { __teasers: unknown[] }).__teasers = details;
    document.addEventListener('store-assistant:teaser', (event) => details.push((event as CustomEvent).detail));
  });
}

const teaserEvents = (page: Page) => page.evaluate(() => (window as unknown as { __teasers: unknown[] }).__teasers);
const widget = (page: Page) => page.locator('store-assistant');
const teaser = (page: Page) => widget(page).locator('[part~="teaser"]');
const launcher = (page: Page) => widget(page).getByRole('button', { name: 'Open chat with Acme' });

/** A floating widget with a teaser after `delay` seconds, on a page whose clock the test drives. */
async function openStore(delay: number, options: OpenOptions = {}) {
  const opened = await openWidget(
    session,
    fixtures,
    `mode="floating" brand-name="Acme" webhook-url="/chat" teaser="${TEXT}" teaser-delay="${delay}"`,
    {
      ...options,
      beforeLoad: async (page) => {
        await page.clock.install();
        await recordTeaserEvents(page);
      },
    },
  );
  await launcher(opened.page).waitFor();
  return opened;
}

/** Lets a long quiet time pass on the page's clock, then checks nothing teased. */
async function expectNoTeaserAfterAMinute(page: Page): Promise<void> {
  await page.clock.fastForward(60_000);
  expect(await teaserEvents(page)).toEqual([]);
  expect(await teaser(page).count()).toBe(0);
}

describe('the launcher teaser', () => {
  it('shows after teaser-delay, announced once; closed, it stays away after a reload', async () => {
    const { page, pageErrors } = await openStore(5);
    await page.clock.fastForward(4_000);
    // The timer's work (the event) is synchronous: had it fired, it would be recorded by now.
    expect(await teaserEvents(page)).toEqual([]);
    expect(await teaser(page).count()).toBe(0);
    await page.clock.fastForward(1_000);
    expect(await teaserEvents(page)).toEqual([{ text: TEXT }]);
    // A polite status: screen readers read it once as it appears.
    const status = widget(page).getByRole('status').filter({ hasText: TEXT });
    await status.waitFor();
    expect(await status.count()).toBe(1);

    await page.clock.fastForward(60_000);
    expect(await teaserEvents(page)).toHaveLength(1);
    await teaser(page).getByRole('button', { name: 'Close the invitation' }).click();
    await teaser(page).waitFor({ state: 'detached' });
    expect(await widget(page).getAttribute('open')).toBeNull();

    await page.reload();
    await launcher(page).waitFor();
    await expectNoTeaserAfterAMinute(page);
    expect(pageErrors).toEqual([]);
  });

  it('clicked, it opens the chat and sends nothing, and does not come back', async () => {
    const { page } = await openStore(2);
    const sentBefore = hook.requests.length;
    await page.clock.fastForward(2_000);
    await teaser(page).getByRole('button', { name: TEXT }).click();
    await widget(page).getByRole('heading', { name: 'Welcome to Acme' }).waitFor();
    expect(await widget(page).getAttribute('open')).toBe('');
    expect(await teaser(page).count()).toBe(0);
    await page.clock.fastForward(5_000);
    expect(hook.requests.length).toBe(sentBefore);
    expect(await widget(page).locator('.message').count()).toBe(0);

    await widget(page).getByRole('button', { name: 'Close chat' }).first().click();
    await launcher(page).waitFor();
    await page.clock.fastForward(60_000);
    expect(await teaser(page).count()).toBe(0);
    expect(await teaserEvents(page)).toHaveLength(1);
  });

  it('never shows once the visitor opened the chat, on this page or the next', async () => {
    const { page } = await openStore(5);
    await page.clock.fastForward(2_000);
    await launcher(page).click();
    await widget(page).getByRole('heading', { name: 'Welcome to Acme' }).waitFor();
    await widget(page).getByRole('button', { name: 'Close chat' }).first().click();
    await launcher(page).waitFor();
    await expectNoTeaserAfterAMinute(page);
    await page.reload();
    await launcher(page).waitFor();
    await expectNoTeaserAfterAMinute(page);
  });

  it.each([
    ['no-preference', 'slides in', true],
    ['reduce', 'appears without motion', false],
  ] as const)('with prefers-reduced-motion: %s it %s', async (reducedMotion, _, animated) => {
    const { page } = await openStore(1, { context: { reducedMotion } });
    await page.clock.fastForward(1_000);
    await teaser(page).waitFor();
    const animation = await teaser(page).evaluate((element) => getComputedStyle(element).animationName);
    expect(animation !== 'none').toBe(animated);
  });

  /** The longest teaser the element takes: 140 characters. */
  const LONGEST =
    'Need a size, a colour or a gift idea? Ask us anything about our shirts, bags and hats: we answer in seconds at any time of the day or night.';

  it.each([
    [360, 640, 'bottom-right'],
    [320, 568, 'bottom-right'],
    [360, 640, 'bottom-left'],
  ] as const)(
    "on a %dx%d phone (%s) the longest teaser stays in the launcher's corner",
    async (width, height, position) => {
      expect(LONGEST).toHaveLength(140);
      const opened = await openWidget(
        session,
        fixtures,
        `mode="floating" brand-name="Acme" position="${position}" teaser="${LONGEST}" teaser-delay="0"`,
        {
          context: { viewport: { width, height }, isMobile: true, hasTouch: true },
        },
      );
      const { page } = opened;
      await teaser(page).getByRole('button', { name: LONGEST }).waitFor();
      // Measured as it rests: its pop-in scales it.
      await teaser(page).evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      const boxes = await widget(page).evaluate((host) => {
        const box = (selector: string) => {
          const rect = host.shadowRoot?.querySelector(selector)?.getBoundingClientRect();
          return rect
            ? {
                left: rect.left,
                top: rect.top,
                right: rect.right,
                bottom: rect.bottom,
                width: rect.width,
                height: rect.height,
              }
            : null;
        };
        return { teaser: box('.teaser'), launcher: box('.launcher'), close: box('.teaser-close') };
      });
      const { teaser: bubble, launcher: button, close } = boxes;
      if (!bubble || !button || !close) throw new Error(`missing boxes: ${JSON.stringify(boxes)}`);
      // Inside the screen, beside nothing but its own launcher: on the launcher's side, just above it.
      expect(bubble.left).toBeGreaterThanOrEqual(8);
      expect(bubble.right).toBeLessThanOrEqual(width - 8);
      expect(bubble.bottom).toBeLessThanOrEqual(button.top);
      expect(button.top - bubble.bottom).toBeLessThan(24);
      if (position === 'bottom-right') expect(Math.abs(bubble.right - button.right)).toBeLessThanOrEqual(2);
      else expect(Math.abs(bubble.left - button.left)).toBeLessThanOrEqual(2);
      // The page above stays readable: the bubble keeps to the lower half of the screen.
      expect(bubble.top).toBeGreaterThanOrEqual(height / 2);
      // Its close button is a full touch target.
      expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
    },
  );
});
