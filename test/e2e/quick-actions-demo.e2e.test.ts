import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { el } from '../../src/i18n/languages/el';
import { he } from '../../src/i18n/languages/he';
import { ja } from '../../src/i18n/languages/ja';
import { pl } from '../../src/i18n/languages/pl';
import { englishStrings, type StringTable } from '../../src/i18n/strings';
import { startSession, type E2eSession } from './harness';

// The demo's quick actions in the visitor's language: a chip sends its translated label and the quick
// action's id, and the demo's webhook answers by the id, so Polish gets the course cards English gets,
// not the catch-all answer to words it does not know.

let session: E2eSession;

beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** The demo in `tag`, its chat open and empty, showing the quick-action chips. */
async function emptyChat(tag: string): Promise<Page> {
  const { page } = await session.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${session.server.url}/?lang=${tag}`);
  await page.locator('store-assistant').locator('.root').waitFor();
  await page.locator('store-assistant').evaluate((host) => (host as HTMLElement & { startChat(): void }).startChat());
  return page;
}

/** What the demo answers to the quick action at `index`: the reply's text, its product cards and tables. */
async function answerTo(tag: string, table: StringTable, index: number) {
  const page = await emptyChat(tag);
  const widget = page.locator('store-assistant');
  const label = table.defaultQuickActions.split('|')[index] ?? '';
  await widget.locator('.chip').filter({ hasText: label }).click();
  const reply = widget.locator('.message.bot').last();
  await reply.waitFor();
  // Once the reply is written out the header is back to "Online" in the language.
  await widget.locator('.status.online').filter({ hasText: table.online }).waitFor();
  return {
    cards: await widget.locator('.product-card').count(),
    tables: await widget.locator('.markdown table').count(),
    text: ((await reply.locator('.markdown').first().textContent()) ?? '').trim(),
  };
}

/** English's answers, asked once for every language to be compared with. */
const englishAnswers = new Map<number, ReturnType<typeof answerTo>>();
const inEnglish = (index: number) => {
  if (!englishAnswers.has(index)) englishAnswers.set(index, answerTo('en', englishStrings, index));
  return englishAnswers.get(index);
};

describe("the demo answers its quick actions in the visitor's language", () => {
  it.each<[string, StringTable]>([
    ['pl', pl],
    ['he', he],
    ['ja', ja],
    ['el', el],
  ])(
    '%s: the course chip gets the course cards and the size chip the size table, as in English',
    async (tag, table) => {
      const courses = await answerTo(tag, table, 0);
      expect(courses).toEqual(await inEnglish(0));
      expect(courses.cards).toBeGreaterThan(0);
      const sizes = await answerTo(tag, table, 2);
      expect(sizes).toEqual(await inEnglish(2));
      expect(sizes.tables).toBe(1);
    },
  );
});
