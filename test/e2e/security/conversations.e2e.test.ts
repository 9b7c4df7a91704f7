import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * Saved conversations in a real browser: two tabs of one store share localStorage without losing each
 * other's messages, visitors delete conversations, and `persist` changes (a cookie banner) apply live.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const sessions: string[] = [];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/echo', (_request, response, body) => {
    const { message, sessionId } = JSON.parse(body) as { message: string; sessionId: string };
    sessions.push(sessionId);
    replyJson(response, { output: `You said: ${message}` });
  });
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

type Widget = HTMLElement & { sendMessage(text: string): boolean; clearConversations(): void };

async function send(page: Page, text: string) {
  await page.evaluate((message) => (document.querySelector('store-assistant') as Widget).sendMessage(message), text);
  await page.locator('store-assistant .messages').getByText(`You said: ${text}`).waitFor();
}

const bubbles = async (page: Page) =>
  (await page.locator('store-assistant .message .bubble').allTextContents()).map((text) => text.trim());
const savedKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('store-assistant:chat:')));

async function openStore(attributes = '') {
  const opened = await session.newPage();
  const url = fixtures.page(
    `/store-${Math.random().toString(36).slice(2)}`,
    widgetPage(`webhook-url="/echo" typing-speed="0" ${attributes}`),
  );
  await opened.page.goto(url);
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  return { ...opened, url };
}

describe('two tabs of one store', () => {
  it("neither tab loses the other's messages, and each shows the other's without a reload", async () => {
    const first = await openStore();
    await send(first.page, 'Do you ship to Norway?');
    // A product link opened in a new tab: the same store, the same conversation.
    const second = await first.context.newPage();
    await second.goto(first.url);
    await second.locator('store-assistant').getByRole('button', { name: 'Ask a question' }).waitFor();
    await second.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
    );
    await second.locator('store-assistant .messages').getByText('You said: Do you ship to Norway?').waitFor();
    await send(second, 'What about returns?');
    await first.page.locator('store-assistant .messages').getByText('You said: What about returns?').waitFor();
    await send(first.page, 'Thanks');
    await second.locator('store-assistant .messages').getByText('You said: Thanks').waitFor();

    const expected = [
      'Do you ship to Norway?',
      'You said: Do you ship to Norway?',
      'What about returns?',
      'You said: What about returns?',
      'Thanks',
      'You said: Thanks',
    ];
    for (const page of [first.page, second]) {
      await page.reload();
      await page.evaluate(() =>
        (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
      );
      await page.locator('store-assistant .messages').getByText('You said: Thanks').waitFor();
      expect(await bubbles(page)).toEqual(expected);
    }
    expect(await savedKeys(first.page)).toHaveLength(1);
  });
});

describe('deleting', () => {
  it('"Delete conversation" in Chats removes it from the list and from storage', async () => {
    const { page } = await openStore();
    await send(page, 'About shoes');
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { newChat(): void }).newChat(),
    );
    await send(page, 'About bags');
    await page.evaluate(() => (document.querySelector('store-assistant') as HTMLElement & { goHome(): void }).goHome());
    await page.locator('store-assistant').getByRole('button', { name: 'Chats' }).click();
    const list = page.locator('store-assistant').getByRole('list', { name: 'Saved conversations' });
    await list.getByText('About shoes', { exact: true }).waitFor();
    await list.locator('li', { hasText: 'About shoes' }).getByRole('button', { name: 'Delete conversation' }).click();
    await expect.poll(() => list.getByText('About shoes', { exact: true }).count()).toBe(0);
    expect(await list.getByText('About bags', { exact: true }).count()).toBe(1);
    await expect.poll(() => savedKeys(page).then((keys) => keys.length)).toBe(1);
    await page.reload();
    await page
      .locator('store-assistant .section-view')
      .or(page.locator('store-assistant').getByRole('button', { name: 'Chats' }))
      .first()
      .waitFor();
    if ((await list.count()) === 0)
      await page.locator('store-assistant').getByRole('button', { name: 'Chats' }).click();
    await list.getByText('About bags', { exact: true }).waitFor();
    expect(await list.getByText('About shoes', { exact: true }).count()).toBe(0);
  });

  it('clearConversations() leaves nothing of the conversations in storage or on screen', async () => {
    const { page } = await openStore();
    await send(page, 'Something private');
    await expect.poll(() => savedKeys(page).then((keys) => keys.length)).toBe(1);
    await page.evaluate(() => (document.querySelector('store-assistant') as Widget).clearConversations());
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('store-assistant:chat'))),
    ).toEqual([]);
    expect(await page.locator('store-assistant .message').count()).toBe(0);
  });
});

describe('persist applied live', () => {
  it('none, then local: the conversation on screen stays, with its session, and is saved; then none removes it from storage', async () => {
    const { page } = await openStore('persist="none"');
    await send(page, 'Before consent');
    expect(await savedKeys(page)).toEqual([]);
    const before = sessions.at(-1);
    await page.evaluate(() => document.querySelector('store-assistant')?.setAttribute('persist', 'local'));
    await expect.poll(() => savedKeys(page).then((keys) => keys.length)).toBe(1);
    expect(await bubbles(page)).toEqual(['Before consent', 'You said: Before consent']);
    await send(page, 'After consent');
    expect(sessions.at(-1)).toBe(before);

    await page.evaluate(() => document.querySelector('store-assistant')?.setAttribute('persist', 'none'));
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((key) => key.startsWith('store-assistant:'))
            // The view is not the conversation; the clear mark is a random value that tells other tabs
            // not to save the cleared conversation again, and says nothing about the visitor.
            .filter((key) => key !== 'store-assistant:view' && key !== 'store-assistant:cleared'),
        ),
      )
      .toEqual([]);
    expect(await bubbles(page)).toEqual([
      'Before consent',
      'You said: Before consent',
      'After consent',
      'You said: After consent',
    ]);
  });
});

describe('saved data is untrusted input', () => {
  it('a saved reply with 5,000 cards and 60,000 characters renders 12 cards and 10,000 characters', async () => {
    const opened = await session.newPage();
    await opened.page.addInitScript(() => {
      const hook = `${location.origin}/echo`;
      const products = Array.from({ length: 5_000 }, (_, index) => ({ title: `Card ${index}`, url: `/p/${index}` }));
      const messages = [
        { id: 'q', sender: 'user', timestamp: 1, content: 'Show me everything' },
        { id: 'r', sender: 'bot', timestamp: 2, content: 'word '.repeat(12_000), products },
      ];
      localStorage.setItem(
        `store-assistant:chat:${hook} saved`,
        JSON.stringify({ version: 2, id: 'saved', updatedAt: 2, messages }),
      );
      localStorage.setItem(`store-assistant:open:${hook}`, 'saved');
    });
    await opened.page.goto(fixtures.page('/saved-caps', widgetPage('webhook-url="/echo" typing-speed="0"')));
    await opened.page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
    );
    const reply = opened.page.locator('store-assistant .message.bot');
    await reply.getByText('This reply was shortened.').waitFor();
    expect(await reply.locator('.product-card').count()).toBe(12);
    expect(await reply.locator('.bubble').evaluate((bubble) => bubble.textContent?.length ?? 0)).toBeLessThanOrEqual(
      10_002,
    );
    expect(opened.pageErrors).toEqual([]);
  });
});

describe('hostile saved entries', () => {
  it('invalid and prototype-polluting entries are skipped: the widget works and nothing reaches the page', async () => {
    const opened = await session.newPage();
    await opened.page.addInitScript(() => {
      const hook = `${location.origin}/echo`;
      localStorage.setItem(
        `store-assistant:chat:${hook} x`,
        '{"version":2,"__proto__":{"polluted":1},"id":"x","updatedAt":"soon","messages":[{"id":1,"content":{"$ne":null},"sender":"root"}]}',
      );
      localStorage.setItem(`store-assistant:chat:${hook} y`, '{not json');
      localStorage.setItem(
        `store-assistant:chat:${hook} z`,
        JSON.stringify({
          version: 2,
          id: 'z',
          updatedAt: 1,
          messages: [
            {
              id: 'm',
              sender: 'bot',
              timestamp: 1,
              content: '<img src=x onerror=alert(1)>',
              status: 'streaming',
              animate: true,
            },
          ],
        }),
      );
      localStorage.setItem(`store-assistant:open:${hook}`, 'x');
    });
    await opened.page.goto(fixtures.page('/hostile-entries', widgetPage('webhook-url="/echo" typing-speed="0"')));
    await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
    await send(opened.page, 'Still working?');
    expect(await opened.page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
    expect(await opened.page.locator('store-assistant img[src="x"]').count()).toBe(0);
    expect(opened.pageErrors).toEqual([]);
  });
});
