import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from './harness';

// Layout and flow checks in Chromium against the built bundle on the demo server: what a visitor on a
// phone or a desktop sees and can do.

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

const phone = (width = 390, height = 844) => ({ viewport: { width, height }, isMobile: true, hasTouch: true });

/** The demo store page's widget attributes, as a floating widget on a page of our own on the demo server's origin. */
async function openFloating(options: Parameters<E2eSession['newPage']>[0], attributes = '') {
  const opened = await session.newPage(options);
  const url = `${session.server.url}/layout-${Math.random().toString(36).slice(2)}`;
  const faq = JSON.stringify([{ q: 'How long does shipping take?', a: 'Two to four days.' }]);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<script src="/store-assistant.js"></script></head><body><h1>Store</h1>
<store-assistant mode="floating" webhook-url="/api/chat" brand-name="Lumen" store-url="/" voice-provider="demo" typing-speed="0"
  badge-images="/assets/images/badge-secure.svg /assets/images/badge-returns.svg" faq='${faq}' ${attributes}></store-assistant></body></html>`;
  await opened.page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await opened.page.goto(url);
  await opened.page.locator('store-assistant .launcher').click();
  await opened.page.locator('store-assistant .home-title').waitFor();
  // Measured once the card has popped in (it grows from 98% while it does).
  await opened.page
    .locator('store-assistant .card')
    .evaluate((card) => Promise.all(card.getAnimations().map((animation) => animation.finished)));
  return opened;
}

const widget = (page: Page) => page.locator('store-assistant');
const press = (page: Page, name: string) => widget(page).getByRole('button', { name, exact: true }).first().click();

async function send(page: Page, text: string) {
  const box = widget(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** What has focus inside the widget: the element's tag and accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector('store-assistant')?.shadowRoot?.activeElement;
    return element ? `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? ''}` : 'none';
  });

describe('flow', () => {
  it('focus stays in the text box while a reply is awaited and after it lands: the next message is typed without a click', async () => {
    const { page } = await session.newPage();
    await page.goto(`${session.server.url}/`);
    await press(page, 'Ask a question');
    await widget(page).locator('.message.bot').first().waitFor();
    const box = widget(page).getByRole('textbox', { name: 'Message' });
    // The reply is held until the test has typed into the waiting box, however slow the machine.
    let releaseReply = () => {};
    const replyReleased = new Promise<void>((resolve) => (releaseReply = resolve));
    await page.route('**/api/chat', async (route) => {
      await replyReleased;
      await route.continue();
    });
    await box.click();
    await page.keyboard.type('What is your size guide?');
    await page.keyboard.press('Enter');
    await widget(page).locator('.typing-indicator').waitFor();
    expect(
      await box.evaluate((textarea: HTMLTextAreaElement) => [
        textarea.readOnly,
        textarea.getAttribute('aria-disabled'),
      ]),
    ).toEqual([true, 'true']);
    expect(await focused(page)).toBe('textarea:Message');
    // Typed while the reply is awaited: nothing lands in the read-only box.
    await page.keyboard.type('x');
    expect(await box.inputValue()).toBe('');
    releaseReply();
    await widget(page).locator('.markdown table').waitFor();
    await page.keyboard.type('Thanks');
    expect(await box.inputValue()).toBe('Thanks');
    expect(await focused(page)).toBe('textarea:Message');
  });

  it('sending with the Send button and choosing a suggestion chip also leave focus in the text box', async () => {
    const { page } = await session.newPage();
    await page.goto(`${session.server.url}/`);
    await widget(page).locator('store-assistant, .root').first().waitFor();
    await page.locator('store-assistant').evaluate((host) => (host as HTMLElement & { startChat(): void }).startChat());
    await widget(page).locator('.chip').first().click();
    expect(await focused(page)).toBe('textarea:Message');
    await widget(page).locator('.message.bot').first().waitFor();
    await page.keyboard.type('Do you sell tote bags?');
    await widget(page).getByRole('button', { name: 'Send' }).click();
    expect(await focused(page)).toBe('textarea:Message');
  });
});

describe('phones (floating, full screen)', () => {
  it('every view has a visible close control with an accessible name', async () => {
    const { page } = await openFloating(phone());
    const closeOn = async (view: string) => {
      const close = widget(page).locator('.card').getByRole('button', { name: 'Close chat' });
      expect([view, await close.count(), await close.first().isVisible()]).toEqual([view, 1, true]);
      const box = await close.first().boundingBox();
      expect([view, (box?.y ?? -1) >= 0, (box?.x ?? 0) + (box?.width ?? 0) <= 390]).toEqual([view, true, true]);
    };
    await closeOn('home');
    await press(page, 'Chats');
    await closeOn('chats');
    await press(page, 'FAQ');
    await closeOn('faq');
    await press(page, 'Home');
    await press(page, 'Ask a question');
    await closeOn('chat');
  });

  it('every control is at least 44 x 44 px on a touch screen, and hover styles do not apply', async () => {
    const { page } = await openFloating(phone());
    expect(
      await page.evaluate(() => [matchMedia('(pointer: coarse)').matches, matchMedia('(hover: hover)').matches]),
    ).toEqual([true, false]);
    /** Controls smaller than 44 x 44 px (links inside a reply's text are exempt, as inline text). */
    const small = () =>
      widget(page).evaluate((host) =>
        [...(host.shadowRoot?.querySelectorAll('button, a[href], summary, textarea') ?? [])]
          .filter((element) => !element.closest('.markdown') && (element as HTMLElement).offsetParent !== null)
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(
            ({ element, box }) =>
              `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
          ),
      );
    const found: Record<string, string[]> = { home: await small() };
    await press(page, 'FAQ');
    found.faq = await small();
    await press(page, 'Home');
    await press(page, 'New arrivals');
    await widget(page).locator('.product-card').first().waitFor();
    await send(page, 'Please fail once');
    await widget(page).getByRole('button', { name: 'Retry' }).waitFor();
    found['chat with cards and an error'] = await small();
    await widget(page).locator('.call-toggle').tap();
    await widget(page).locator('.call-duration').waitFor();
    found['in a call'] = await small();
    expect(found).toEqual({ home: [], faq: [], 'chat with cards and an error': [], 'in a call': [] });
    // A tapped end-call button keeps its red: no hover style stands in for it.
    const end = widget(page).getByRole('button', { name: 'End call' });
    await end.hover();
    expect(await end.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(220, 38, 38)');
  });

  it('the call strip stays on one row at 320 px, with "Speaking…" or "Listening…" in the header', async () => {
    const { page } = await openFloating(phone(320, 640));
    await press(page, 'Start a live call');
    const bar = widget(page).locator('.call-bar');
    await widget(page).locator('.call-duration').waitFor();
    await widget(page)
      .locator('.chat-header .status', { hasText: /Speaking…|Listening…/ })
      .waitFor();
    const layout = await bar.evaluate((strip) => {
      const tops = [...strip.children]
        .map((child) => child.getBoundingClientRect())
        .map((box) => Math.round(box.top + box.height / 2));
      // One row: every item centred on the same line, the strip no taller than one 44 px button and its padding.
      return {
        centres: Math.max(...tops) - Math.min(...tops) <= 2,
        oneRow: strip.getBoundingClientRect().height <= 56,
        overflows: strip.scrollWidth > strip.clientWidth,
        width: strip.getBoundingClientRect().width,
      };
    });
    expect(layout).toEqual({ centres: true, oneRow: true, overflows: false, width: 320 });
    expect(await bar.getByRole('button', { name: 'End call' }).count()).toBe(1);
    expect(await widget(page).getByRole('button', { name: 'End call' }).count()).toBe(1);
    expect(await bar.getByRole('meter').count()).toBe(2);
  });
});

describe('the 600 px card', () => {
  it('the welcome view with two badges and every quick action fits without scrolling', async () => {
    const { page } = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${session.server.url}/`);
    await widget(page).locator('.badges img').nth(1).waitFor();
    await widget(page).getByRole('button', { name: 'Start a live call' }).waitFor();
    const view = await widget(page)
      .locator('.view')
      .evaluate((element) => ({ overflow: element.scrollHeight - element.clientHeight }));
    expect(view).toEqual({ overflow: 0 });
  });

  it.each([320, 400])('table headers break between words, never inside one (%i px wide)', async (width) => {
    const { page } = await session.newPage({ viewport: { width, height: 700 } });
    await page.goto(`${session.server.url}/`);
    await press(page, 'Ask a question');
    await widget(page).locator('.message.bot').first().waitFor();
    await send(page, 'What is your size guide?');
    await widget(page).locator('.markdown th').first().waitFor();
    const broken = await widget(page).evaluate((host) =>
      [...(host.shadowRoot?.querySelectorAll('.markdown th') ?? [])].flatMap((cell) => {
        const text = cell.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
        return words.flatMap((word) => {
          const range = document.createRange();
          range.setStart(text, word.index ?? 0);
          range.setEnd(text, (word.index ?? 0) + word[0].length);
          return range.getClientRects().length > 1 ? [word[0]] : [];
        });
      }),
    );
    expect(broken).toEqual([]);
  });
});
