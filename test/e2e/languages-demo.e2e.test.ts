import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../../src/i18n/languages/he';
import { ja } from '../../src/i18n/languages/ja';
import { pl } from '../../src/i18n/languages/pl';
import { ptBR } from '../../src/i18n/languages/pt-br';
import { zhHant } from '../../src/i18n/languages/zh-hant';
import { englishStrings, type StringTable } from '../../src/i18n/strings';
import { eventually } from '../support/patience';
import { startSession, type E2eSession } from './harness';
import { cardMirroring, MIRRORED } from './mirroring';

// The demo walked as a store owner would try a language: `npm run demo`, a product page with `?lang=<tag>`
// (the page's <html lang>), the launcher, the welcome, a question, and the cart strip counting what the
// demo store's cart really holds. For each language: no text of the widget is ever English, not even
// before its language file arrives; the views read in the language's table; every count takes the plural
// form the platform's rules pick; Hebrew is mirrored; the language file is fetched once. A screenshot of
// each open card goes to the system's temporary folder for a person to look at.

interface Walk {
  tag: string;
  code: string;
  table: StringTable;
}

const WALKS: Walk[] = [
  { tag: 'pl', code: 'pl', table: pl },
  { tag: 'ja', code: 'ja', table: ja },
  { tag: 'he', code: 'he', table: he },
  { tag: 'pt-BR', code: 'pt-br', table: ptBR },
  { tag: 'zh-TW', code: 'zh-hant', table: zhHant },
];

/** The cart counts walked: one, two, several and a compound number (Polish: one, few, many, few). */
const COUNTS = [1, 2, 5, 22];

const BRAND = 'Lumen';
const PRODUCT = 'linen-shirt';
const SCREENSHOTS = path.join(tmpdir(), 'store-assistant-language-walk');

const catalogue = JSON.parse(readFileSync(new URL('../../demo/catalogue.json', import.meta.url), 'utf8')) as {
  products: { id: string; variantId: number }[];
};
const variantId = catalogue.products.find((product) => product.id === PRODUCT)?.variantId;

let session: E2eSession;

beforeAll(async () => {
  session = await startSession();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await session?.close();
});

/** `template` with its `{placeholders}` filled. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A table's text entry. */
function text(table: StringTable, key: keyof StringTable): string {
  const entry = table[key];
  if (typeof entry !== 'string') throw new Error(`${key} is a counted entry`);
  return entry;
}

/**
 * The cart strip's count as the language writes it, worked out here from the platform rather than from the
 * widget's code: the form `Intl.PluralRules` picks for `count` (else `other`), the number in the language's
 * digits.
 */
function cartCountText(walk: Walk, count: number): string {
  const forms = walk.table.cartCount as Record<string, string>;
  const form = forms[new Intl.PluralRules(walk.tag).select(count)] ?? walk.table.cartCount.other;
  return fill(form, { count: new Intl.NumberFormat(walk.tag).format(count) });
}

/** Every piece of every English text of the widget long enough to be told apart, placeholders cut out. */
function englishPieces(): string[] {
  const pieces = new Set<string>();
  for (const entry of Object.values(englishStrings))
    for (const template of typeof entry === 'string' ? [entry] : Object.values(entry))
      for (const piece of template.split(/\{\w+\}/)) {
        const trimmed = piece.trim();
        if (trimmed.length >= 4 && /[A-Za-z]{3}/.test(trimmed)) pieces.add(trimmed);
      }
  return [...pieces];
}

/** The English pieces that cannot be in `table`'s language: those none of its own texts contain. */
function englishNotIn(table: StringTable): string[] {
  const own = Object.values(table).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
  return englishPieces().filter((piece) => !own.some((translated) => translated.includes(piece)));
}

/**
 * Runs in the page before any of its scripts: every text and accessible name the widget's shadow root ever
 * holds, from the moment it is attached, is kept in `window.widgetTexts`. A value that changes within one
 * task is kept too (the records' old values), so nothing shown before the language arrives slips through.
 * Content (messages, product titles: `dir="auto"`, markdown) and the text box's value are not the widget's.
 */
function recordWidgetTexts(): void {
  const texts = new Set<string>();
  (window as unknown as { widgetTexts: Set<string> }).widgetTexts = texts;
  const names = ['aria-label', 'placeholder', 'title', 'alt'];
  const content = 'style, textarea, [dir="auto"], .markdown';
  const keep = (value: string | null | undefined, at: Element | null) => {
    if (value?.trim() && !at?.closest(content)) texts.add(value.trim());
  };
  const take = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) return keep(node.textContent, node.parentElement);
    if (!(node instanceof Element)) return;
    for (const name of names) keep(node.getAttribute(name), node);
    node.childNodes.forEach(take);
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    if (this.localName !== 'store-assistant') return root;
    new MutationObserver((records) => {
      for (const record of records) {
        const at = record.target instanceof Element ? record.target : record.target.parentElement;
        record.addedNodes.forEach(take);
        if (record.type !== 'childList') keep(record.oldValue, at);
        if (record.type === 'characterData') take(record.target);
        if (record.type === 'attributes' && record.attributeName)
          keep((record.target as Element).getAttribute(record.attributeName), at);
      }
    }).observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
      characterDataOldValue: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: names,
    });
    return root;
  };
}

const widgetTexts = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { widgetTexts: Set<string> }).widgetTexts]);

/** The visitor's demo cart holds `count` of the shirt, through the demo store's Ajax Cart API. */
async function setCart(page: Page, count: number): Promise<void> {
  const api = page.context().request;
  const response =
    count === 1
      ? await api.post(`${session.server.url}/cart/add.js`, { data: { items: [{ id: variantId, quantity: 1 }] } })
      : await api.post(`${session.server.url}/cart/change.js`, { data: { id: String(variantId), quantity: count } });
  expect(response.status()).toBe(200);
}

/** Sends `message` as a visitor types it, once the previous reply has come. */
async function ask(widget: Locator, message: string): Promise<void> {
  const box = widget.locator('textarea:not([aria-disabled])');
  await box.fill(message);
  await box.press('Enter');
}

async function stripCount(widget: Locator): Promise<string> {
  return (await widget.locator('[part="cart-strip"] .sa-cart-items').textContent()) ?? '';
}

/** Whether the cart strip's count shows whole: not cut, and every line of it inside the strip. */
async function stripCountWhole(widget: Locator): Promise<boolean> {
  return widget.locator('[part="cart-strip"] .sa-cart-items').evaluate((items) => {
    const strip = (items.closest('[part="cart-strip"]') as HTMLElement).getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(items);
    const inside = [...range.getClientRects()].every(
      (line) => line.left >= strip.left - 1 && line.right <= strip.right + 1,
    );
    return items.scrollWidth <= items.clientWidth + 1 && inside;
  });
}

/** A picture of the open card, saved outside the repository for a person to look at; its path printed. */
async function screenshot(widget: Locator, name: string): Promise<void> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await widget.locator('.card').screenshot({ path: file });
  console.log(`screenshot: ${file}`);
}

describe('the demo walked in a language, as a store owner tries one', () => {
  it('the plural forms checked here differ where the language has them', () => {
    // Otherwise a form picked wrongly would go unnoticed below: Polish 2, 5 and 22 are few, many, few.
    const polish = WALKS[0] as Walk;
    expect(COUNTS.map((count) => cartCountText(polish, count))).toEqual([
      '1 produkt w koszyku',
      '2 produkty w koszyku',
      '5 produktów w koszyku',
      '22 produkty w koszyku',
    ]);
  });

  it.each(WALKS.map((walk) => [walk.tag, walk] as const))(
    '%s: in the language from the first view, counts in their forms, the file fetched once',
    async (tag, walk) => {
      const { page, pageErrors } = await session.newPage({ viewport: { width: 1024, height: 800 } });
      await page.addInitScript(recordWidgetTexts);
      const languageFiles: string[] = [];
      page.on('request', (request) => {
        if (/\/store-assistant\.lang-[\w-]+\.js/.test(request.url()))
          languageFiles.push(new URL(request.url()).pathname);
      });
      await setCart(page, 1);
      await page.goto(`${session.server.url}/products/${PRODUCT}?lang=${encodeURIComponent(tag)}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(tag);
      const widget = page.locator('store-assistant');
      const { table } = walk;

      // The launcher, then the welcome.
      await widget
        .getByRole('button', { name: fill(text(table, 'openChat'), { brandName: BRAND }), exact: true })
        .click();
      await widget.locator('.home-title').waitFor();
      expect(await widget.locator('.home-title').textContent()).toBe(
        fill(text(table, 'welcomeTitle'), { brandName: BRAND }),
      );
      expect(await widget.locator('.home-subtitle').textContent()).toBe(text(table, 'welcomeSubtitle'));
      await screenshot(widget, `${tag}-welcome`);

      // "Ask a question" opens the chat with the language's greeting; the strip shows the cart as sent with it.
      await widget.getByRole('button', { name: text(table, 'askQuestion'), exact: true }).click();
      const box = widget.locator('textarea');
      await box.waitFor();
      expect(await box.getAttribute('placeholder')).toBe(text(table, 'messagePlaceholder'));
      expect(await box.getAttribute('aria-label')).toBe(text(table, 'messageLabel'));
      await widget.getByRole('button', { name: text(table, 'back'), exact: true }).waitFor();
      await widget
        .locator('.message.user')
        .filter({ hasText: text(table, 'askQuestionMessage') })
        .waitFor();

      for (const count of COUNTS) {
        if (count > 1) {
          await setCart(page, count);
          await ask(widget, 'hi');
        }
        await eventually(async () => expect(await stripCount(widget)).toBe(cartCountText(walk, count)));
        // The words that carry the plural form are read, not cut with an ellipsis.
        expect(await stripCountWhole(widget)).toBe(true);
      }

      if (tag === 'he') {
        expect(await widget.locator('.card').evaluate((card) => getComputedStyle(card).direction)).toBe('rtl');
        await ask(widget, 'new arrivals');
        await widget.locator('.product-card').first().waitFor();
        expect(await widget.locator('.card').evaluate(cardMirroring)).toEqual(MIRRORED);
      }

      // The last reply written out (the header says "Online" in the language), so the picture shows the card at rest.
      await widget
        .locator('.status.online')
        .filter({ hasText: text(table, 'online') })
        .waitFor();
      await screenshot(widget, `${tag}-chat`);

      const english = englishNotIn(table);
      const shown = await widgetTexts(page);
      expect(shown.length).toBeGreaterThan(10);
      expect(shown.filter((shownText) => english.some((piece) => shownText.includes(piece)))).toEqual([]);
      expect(languageFiles).toEqual([`/store-assistant.lang-${walk.code}.js`]);
      expect(pageErrors).toEqual([]);
    },
  );

  it("the picker in the demo's chrome switches the page's language live; the widget follows and links keep it", async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(`${session.server.url}/`);
    const widget = page.locator('store-assistant');
    const title = widget.locator('.home-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(fill(englishStrings.welcomeTitle, { brandName: BRAND }));
    await page.getByLabel('Page language').selectOption('he');
    await eventually(async () =>
      expect(await title.textContent()).toBe(fill(text(he, 'welcomeTitle'), { brandName: BRAND })),
    );
    expect(await widget.locator('.card').evaluate((card) => getComputedStyle(card).direction)).toBe('rtl');
    expect(await page.evaluate(() => [document.documentElement.lang, location.search])).toEqual(['he', '?lang=he']);
    expect(await page.getByRole('link', { name: 'view it' }).getAttribute('href')).toBe('/cart?lang=he');
    expect(pageErrors).toEqual([]);
  });
});
