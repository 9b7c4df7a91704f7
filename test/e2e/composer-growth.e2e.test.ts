import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { afterFrames, startSession, type E2eSession } from './harness';

// The text box grows with its draft, wrapped lines included, in every engine. Chromium sizes it by
// `field-sizing: content` and the widget measures nothing; Firefox and WebKit have no such property, so
// these tests also turn it off and tell the widget so, as those engines have it: the widget measures.

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

const LONG_LINE = 'Do you have the linen shirt in a medium size, shipped to Lisbon?';

async function openChat(fieldSizing: 'content' | 'fixed'): Promise<Page> {
  const { page } = await session.newPage({ viewport: { width: 390, height: 844 } });
  if (fieldSizing === 'fixed')
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS) as (property: string, value?: string) => boolean;
      CSS.supports = (property: string, value?: string) =>
        property.trim() !== 'field-sizing' && (value === undefined ? supports(property) : supports(property, value));
    });
  await page.goto(`${session.server.url}/`);
  await page.getByRole('button', { name: 'Ask a question' }).click();
  await page.locator('store-assistant .message.bot').first().waitFor();
  await page.locator('store-assistant').evaluate((host, sizing) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`.input-bar textarea { field-sizing: ${sizing} !important; }`);
    const root = host.shadowRoot as ShadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, fieldSizing);
  return page;
}

const boxHeight = (page: Page) =>
  page.getByRole('textbox', { name: 'Message' }).evaluate((box) => box.getBoundingClientRect().height);

describe('the text box', () => {
  it.each(['content', 'fixed'] as const)(
    'grows for a line that wraps and shrinks back when sent (field-sizing: %s)',
    async (sizing) => {
      const page = await openChat(sizing);
      const empty = await boxHeight(page);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(LONG_LINE);
      await afterFrames(page);
      const wrapped = await box.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        scrolls: element.scrollHeight > element.clientHeight,
      }));
      // The line wraps twice in a phone's card: the box shows it whole, without scrolling.
      expect(wrapped.height).toBeGreaterThan(empty + 40);
      expect(wrapped.scrolls).toBe(false);
      // Measured, a height of the widget's own, only where the engine cannot size the box.
      expect(await box.evaluate((element) => element.style.height !== '')).toBe(sizing === 'fixed');
      await box.press('Enter');
      await page.locator('store-assistant .message.user', { hasText: 'linen shirt in a medium' }).waitFor();
      await afterFrames(page);
      expect(await boxHeight(page)).toBe(empty);
    },
  );
});
