import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { chatHook, openWidget, send, startChat } from './guided-replies-fixtures';
import { afterFrames, startSession, type E2eSession } from './harness';

/**
 * How the conversation behaves in Chromium against the built bundle: a long reply that has arrived can
 * be shown at once, the header tells the truth while it appears, and a message written offline waits
 * for the connection and is then sent once.
 */
let session: E2eSession;
let fixtures: FixtureServer;
let hook: ReturnType<typeof chatHook>;

/** A reply of about 1,150 characters: nine seconds of reveal at the default 8 ms per character. */
const LONG_REPLY = Array.from(
  { length: 12 },
  (_, index) => `Paragraph ${index + 1}: our linen is washed soft, cut in Porto and sewn to last for years.`,
).join('\n\n');

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  hook = chatHook(fixtures, '/chat', { 'Tell me about linen': { output: LONG_REPLY } });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** The default typing speed (8 ms per character), so a long reply takes seconds to appear. */
const WIDGET = 'webhook-url="/chat" persist="none"';

const lastReply = (page: Page) => page.locator('store-assistant .message.bot .bubble').last();
const cursor = (page: Page) => page.locator('store-assistant .typing-cursor');
const headerStatus = (page: Page) => page.locator('store-assistant .chat-header .status');

/** Asks for the long reply and waits until its reveal has begun. */
async function longReplyAppearing(page: Page) {
  await startChat(page);
  await send(page, 'Tell me about linen');
  await cursor(page).waitFor();
}

/** Whether the last reply shows all of its text (the words of its last paragraph). */
const shownWhole = async (page: Page) => ((await lastReply(page).textContent()) ?? '').includes('Paragraph 12');

describe('a long reply that has fully arrived', () => {
  it('keeps the reveal, with the header saying "Typing…" until the text is all there', async () => {
    const { page } = await openWidget(session, fixtures, WIDGET);
    await longReplyAppearing(page);
    expect(await shownWhole(page)).toBe(false);
    expect(await headerStatus(page).textContent()).toBe('Typing…');
    await cursor(page).waitFor({ state: 'detached', timeout: 30_000 });
    await headerStatus(page).getByText('Online').waitFor();
    expect(await shownWhole(page)).toBe(true);
  });

  it('shows the rest at once when the visitor taps the message', async () => {
    const { page } = await openWidget(session, fixtures, WIDGET, {
      context: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    });
    await longReplyAppearing(page);
    await lastReply(page).tap();
    await afterFrames(page);
    expect(await shownWhole(page)).toBe(true);
    expect(await cursor(page).count()).toBe(0);
    await headerStatus(page).getByText('Online').waitFor();
  });

  it('shows the rest at once when the visitor starts to type', async () => {
    const { page } = await openWidget(session, fixtures, WIDGET);
    await longReplyAppearing(page);
    expect(await shownWhole(page)).toBe(false);
    await page.locator('store-assistant').getByRole('textbox', { name: 'Message' }).pressSequentially('T');
    await afterFrames(page);
    expect(await shownWhole(page)).toBe(true);
    expect(await cursor(page).count()).toBe(0);
  });
});

describe('offline', () => {
  it('says so where the visitor types, keeps the message as not delivered, and sends it once on return', async () => {
    const { page, context } = await openWidget(
      session,
      fixtures,
      'webhook-url="/chat" typing-speed="0" persist="none"',
    );
    await startChat(page);
    const widget = page.locator('store-assistant');
    const wentOffline = page.evaluate(
      () => new Promise<void>((resolve) => addEventListener('offline', () => resolve())),
    );
    await context.setOffline(true);
    await wentOffline;
    await widget.locator('.notice').getByText("You're offline").waitFor();
    await send(page, 'Do you ship to Oslo?');
    const note = widget.locator('.undelivered').getByText('Not delivered');
    await note.waitFor();
    expect(await widget.locator('.undelivered .message.user').textContent()).toContain('Do you ship to Oslo?');
    expect(await headerStatus(page).textContent()).toBe('Offline');
    expect(await widget.getByText('Oops! Something went wrong.').count()).toBe(0);
    expect(hook.messages()).not.toContain('Do you ship to Oslo?');
    // Retry while still offline keeps it.
    await widget.locator('.undelivered').getByRole('button', { name: 'Retry' }).click();
    await afterFrames(page);
    expect(await note.count()).toBe(1);

    await context.setOffline(false);
    await widget.locator('.messages').getByText('You said: Do you ship to Oslo?').waitFor();
    expect(await widget.locator('.undelivered').count()).toBe(0);
    expect(await widget.locator('.notice').count()).toBe(0);
    expect(hook.messages().filter((message) => message === 'Do you ship to Oslo?')).toHaveLength(1);
    expect(await widget.locator('.message.user', { hasText: 'Do you ship to Oslo?' }).count()).toBe(1);
  });
});

describe('FAQ answers in Chromium', () => {
  it('render links as replies do, sanitised the same way', async () => {
    const faq = JSON.stringify([
      {
        q: 'Shipping?',
        a: 'Free over **$50**. See [our policy](https://shop.example/shipping). [x](javascript:alert(1)) <img src=x onerror=alert(2)>',
      },
    ]).replace(/'/g, '&#39;');
    const { page } = await openWidget(session, fixtures, `webhook-url="/chat" faq='${faq}'`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'FAQ' }).click();
    await widget.getByText('Shipping?').click();
    const answer = widget.locator('.faq-answer');
    await answer.locator('strong').waitFor();
    const link = answer.getByRole('link', { name: /our policy/ });
    expect(await link.getAttribute('href')).toBe('https://shop.example/shipping');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    // Raw HTML shows as the text it is, and a javascript: link is no link: exactly as in a reply.
    const unsafe = await answer.evaluate((element) =>
      [...element.querySelectorAll('*')].flatMap((node) =>
        [...node.attributes]
          .filter((attribute) => /^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value))
          .map((attribute) => `${node.tagName}[${attribute.name}]`),
      ),
    );
    expect(unsafe).toEqual([]);
    expect(await answer.locator('img').count()).toBe(0);
    expect(await answer.getByRole('link').count()).toBe(1);
    expect(await answer.textContent()).not.toContain('**');
  });
});
