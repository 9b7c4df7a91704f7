import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, type FixtureServer } from './fixture-server';
import { axeViolations, type AxeViolation } from './axe';
import { afterFrames, startSession, type E2eSession } from './harness';

// axe-core, run inside Chromium against the built bundle: it walks open shadow roots, so it checks the
// widget's own markup as a visitor's browser sees it.
let session: E2eSession;
let fixtures: FixtureServer;

const PRODUCT_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="#c7d2fe"/></svg>`;

/** The store's webhook: a markdown reply with product cards, as in the chat issue's example. */
function answer(_request: IncomingMessage, response: ServerResponse) {
  replyJson(response, {
    output: {
      reply: 'Here are **three** picks from [our new arrivals](/new):\n\n- light\n- warm\n- on sale',
      products: ['Canvas tote', 'Wool beanie', 'Linen shirt'].map((title, index) => ({
        title,
        description: `${title}, made to last.`,
        price: `$${20 + index * 10}.00`,
        image: `/img/product-${index}.svg`,
        url: `/products/${index}`,
      })),
    },
  });
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', answer);
  for (let index = 0; index < 3; index++) {
    fixtures.handle(`/img/product-${index}.svg`, (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
      response.end(PRODUCT_IMAGE);
    });
  }
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const FAQ = JSON.stringify([
  { q: 'How long does shipping take?', a: 'Two to four working days.' },
  { q: 'Can I return an item?', a: 'Yes, within 30 days.' },
]);

/** Themes the widget must stay accessible in: the default, a dark one, and a pale brand colour. */
const THEMES: Record<string, string> = {
  default: '',
  dark: 'primary-gradient="linear-gradient(135deg, #0f172a, #1e293b)" secondary-gradient="#020617" accent-color="#38bdf8"',
  pale: 'primary-gradient="linear-gradient(135deg, #fef9c3, #fde68a)" secondary-gradient="#fffbeb" accent-color="#facc15"',
};

/** A small store page (landmarks, a title, a language) with one widget; `attributes` come first, so they win over the defaults after them. */
function storePage(attributes: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme store</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="/store-assistant.js"></script></head>
<body><header><p>Acme</p></header><main><h1>Acme store</h1><p>Bags, hats and shirts.</p>
<store-assistant ${attributes} brand-name="Acme" webhook-url="/api/chat" voice-provider="demo" typing-speed="0" faq='${FAQ}'></store-assistant>
</main></body></html>`;
}

async function openStorePage(attributes: string, contextOptions: Parameters<E2eSession['newPage']>[0] = {}) {
  const opened = await session.newPage(contextOptions);
  const path = `/a11y-${Math.random().toString(36).slice(2)}`;
  await opened.page.goto(fixtures.page(path, storePage(attributes)));
  await opened.page.locator('store-assistant .card').waitFor({ state: 'attached' });
  return opened;
}

/** Clicks a button inside the widget by its accessible name. */
const press = (page: Page, name: string | RegExp) =>
  page
    .locator('store-assistant')
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();

describe('axe: zero violations on every view', () => {
  const matrix = (['inline', 'floating'] as const).flatMap((mode) =>
    (['default', 'dark'] as const).map((theme) => [mode, theme] as const),
  );

  it.each(matrix)(
    '%s mode, %s theme: welcome, FAQ, a reply with product cards, Chats and a call',
    async (mode, theme) => {
      const { page, pageErrors } = await openStorePage(`mode="${mode}" ${THEMES[theme]}`);
      const widget = page.locator('store-assistant');
      if (mode === 'floating') await widget.getByRole('button', { name: 'Open chat with Acme' }).click();
      await widget.getByRole('heading', { name: 'Welcome to Acme' }).waitFor();
      // The whole welcome view, not only the greeting an inline card draws first (src/element/card-shell.ts).
      await widget.locator('.home-body').waitFor();
      const checked: Record<string, AxeViolation[]> = {};

      checked.welcome = await axeViolations(page);

      await press(page, 'FAQ');
      await widget.getByText('How long does shipping take?').click();
      await widget.getByText('Two to four working days.').waitFor();
      checked.faq = await axeViolations(page);

      await press(page, 'Home');
      await press(page, 'Ask a question');
      await widget.locator('.product-card').first().waitFor();
      checked['chat with a reply and product cards'] = await axeViolations(page);

      await press(page, 'Back');
      await press(page, 'Chats');
      await widget.getByRole('list', { name: 'Saved conversations' }).waitFor();
      checked.chats = await axeViolations(page);

      await press(page, 'Start a new chat');
      await press(page, 'Start call');
      await widget.getByText('Demo call', { exact: true }).first().waitFor();
      await widget.locator('.call-duration').waitFor();
      await widget.getByRole('region', { name: 'Call transcript' }).locator('.message').first().waitFor();
      checked['in a call'] = await axeViolations(page);

      expect(checked).toEqual({
        welcome: [],
        faq: [],
        'chat with a reply and product cards': [],
        chats: [],
        'in a call': [],
      });
      expect(pageErrors).toEqual([]);
    },
  );

  it.each([
    ['a pale brand colour (text switches to dark)', `mode="inline" ${THEMES.pale}`],
    ['Arabic, right to left', 'mode="inline" lang="ar"'],
    ['German in floating mode', 'mode="floating" open lang="de"'],
  ])('%s: welcome and a reply', async (_name, attributes) => {
    const { page } = await openStorePage(attributes);
    const widget = page.locator('store-assistant');
    await widget.locator('.home-body').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await widget.locator('.pill-button').first().click();
    await widget.locator('.product-card').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("contrast with the store's colours", () => {
  it('a pale primary gets dark header text; a pale accent is darkened for links and prices', async () => {
    const { page } = await openStorePage(`mode="inline" ${THEMES.pale}`);
    const widget = page.locator('store-assistant');
    await widget.locator('.home-title').waitFor();
    expect(await widget.locator('.home-title').evaluate((title) => getComputedStyle(title).color)).toBe(
      'rgb(15, 23, 42)',
    );
    expect(
      await widget
        .locator('.pill-button')
        .first()
        .evaluate((button) => getComputedStyle(button).color),
    ).toBe('rgb(15, 23, 42)');
    // The accent the store chose is kept as the button colour; only text derived from it changes.
    expect(
      await widget
        .locator('.pill-button')
        .first()
        .evaluate((button) => getComputedStyle(button).backgroundColor),
    ).toBe('rgb(250, 204, 21)');
    const accentText = await page
      .locator('store-assistant')
      .evaluate((host) => getComputedStyle(host).getPropertyValue('--sa-accent-text').trim());
    expect(accentText).not.toBe('#facc15');
  });
});

/** The accessible name of whatever has focus inside the widget, or "(page)" when focus is outside it. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const host = document.querySelector('store-assistant');
    if (document.activeElement !== host) return `(page) ${document.activeElement?.tagName ?? ''}`;
    const element = host?.shadowRoot?.activeElement as HTMLElement | null;
    if (!element) return '(none)';
    const label = element.getAttribute('aria-label');
    if (label) return label;
    // The text a screen reader reads: text nodes outside aria-hidden parts, as separate words.
    const words: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('[aria-hidden="true"]')) words.push(node.textContent ?? '');
    }
    return words.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/** The focused element's outline, as drawn. */
function focusRing(page: Page): Promise<{ style: string; width: number }> {
  return page.evaluate(() => {
    const element = document.querySelector('store-assistant')?.shadowRoot?.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
}

async function tabThrough(page: Page, count: number, key = 'Tab') {
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    await page.keyboard.press(key);
    names.push(await focusedName(page));
    const ring = await focusRing(page).catch(() => null);
    if (ring) expect([names.at(-1), ring.style, ring.width >= 2]).toEqual([names.at(-1), 'solid', true]);
  }
  return names;
}

describe('keyboard', () => {
  it('inline: every control of the welcome view in reading order, each with a focus ring, and each works', async () => {
    const { page } = await openStorePage('mode="inline" store-url="/"');
    await page.locator('store-assistant .home-body').waitFor();
    await page.locator('h1').click();
    expect(await tabThrough(page, 9)).toEqual([
      'Ask a question',
      'Track my order',
      'New arrivals',
      'Acme No messages yet. Say hello!',
      'Start a live call',
      'Talk to a human agent',
      'Home',
      'Chats',
      'FAQ',
    ]);
    // Enter on a bottom-bar section opens it; Space too.
    await page.keyboard.press('Enter');
    await page.locator('store-assistant').getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Chats');
    await page.keyboard.press('Space');
    await page.locator('store-assistant').getByRole('heading', { name: 'Chats' }).waitFor();
  });

  it('inline: the conversation is usable from the keyboard alone', async () => {
    const { page } = await openStorePage('mode="inline"');
    await page.locator('store-assistant .home-body').waitFor();
    await page.locator('h1').click();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('store-assistant .product-card').first().waitFor();
    await page.locator('store-assistant').getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.type('Do you have it in blue?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('store-assistant .message.user').count()).toBe(2);
    // Tab through once the second reply is in, with its cards and feedback buttons.
    await expect.poll(() => page.locator('store-assistant .message.bot .reply-feedback').count()).toBe(2);
    // From the text box backwards: the call button, the messages, then the header.
    await page.locator('store-assistant').getByRole('textbox', { name: 'Message' }).focus();
    const backwards = await tabThrough(page, 16, 'Shift+Tab');
    // Both replies, newest first, each with its feedback buttons; backwards through a container comes to
    // its contents before the container.
    const reply = [
      'Not helpful',
      'Helpful',
      'View product : Linen shirt',
      'View product : Wool beanie',
      'View product : Canvas tote',
      'our new arrivals',
    ];
    expect(backwards).toEqual(['Start call', ...reply, ...reply, 'Messages', 'New chat', 'Back']);
    // Forwards from the text box: attach image, then send (disabled while empty, so skipped).
    await page.locator('store-assistant').getByRole('textbox', { name: 'Message' }).focus();
    expect(await tabThrough(page, 1)).toEqual(['Attach image']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator('store-assistant .call-bar').waitFor();
    expect(await focusedName(page)).toBe('End call');
  });

  it('a tooltip opens on keyboard focus after its delay, and Escape closes it', async () => {
    const { page } = await openStorePage('mode="inline"');
    await page.locator('store-assistant').getByRole('button', { name: 'Ask a question' }).click();
    const box = page.locator('store-assistant').getByRole('textbox', { name: 'Message' });
    await box.focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Start call');
    const tooltip = page.locator('store-assistant .tooltip');
    expect(await tooltip.count()).toBe(0);
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe('Start call');
    expect(await tooltip.getAttribute('aria-hidden')).toBe('true');
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
  });

  it('a tooltip follows the mouse after 700 ms, and moves at once to the next button', async () => {
    const { page } = await openStorePage('mode="inline"');
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    // The page's clock stands still from here: only the steps below move it, however slow the machine.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await widget.getByRole('button', { name: 'New chat' }).hover();
    await page.clock.runFor(690);
    expect(await widget.locator('.tooltip').count()).toBe(0);
    await page.clock.runFor(10);
    await widget.locator('.tooltip', { hasText: 'New chat' }).waitFor();
    await widget.getByRole('button', { name: 'Back' }).hover();
    // No second wait: with the clock still, the next tooltip opens at once.
    await widget.locator('.tooltip', { hasText: 'Back' }).waitFor();
  });

  it('floating: opening moves focus into the card; Escape closes it and returns focus to the launcher', async () => {
    const { page } = await openStorePage('mode="floating"');
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Acme' }).waitFor();
    await page.locator('h1').click();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Open chat with Acme');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Ask a question');
    expect(await focusRing(page)).toEqual({ style: 'solid', width: 2 });
    const dialog = widget.getByRole('dialog', { name: 'Acme' });
    expect(await dialog.isVisible()).toBe(true);

    // Into a conversation and back out: Escape from the text box closes the card. The reply is in first:
    // one that lands after the card closed counts on the launcher ("1 new").
    await page.keyboard.press('Enter');
    await widget.locator('.message.bot').first().waitFor();
    await widget.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Open chat with Acme');
    expect(await page.locator('store-assistant').evaluate((host) => host.hasAttribute('open'))).toBe(false);

    // Reopened in the conversation, focus lands in the text box.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Message');
    // The close button in the card's header works from the keyboard too.
    await widget.getByRole('button', { name: 'Close chat' }).first().focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Open chat with Acme');
  });
});

describe('screen readers', () => {
  it('announces a typed reply once, in full, when it has been revealed; the list itself is not live', async () => {
    const { page } = await openStorePage('mode="inline" typing-speed="4"');
    const widget = page.locator('store-assistant');
    // Record every text the polite live region ever holds.
    await page.evaluate(() => {
      const region = document
        .querySelector('store-assistant')
        ?.shadowRoot?.querySelector('.widget > [aria-live="polite"]');
      const seen: string[] = ((window as unknown as { announced: string[] }).announced = []);
      if (region)
        new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, {
          childList: true,
          characterData: true,
          subtree: true,
        });
    });
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    await widget.locator('.typing-cursor').waitFor();
    expect(await page.evaluate(() => (window as unknown as { announced: string[] }).announced)).toEqual([]);
    await widget.locator('.product-card').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { announced: string[] }).announced))
      .toEqual([
        'Assistant: Here are three picks from our new arrivals: light warm on sale Products: Canvas tote, Wool beanie, and Linen shirt.',
      ]);
    expect(
      await widget.locator('.messages').evaluate((list) => [list.getAttribute('aria-live'), list.getAttribute('role')]),
    ).toEqual([null, 'region']);
  });
});

describe('reduced motion', () => {
  it('no typewriter, no blinking cursor, no bouncing dots, no spinner', async () => {
    const { page } = await openStorePage('mode="inline" typing-speed="20"', { reducedMotion: 'reduce' });
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    await widget.locator('.product-card').first().waitFor();
    expect(await widget.locator('.typing-cursor').count()).toBe(0);
    expect(await widget.locator('.message.bot .bubble').first().textContent()).toContain('on sale');
    await widget.getByRole('button', { name: 'Start call' }).click();
    const spinner = widget.locator('.spinner');
    await spinner.waitFor();
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    // The typing dots, rendered on their own for the check.
    const dots = await widget.evaluate((host) => {
      const indicator = host.shadowRoot?.querySelector('.messages-content')?.appendChild(document.createElement('div'));
      indicator?.classList.add('typing-indicator');
      const dot = indicator?.appendChild(document.createElement('span'));
      dot?.setAttribute('aria-hidden', 'true');
      return dot ? getComputedStyle(dot).animationName : 'missing';
    });
    expect(dots).toBe('none');
  });
});

describe('phones (375 x 667, touch)', () => {
  const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const tallPage = (attributes: string) => `mode="floating" ${attributes}`;

  async function openPhonePage() {
    const opened = await session.newPage(phone);
    const path = `/phone-${Math.random().toString(36).slice(2)}`;
    const html = storePage(tallPage('')).replace(
      '<p>Bags, hats and shirts.</p>',
      '<p style="height: 3000px">Bags, hats and shirts.</p>',
    );
    await opened.page.goto(fixtures.page(path, html));
    await opened.page.locator('store-assistant').getByRole('button', { name: 'Open chat with Acme' }).waitFor();
    await opened.page.evaluate(() => window.scrollTo(0, 400));
    return opened;
  }

  const pageState = (page: Page) =>
    page.evaluate(() => ({
      scrollY: Math.round(window.scrollY),
      htmlOverflow: document.documentElement.style.overflow,
      bodyOverflow: document.body.style.overflow,
    }));

  it('the open card fills the screen, the page behind does not scroll, and all is restored on close', async () => {
    const { page, context } = await openPhonePage();
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Acme' }).tap();
    const card = widget.getByRole('dialog', { name: 'Acme' });
    await card.waitFor();
    // Polled: the card pops in with a short animation.
    await expect.poll(() => card.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    expect(await pageState(page)).toEqual({ scrollY: 400, htmlOverflow: 'hidden', bodyOverflow: '' });

    // Wheeling and scroll gestures over the card do not move the page.
    await page.mouse.wheel(0, 600);
    await afterFrames(page);
    // Headless Chromium does not scroll for synthesized touch swipes, so a scroll gesture stands in.
    const cdp = await context.newCDPSession(page);
    const scrollGesture = () =>
      cdp.send('Input.synthesizeScrollGesture', {
        x: 180,
        y: 500,
        yDistance: -400,
        gestureSourceType: 'mouse',
        speed: 2000,
      });
    await scrollGesture();
    await afterFrames(page);
    expect((await pageState(page)).scrollY).toBe(400);

    // No autofocus on touch: the on-screen keyboard does not jump over the card.
    await widget.getByRole('button', { name: 'Ask a question' }).tap();
    const box = widget.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    expect(await box.getAttribute('enterkeyhint')).toBe('send');
    expect(await focusedName(page)).not.toBe('Message');
    expect(await box.evaluate((textarea) => getComputedStyle(textarea).fontSize)).toBe('16px');

    await widget.getByRole('button', { name: 'Close chat' }).first().tap();
    await card.waitFor({ state: 'hidden' });
    expect(await pageState(page)).toEqual({ scrollY: 400, htmlOverflow: '', bodyOverflow: '' });
    expect(await widget.getByRole('button', { name: 'Open chat with Acme' }).isVisible()).toBe(true);
    // The same swipe now scrolls the page: the check above could have failed.
    await scrollGesture();
    await expect.poll(async () => (await pageState(page)).scrollY).toBeGreaterThan(500);
  });

  it('opening on a touch device does not focus the text box, even in a conversation', async () => {
    const { page } = await openPhonePage();
    const widget = page.locator('store-assistant');
    await page.locator('store-assistant').evaluate((host) => (host as HTMLElement & { startChat(): void }).startChat());
    await widget.getByRole('button', { name: 'Open chat with Acme' }).tap();
    await widget.getByRole('textbox', { name: 'Message' }).waitFor();
    // Opening focuses in a layout effect: by the next frames it would have.
    await afterFrames(page);
    expect(await focusedName(page)).not.toBe('Message');
  });

  it('the input stays above the on-screen keyboard: the card follows the visual viewport', async () => {
    const { page, context } = await openPhonePage();
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Acme' }).tap();
    await widget.getByRole('button', { name: 'Ask a question' }).tap();
    const box = widget.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    // The keyboard takes the lower part of the screen: Chromium shrinks the visual viewport, not the layout
    // viewport. Zooming in shrinks it the same way, which a test can do.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.querySelector('store-assistant') as Element)
            .getPropertyValue('--sa-viewport-height')
            .trim(),
        ),
      )
      .toBe(`${Math.round(667 / 2)}px`);
    const inputBottom = await box.evaluate((textarea) => textarea.getBoundingClientRect().bottom);
    const visible = await page.evaluate(() =>
      window.visualViewport ? window.visualViewport.offsetTop + window.visualViewport.height : 0,
    );
    expect(inputBottom).toBeLessThanOrEqual(visible + 1);
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
  });

  it('removing the element while the card is open gives the page its scrolling back', async () => {
    const { page } = await openPhonePage();
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Acme' }).tap();
    await widget.getByRole('dialog', { name: 'Acme' }).waitFor();
    expect((await pageState(page)).htmlOverflow).toBe('hidden');
    await page.evaluate(() => document.querySelector('store-assistant')?.remove());
    expect(await pageState(page)).toEqual({ scrollY: 400, htmlOverflow: '', bodyOverflow: '' });
  });
});

describe('languages', () => {
  it('lang="ar" lays the widget out right to left, with mirrored direction icons', async () => {
    const { page } = await openStorePage('mode="inline" lang="ar"');
    const widget = page.locator('store-assistant');
    await widget.getByRole('heading', { name: 'مرحبًا بك في Acme' }).waitFor();
    expect(await widget.locator('.root').getAttribute('dir')).toBe('rtl');
    await widget.locator('.pill-button').first().click();
    const back = widget.locator('.chat-header .icon-back');
    await back.waitFor();
    expect(await back.evaluate((icon) => getComputedStyle(icon).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The back button sits at the right-hand edge, where a right-to-left reader starts.
    const header = await widget.locator('.chat-header').boundingBox();
    const backBox = await widget.getByRole('button', { name: 'رجوع' }).boundingBox();
    expect((backBox?.x ?? 0) + (backBox?.width ?? 0)).toBeGreaterThan((header?.x ?? 0) + (header?.width ?? 0) - 60);
  });
});
