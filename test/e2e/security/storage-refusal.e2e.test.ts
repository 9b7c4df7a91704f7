import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

// A page whose storage refuses every write (a full quota, a locked-down browser) and answers every read
// with hostile JSON: the conversation on screen must not depend on saving.

let session: E2eSession;
let fixtures: FixtureServer;
const asked: string[] = [];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/hook', (_request, response, body) => {
    const { message } = JSON.parse(body) as { message: string };
    asked.push(body);
    replyJson(response, { output: `You said: ${message}` });
  });
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

/** Every read answers hostile JSON shaped like the widget's own records; every write throws. */
function hostileStorage(): void {
  const hostile = JSON.stringify({
    version: 2,
    id: 'x',
    updatedAt: 'soon',
    messages: [{ id: 1, content: { $ne: null }, sender: 'root' }],
    removed: ['*'],
    state: { phase: 'joined', agent: { name: '<img src=x onerror=alert(1)>' } },
    lastEventId: { toString: 1 },
    seen: 'all',
    transcript: [{ role: 'assistant', text: 7 }],
    startedAt: -1,
    __proto__: { polluted: 1 },
  });
  Storage.prototype.getItem = () => hostile;
  const attempts = { count: 0 };
  (window as unknown as { saveAttempts: typeof attempts }).saveAttempts = attempts;
  Storage.prototype.setItem = (key: string) => {
    if (key.startsWith('store-assistant:chat:')) attempts.count++;
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}

const NOT_SAVED =
  "This conversation couldn't be saved: the browser's storage is full. It stays here until you leave the page.";

/** How many times the widget tried to save a conversation. */
function saveAttempts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { saveAttempts: { count: number } }).saveAttempts.count);
}

async function typeAndSend(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

describe('storage that refuses to save and reads hostile JSON', () => {
  it('the visitor writes: the messages and the replies stay on screen, and one quiet notice says they are not saved', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.addInitScript(hostileStorage);
    await page.goto(
      fixtures.page(
        `/refusing-${Math.random().toString(36).slice(2)}`,
        widgetPage('webhook-url="/hook" typing-speed="0" store-domain="acme.example"'),
      ),
    );
    await page.getByRole('button', { name: 'Ask a question' }).click();
    const messages = page.locator('store-assistant .messages');
    await messages.getByText('You said: Hi', { exact: true }).waitFor();
    // The save after the reply was refused: said once, quietly, and what is on screen stays.
    const notice = page.locator('store-assistant').getByText(NOT_SAVED);
    await notice.waitFor();
    const attemptsBefore = await saveAttempts(page);
    await typeAndSend(page, 'hi');
    await messages.getByText('You said: hi', { exact: true }).waitFor();
    await expect.poll(() => saveAttempts(page)).toBeGreaterThan(attemptsBefore);
    expect(await messages.locator('.message').allTextContents()).toEqual([
      expect.stringContaining('Hi'),
      expect.stringContaining('You said: Hi'),
      expect.stringContaining('hi'),
      expect.stringContaining('You said: hi'),
    ]);
    // Said once: the next refused save does not say it again.
    expect(await notice.count()).toBe(0);
    expect(await page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
    expect(pageErrors).toEqual([]);
  });
});
