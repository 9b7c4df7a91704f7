import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { chatHook, feedbackHook, openWidget, send, startChat, type ReceivedRequest } from './guided-replies-fixtures';
import { startSession, type E2eSession } from './harness';

/**
 * Reply feedback in Chromium against the built bundle: the pressed state, the JSON a feedback-url
 * receives, the choice kept across a reload, and a failing or silent feedback server that never
 * becomes a chat error.
 */
let session: E2eSession;
let fixtures: FixtureServer;
let hook: ReturnType<typeof chatHook>;
let received: ReceivedRequest[];
let refused: ReceivedRequest[];
let unanswered: ReceivedRequest[];
const hanging: ServerResponse[] = [];
const REPLY = 'Our linen shirt is back in stock.';

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  hook = chatHook(fixtures, '/chat', { 'Linen shirts?': { output: REPLY } });
  received = feedbackHook(fixtures, '/feedback');
  refused = feedbackHook(fixtures, '/feedback-500', (response) =>
    response.writeHead(500, { 'Content-Type': 'text/plain' }).end('down'),
  );
  unanswered = feedbackHook(fixtures, '/feedback-silent', (response) => void hanging.push(response));
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** Records every store-assistant:feedback detail in `window.__feedback`, from the page's first script on. */
async function recordFeedbackEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const details: unknown[] = [];
    (window as unknown as { __feedback: unknown[] }).__feedback = details;
    document.addEventListener('store-assistant:feedback', (event) => details.push((event as CustomEvent).detail));
  });
}

const feedbackEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __feedback: Record<string, unknown>[] }).__feedback);
const reply = (page: Page) => page.locator('store-assistant .message.bot').filter({ hasText: REPLY });
const pressed = (page: Page) =>
  Promise.all(
    ['Helpful', 'Not helpful'].map((name) =>
      reply(page).getByRole('button', { name, exact: true }).getAttribute('aria-pressed'),
    ),
  );

/** Opens a store whose feedback goes to `feedbackPath`, asks a question and waits for the reply's thumbs. */
async function askForShirts(feedbackPath: string, options: { clock?: boolean } = {}) {
  const opened = await openWidget(
    session,
    fixtures,
    `webhook-url="/chat" typing-speed="0" feedback-url="${feedbackPath}"`,
    {
      beforeLoad: async (page) => {
        await recordFeedbackEvents(page);
        if (options.clock) await page.clock.install();
      },
    },
  );
  await startChat(opened.page);
  await send(opened.page, 'Linen shirts?');
  await reply(opened.page).getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  return opened;
}

/** The console lines the widget wrote about feedback. */
const feedbackWarnings = (consoleMessages: string[]) =>
  consoleMessages.filter((line) => line.includes('[store-assistant]') && line.includes('feedback'));

/** Nothing of a failed rating reaches the visitor: no alert, no error text, and the chat still answers. */
async function expectChatUnharmed(page: Page, question: string): Promise<void> {
  expect(await page.locator('store-assistant').getByRole('alert').count()).toBe(0);
  expect(
    await page
      .locator('store-assistant')
      .getByText(/Oops|went wrong/)
      .count(),
  ).toBe(0);
  await send(page, question);
  await page.locator('store-assistant .message.bot').getByText(`You said: ${question}`).waitFor();
}

describe('reply feedback', () => {
  it('a rating and a changed rating are pressed and POSTed as JSON; the choice survives a reload', async () => {
    const { page, pageErrors } = await askForShirts('/feedback');
    const sessionId = hook.requests.at(-1)?.body.sessionId;
    expect(await pressed(page)).toEqual(['false', 'false']);

    await reply(page).getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect.poll(() => pressed(page)).toEqual(['true', 'false']);
    await expect.poll(() => received.length).toBe(1);
    await reply(page).getByRole('button', { name: 'Not helpful', exact: true }).click();
    await expect.poll(() => pressed(page)).toEqual(['false', 'true']);
    await expect.poll(() => received.length).toBe(2);

    const events = await feedbackEvents(page);
    const messageId = events[0]?.messageId;
    expect(typeof messageId === 'string' && messageId.length > 0).toBe(true);
    expect(received.map((request) => request.body)).toEqual([
      { messageId, rating: 'up', content: REPLY, sessionId },
      { messageId, rating: 'down', content: REPLY, sessionId },
    ]);
    expect(received.map((request) => [request.method, request.headers['content-type']])).toEqual([
      ['POST', 'application/json'],
      ['POST', 'application/json'],
    ]);
    // The event carries what was POSTed.
    expect(events).toEqual(received.map((request) => request.body));

    await page.reload();
    await startChat(page);
    await reply(page).waitFor();
    await expect.poll(() => pressed(page)).toEqual(['false', 'true']);
    // Choosing the kept rating again sends nothing; changing it sends one request more.
    await reply(page).getByRole('button', { name: 'Not helpful', exact: true }).click();
    await reply(page).getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect.poll(() => received.length).toBe(3);
    expect(received.map((request) => request.body.rating)).toEqual(['up', 'down', 'up']);
    expect(pageErrors).toEqual([]);
  });

  it('a feedback-url answering 500 is logged, never retried and never shown as a chat error', async () => {
    const { page, consoleMessages } = await askForShirts('/feedback-500');
    await reply(page).getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect.poll(() => feedbackWarnings(consoleMessages).length).toBe(1);
    expect(feedbackWarnings(consoleMessages)[0]).toContain('500');
    expect(await pressed(page)).toEqual(['true', 'false']);
    await expectChatUnharmed(page, 'Still there?');
    expect(refused).toHaveLength(1);
  });

  it('a feedback-url that never answers is given up after its timeout, without holding up the chat', async () => {
    const { page, consoleMessages } = await askForShirts('/feedback-silent', { clock: true });
    await reply(page).getByRole('button', { name: 'Not helpful', exact: true }).click();
    await expect.poll(() => unanswered.length).toBe(1);
    const closed = new Promise<void>((resolve) => hanging[0]?.once('close', resolve));
    // The chat answers while the rating is still on its way.
    await expectChatUnharmed(page, 'Anyone home?');
    expect(feedbackWarnings(consoleMessages)).toEqual([]);
    await page.clock.fastForward(10_000);
    await closed;
    await expect.poll(() => feedbackWarnings(consoleMessages).length).toBe(1);
    expect(await pressed(page)).toEqual(['false', 'true']);
    expect(await page.locator('store-assistant').getByRole('alert').count()).toBe(0);
    expect(unanswered).toHaveLength(1);
  });
});
