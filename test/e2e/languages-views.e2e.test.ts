import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_LANGUAGES } from '../../src/i18n/language-choice';
import { englishStrings, isPluralKey, type StringKey } from '../../src/i18n/strings';
import { VERSION } from '../../src/common/version';
import { axeViolationLines } from './axe';
import { replyJson, startFixtureServer, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';
import { cardMirroring, MIRRORED } from './mirroring';
import { overflowingTexts } from './text-overflow';

// Every view of the card, at 320 px, in every built-in language and in a pseudo-language (English made
// 40% longer, accented and bracketed): no text cut off or overflowing, no English left in the code, and
// right to left mirrored. One page per language, its views switched in place.

let session: E2eSession;
let fixtures: FixtureServer;

/** Test content is bracketed like the pseudo-language: only an untranslated text of the widget is bare. */
const REPLY = {
  output: '⟦Here are two picks⟧',
  suggestions: ['⟦Sizes⟧', '⟦Shipping⟧'],
  products: [
    { title: '⟦Linen shirt⟧', price: '$49.00', url: 'https://shop.example/1', variantId: '11' },
    { title: '⟦Wool scarf⟧', price: '$29.00', url: 'https://shop.example/2', variantId: '12' },
    { title: '⟦Canvas tote⟧', price: '$19.00', url: 'https://shop.example/3', variantId: '13' },
  ],
  orders: [
    {
      number: '1042',
      date: '2026-11-24',
      status: 'shipped',
      items: [
        { title: '⟦Linen shirt⟧', quantity: 2 },
        { title: '⟦Wool scarf⟧', quantity: 1 },
        { title: '⟦Cap⟧', quantity: 1 },
        { title: '⟦Tote⟧', quantity: 1 },
      ],
      total: 128,
      currency: 'USD',
      tracking: { number: '00461', url: 'https://track.example/00461' },
      expectedDelivery: '2026-11-28',
      returnUrl: 'https://shop.example/return',
    },
  ],
};

const FAQ = JSON.stringify([{ q: '⟦Do you ship abroad?⟧', a: '⟦Yes, to 40 countries.⟧' }]);

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response, body) => {
    const message = String((JSON.parse(body) as { message?: string }).message ?? '');
    if (message.includes('person')) return replyJson(response, { output: '⟦One moment⟧', handoff: 'connecting' });
    return replyJson(response, REPLY);
  });
  // The push channel of a takeover: open, and silent.
  fixtures.handle('/api/events', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    response.write(': open\n\n');
  });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  y: 'ý',
  z: 'ž',
  g: 'ĝ',
  h: 'ĥ',
  t: 'ţ',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Y: 'Ý',
  Z: 'Ž',
  G: 'Ĝ',
  H: 'Ĥ',
  T: 'Ţ',
  b: 'ƀ',
  d: 'ð',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  p: 'þ',
  r: 'ŕ',
  w: 'ŵ',
  f: 'ƒ',
  v: 'ṽ',
  x: 'ẋ',
  j: 'ĵ',
  q: 'ʠ',
  B: 'Ɓ',
  D: 'Ð',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  P: 'Þ',
  R: 'Ŕ',
  W: 'Ŵ',
  F: 'Ƒ',
  V: 'Ṽ',
  X: 'Ẋ',
  J: 'Ĵ',
  Q: 'Ǫ',
};

/** One text of the pseudo-language: accented, 40% longer, in brackets; placeholders kept. */
function pseudo(text: string): string {
  if (text.includes('|')) return text.split('|').map(pseudo).join('|');
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? part : [...part].map((letter) => ACCENTED[letter] ?? letter).join('')))
    .join('');
  const visible = text.replace(/\{\w+\}/g, '').length;
  const extra = Math.ceil(visible * 0.4);
  const padding = Array.from({ length: Math.ceil(extra / 5) }, () => 'ẋẍẋẍ').join(' ');
  return `⟦${accented}${padding ? ` ${padding}` : ''}⟧`;
}

/** The pseudo-language as a table, every counted entry with its forms. */
function pseudoTable(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(englishStrings) as StringKey[]).map((key) => {
      const entry = englishStrings[key];
      if (isPluralKey(key) && typeof entry === 'object')
        return [key, Object.fromEntries(Object.entries(entry).map(([category, text]) => [category, pseudo(text)]))];
      return [key, key === 'askQuestionMessage' ? (entry as string) : pseudo(entry as string)];
    }),
  );
}

async function languagePage(lang: string, options: { pseudoAs?: string } = {}) {
  const opened = await session.newPage({ viewport: { width: 320, height: 640 } });
  const { page } = opened;
  if (options.pseudoAs) {
    const script =
      `(globalThis[Symbol.for('store-assistant.parts')] ??= new Map())` +
      `.set(${JSON.stringify(`lang-${options.pseudoAs}@${VERSION}`)}, ${JSON.stringify(pseudoTable())});`;
    await page.route(`**/store-assistant.lang-${options.pseudoAs}.js*`, (route) =>
      route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script }),
    );
  }
  // The page takes add-to-cart requests and answers with a cart.
  const cartPage = `<script>addEventListener('store-assistant:add-to-cart', (event) => {
    event.preventDefault(); event.detail.resolve({ itemCount: 3, total: 97, currency: 'USD' }); });</script>`;
  const url = fixtures.page(
    `/views-${lang}-${Math.random().toString(36).slice(2)}`,
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Store</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script>
<style>body { margin: 0 } h1 { font-size: 1rem; margin: 0 }</style>${cartPage}</head><body><main><h1>Store</h1>
<store-assistant mode="inline" lang="${lang}" brand-name="⟦Northwind⟧" webhook-url="/api/chat" events-url="/api/events"
 typing-speed="0" commerce="custom" cart-url="/cart" checkout-url="/checkout" voice-provider="demo"
 voice-consent="⟦We record calls to answer you better.⟧" faq='${FAQ}'></store-assistant></main></body></html>`,
  );
  await page.goto(url);
  await page.locator('store-assistant .card:not([aria-busy])').waitFor();
  await page.locator('store-assistant .view').first().waitFor();
  return opened;
}

type Assistant = { actions: { navigate(view: string): void } };
const navigate = (page: Page, view: string) =>
  page.evaluate(
    (to) =>
      (document.querySelector('store-assistant') as unknown as { assistant: Assistant }).assistant.actions.navigate(to),
    view,
  );
const send = (page: Page, text: string) =>
  page.evaluate(
    (message) =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        message,
      ),
    text,
  );

/**
 * The card's texts and accessible names with every bracketed text taken out: what is left in Latin
 * letters was not translated. Content (messages, titles) is marked `dir="auto"` and skipped.
 */
function englishLeft(): string[] {
  const root = document.querySelector('store-assistant')?.shadowRoot;
  if (!root) return ['no widget'];
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest('style, textarea, [dir="auto"], .markdown')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(element.getAttribute(name) ?? '');
  const bare = (text: string) => {
    let rest = text;
    for (let before = ''; before !== rest;) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    return rest;
  };
  return texts.map(bare).filter((text) => /[A-Za-z]{3,}/.test(text));
}

/** Each view's problems, by view: the views are switched in place, in the order a visitor meets them. */
async function everyView(page: Page, check: () => Promise<string[]>): Promise<Record<string, string[]>> {
  const widget = page.locator('store-assistant');
  const found: Record<string, string[]> = {};
  found.home = await check();
  await navigate(page, 'faq');
  await widget.locator('.view').first().waitFor();
  found.faq = await check();
  await navigate(page, 'chat');
  await send(page, 'picks');
  await widget.locator('[part~="order-card"]').waitFor();
  await widget.locator('.product-card').first().waitFor();
  await widget.locator('.product-card .sa-cart-button').first().click();
  await widget.locator('[part="cart-strip"]').waitFor();
  found.chat = await check();
  await widget.locator('textarea').fill('x'.repeat(4001));
  await widget.locator('textarea').press('Enter');
  await widget.locator('[role="alert"]').first().waitFor();
  found.notice = await check();
  await widget.locator('textarea').fill('');
  await widget.locator('.call-toggle').first().click();
  await widget.locator('[part="voice-consent"]').waitFor();
  found.consent = await check();
  await widget.locator('[part="voice-consent"] button').first().click();
  await widget.locator('[part="call-bar"]').waitFor();
  found.call = await check();
  await widget.locator('[part="call-bar"] .end-call').click();
  await widget.locator('[part="call-bar"]').waitFor({ state: 'detached' });
  await send(page, 'a person please');
  await widget.locator('[part="takeover"]').first().waitFor();
  found.takeover = await check();
  await navigate(page, 'chats');
  await widget.locator('.list-action').first().waitFor();
  found.chats = await check();
  return found;
}

const noProblems = (views: Record<string, string[]>) =>
  Object.fromEntries(Object.keys(views).map((view) => [view, []]));

describe('a pseudo-language 40% longer than English, accented and bracketed, at 320 px', () => {
  it('shows every view without a text cut off or overflowing, and without an English text left', async () => {
    // In the place of Arabic: what the platform words itself (dates, "and" in a list) is then not in Latin letters.
    const { page, pageErrors } = await languagePage('ar', { pseudoAs: 'ar' });
    const views = await everyView(page, async () => [
      ...(await page.evaluate(overflowingTexts)),
      ...(await page.evaluate(englishLeft)).map((text) => `English: ${text}`),
    ]);
    expect(views).toEqual(noProblems(views));
    expect(pageErrors).toEqual([]);
  });
});

describe('every built-in language at 320 px', () => {
  it.each(BUILT_IN_LANGUAGES.map((code) => [code]))('%s shows every view without a text cut off', async (code) => {
    const { page, pageErrors } = await languagePage(code);
    const views = await everyView(page, () => page.evaluate(overflowingTexts));
    expect(views).toEqual(noProblems(views));
    expect(pageErrors).toEqual([]);
  });
});

const rightToLeft = BUILT_IN_LANGUAGES.filter((code) => ['ar', 'he'].includes(code));

describe.each(rightToLeft.map((code) => [code]))('%s, right to left', (code) => {
  it('mirrors the icons that point, the product cards and the call strip; axe finds nothing', async () => {
    const { page } = await languagePage(code);
    const widget = page.locator('store-assistant');
    expect(await axeViolationLines(page)).toEqual([]);
    await navigate(page, 'chat');
    await send(page, 'picks');
    await widget.locator('.product-card').first().waitFor();
    expect(await widget.locator('.card').evaluate(cardMirroring)).toEqual(MIRRORED);
    expect(await axeViolationLines(page)).toEqual([]);
    await widget.locator('textarea').waitFor();
    await widget.locator('.call-toggle').first().click();
    await widget.locator('[part="voice-consent"] button').first().click();
    const bar = widget.locator('[part="call-bar"]');
    await bar.waitFor();
    const strip = await bar.evaluate((element) => ({
      direction: getComputedStyle(element).direction,
      // The call's state leads, on the right; its controls follow, on the left.
      stateRightOfControls:
        (element.querySelector('.call-state') as HTMLElement).getBoundingClientRect().left >
        (element.querySelector('.call-controls') as HTMLElement).getBoundingClientRect().left,
    }));
    expect(strip).toEqual({ direction: 'rtl', stateRightOfControls: true });
  });
});
