import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.mjs';
import { callSource, type EngineDriver, type EnginePage, type Key } from './driver';

function chromiumPage(page: Page): EnginePage {
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: (fn, ...args) => page.evaluate(callSource(fn, args)),
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key: Key) => page.keyboard.press(key),
    screenshot: () => page.screenshot(),
    close: () => page.close(),
  };
}

/** Chromium through playwright-core, the project's own test browser (as the e2e tests launch it). */
export async function launchChromiumDriver(): Promise<EngineDriver> {
  const browser: Browser = await launchChromium();
  // One context for every page, as one profile in the other engines: a second window shares its storage.
  const context = await browser.newContext({ locale: 'en-US' });
  return {
    engine: 'chromium',
    async open(url, size) {
      const page = await context.newPage();
      await page.setViewportSize(size);
      await page.goto(url);
      return chromiumPage(page);
    },
    close: () => browser.close(),
  };
}
