import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';

// English is in the script; every other built-in language is a file beside it, fetched only for the
// visitors who need it (src/app/language.ts, src/i18n/language-files.ts). These pages check it in a real
// browser against the built files: no English before the language, English with one console line when the
// file is missing, one request per language however many widgets and switches.

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response) => replyJson(response, { output: 'Hallo' }));
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const BRAND = 'Northwind';

/** Texts of the English table the card and launcher show first: none may be seen in another language. */
const ENGLISH = ['Welcome to', 'How can we help', 'Ask a question', 'Open chat with', 'Close chat', 'Track my order'];

const languageFile = (code: string) => `**/store-assistant.lang-${code}.js*`;
const isLanguageFile = (code: string) => (request: Request) =>
  new URL(request.url()).pathname.endsWith(`/store-assistant.lang-${code}.js`);

/**
 * Records, from the page's first script on, every text and accessible name each widget's shadow root
 * shows, after every change to it, in `window.seenTexts`.
 */
function recordWidgetTexts(): void {
  const seen: string[] = [];
  (window as unknown as { seenTexts: string[] }).seenTexts = seen;
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    const record = () => {
      seen.push(root.textContent ?? '');
      for (const named of root.querySelectorAll('[aria-label]')) seen.push(named.getAttribute('aria-label') ?? '');
    };
    new MutationObserver(record).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    return root;
  };
}

async function openPage(attributes: string, extra = '') {
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  await opened.page.addInitScript(recordWidgetTexts);
  const requests: string[] = [];
  opened.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const path = `/languages-${Math.random().toString(36).slice(2)}`;
  const url = fixtures.page(
    path,
    widgetPage(`brand-name="${BRAND}" webhook-url="/api/chat" typing-speed="0" ${attributes}`, extra),
  );
  return {
    ...opened,
    requests,
    // A held language file holds the page's load event: the page is ready for the test once parsed.
    go: () => opened.page.goto(url, { waitUntil: 'domcontentloaded' }),
  };
}

/** The text of the first widget's card (empty while its language is on its way). */
const cardText = (page: Page, index = 0) =>
  page.evaluate(
    (at) => document.querySelectorAll('store-assistant')[at]?.shadowRoot?.querySelector('.card')?.textContent ?? '',
    index,
  );

const englishSeen = (page: Page) =>
  page.evaluate(
    (english) =>
      (window as unknown as { seenTexts: string[] }).seenTexts.filter((text) =>
        english.some((words) => text.includes(words)),
      ),
    ENGLISH,
  );

/** How many recorded texts contain `words`. */
const seenWith = (page: Page, words: string) =>
  page.evaluate(
    (wanted) => (window as unknown as { seenTexts: string[] }).seenTexts.filter((text) => text.includes(wanted)).length,
    words,
  );

/** The widget's own console lines. */
const widgetLines = (consoleMessages: string[]) => consoleMessages.filter((line) => line.includes('[store-assistant]'));

describe('a visitor whose language is German', () => {
  it('sees German from the first view of the card, and no English at any moment', async () => {
    const { page, go, requests, pageErrors } = await openPage('mode="floating" lang="de"');
    await go();
    await page.locator('store-assistant .launcher').first().click();
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Willkommen bei ${BRAND}`);
    // The record saw the card's German: it was watching, so seeing no English means none was shown.
    expect(await seenWith(page, 'Willkommen bei')).toBeGreaterThan(0);
    expect(await englishSeen(page)).toEqual([]);
    expect(requests.filter((path) => path.endsWith('/store-assistant.lang-de.js'))).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('who opens the card before the file is there sees an empty card, then German', async () => {
    const { page, go, requests } = await openPage('mode="floating" lang="de"');
    const held: Route[] = [];
    await page.route(languageFile('de'), (route) => void held.push(route));
    await go();
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    await page.locator('store-assistant .launcher').first().click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('store-assistant')?.getAttribute('open')))
      .toBe('');
    expect(await cardText(page)).toBe('');
    expect(await page.locator('store-assistant .launcher').first().getAttribute('aria-label')).toBe(BRAND);
    await held[0]?.continue();
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain('Eine Frage stellen');
    expect(await englishSeen(page)).toEqual([]);
    expect(requests.filter((path) => path.endsWith('/store-assistant.lang-de.js'))).toHaveLength(1);
  });
});

describe('a language file that cannot be loaded', () => {
  it('leaves the card in English and writes one console line', async () => {
    const { page, go, consoleMessages } = await openPage('mode="inline" lang="de"');
    await page.route(languageFile('de'), (route) => route.fulfill({ status: 404, body: 'not found' }));
    const asked = page.waitForRequest(isLanguageFile('de'));
    await go();
    await asked;
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Welcome to ${BRAND}`);
    await expect.poll(() => widgetLines(consoleMessages)).toHaveLength(1);
    expect(widgetLines(consoleMessages)[0]).toContain('"de"');
  });
});

describe('Arabic', () => {
  it('is requested once for two widgets and a switch ar → en → ar, and is laid out right to left', async () => {
    const second = `<store-assistant mode="inline" lang="ar" brand-name="${BRAND}" webhook-url="/api/chat"></store-assistant>`;
    const { page, go, requests, pageErrors } = await openPage('mode="inline" lang="ar"', second);
    await go();
    const arabicTitle = `مرحبًا بك في ${BRAND}`;
    for (const index of [0, 1])
      await expect.poll(() => cardText(page, index), { timeout: 10_000 }).toContain(arabicTitle);
    const direction = () =>
      page.evaluate(() =>
        document.querySelector('store-assistant')?.shadowRoot?.querySelector('.root')?.getAttribute('dir'),
      );
    expect(await direction()).toBe('rtl');
    const setLang = (lang: string) =>
      page.evaluate((value) => document.querySelector('store-assistant')?.setAttribute('lang', value), lang);
    await setLang('en');
    await expect.poll(() => cardText(page)).toContain(`Welcome to ${BRAND}`);
    expect(await direction()).toBe('ltr');
    await setLang('ar');
    await expect.poll(() => cardText(page)).toContain(arabicTitle);
    expect(await direction()).toBe('rtl');
    expect(requests.filter((path) => path.endsWith('/store-assistant.lang-ar.js'))).toHaveLength(1);
    expect(requests.some((path) => /\/store-assistant\.lang-(?!ar)/.test(path))).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});

describe('the language, picked without asking', () => {
  /** A page with `<html lang>` as given and a widget without `lang`, in a browser set to `locale`. */
  async function detectingPage(htmlLang: string, locale: string) {
    const opened = await session.newPage({ viewport: { width: 1280, height: 800 }, locale });
    const requests: string[] = [];
    opened.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const url = fixtures.page(
      `/detect-${Math.random().toString(36).slice(2)}`,
      `<!doctype html><html${htmlLang ? ` lang="${htmlLang}"` : ''}><head><meta charset="utf-8"><title>Store</title>` +
        `<script src="/store-assistant.js"></script></head><body>` +
        `<store-assistant mode="inline" brand-name="${BRAND}" webhook-url="/api/chat"></store-assistant></body></html>`,
    );
    await opened.page.goto(url);
    return { ...opened, requests };
  }

  it("speaks the page's <html lang>, and follows it when the page changes it", async () => {
    const { page, requests } = await detectingPage('de-DE', 'en-US');
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Willkommen bei ${BRAND}`);
    await page.evaluate(() => (document.documentElement.lang = 'fr'));
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Bienvenue chez ${BRAND}`);
    await page.evaluate(() => (document.documentElement.lang = 'de'));
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Willkommen bei ${BRAND}`);
    expect(requests.filter((path) => path.endsWith('/store-assistant.lang-de.js'))).toHaveLength(1);
  });

  it("without <html lang>, speaks the browser's first language that has a translation", async () => {
    const { page } = await detectingPage('', 'es-MX');
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Te damos la bienvenida a ${BRAND}`);
  });

  it('keeps the lang attribute over the page, and stops following the page once it is set', async () => {
    const { page } = await detectingPage('de', 'en-US');
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Willkommen bei ${BRAND}`);
    await page.evaluate(() => document.querySelector('store-assistant')?.setAttribute('lang', 'es'));
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Te damos la bienvenida a ${BRAND}`);
    await page.evaluate(() => (document.documentElement.lang = 'fr'));
    // Taking the attribute away hands the choice back to the page, whose language changed meanwhile.
    await page.evaluate(() => document.querySelector('store-assistant')?.removeAttribute('lang'));
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain(`Bienvenue chez ${BRAND}`);
  });
});
