import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { callSource, type EngineDriver, type EnginePage, type ViewportSize } from './driver';

/** Debian's Firefox ESR; FIREFOX_PATH overrides it. */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Headless Firefox reports no pointer and no hover, as a phone without a mouse would: the widget would
 * take it for a touch screen. 6 is a fine pointer that can hover, as on a desktop.
 */
const FIREFOX_PREFS = {
  'ui.primaryPointerCapabilities': 6,
  'ui.allPointerCapabilities': 6,
  'ui.useOverlayScrollbars': 1,
  'intl.accept_languages': 'en-US',
};

/**
 * Sets the viewport through WebDriver BiDi itself: puppeteer's `setViewport` also overrides the screen
 * orientation, a command Firefox ESR 140 does not know.
 */
async function setViewport(page: Page, size: ViewportSize): Promise<void> {
  const frame = page.mainFrame() as unknown as {
    browsingContext: { setViewport(options: { viewport: ViewportSize; devicePixelRatio: null }): Promise<void> };
  };
  await frame.browsingContext.setViewport({ viewport: size, devicePixelRatio: null });
}

function firefoxPage(page: Page): EnginePage {
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: (fn, ...args) => page.evaluate(callSource(fn, args)) as Promise<never>,
    click: (x, y) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key),
    screenshot: async () => Buffer.from(await page.screenshot()),
    close: () => page.close(),
  };
}

/** Firefox over WebDriver BiDi, through puppeteer-core (Playwright drives only its own patched Firefox). */
export async function launchFirefoxDriver(): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: null,
    extraPrefsFirefox: FIREFOX_PREFS,
    env: { ...process.env, LANG: 'en_US.UTF-8' },
  });
  return {
    engine: 'firefox',
    async open(url, size) {
      const page = await browser.newPage();
      await setViewport(page, size);
      await page.goto(url);
      return firefoxPage(page);
    },
    close: () => browser.close(),
  };
}
