import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, type FixtureServer } from './fixture-server';
import { afterFrames, startSession, type E2eSession } from './harness';

// Layout in Chromium against the built bundle, measured as geometry and computed style (never pixels):
// every row's control inside its row, buttons on one line in their longest language, wide tables and
// code that say they scroll, the composer's placeholder on one line, the sizes of small targets.

let session: E2eSession;
let fixtures: FixtureServer;

const LONG_REPLY =
  'Fresh in this week: a breathable linen shirt, a waxed canvas tote and a merino beanie, all three in ' +
  'every size from XS to XXL, with free returns for thirty days.';
const WIDE_TABLE = [
  '| Size | Chest (cm) | Waist (cm) | Hips (cm) | Sleeve (cm) | Inseam (cm) | Shoulder (cm) |',
  '|---|---|---|---|---|---|---|',
  '| XS | 80–84 | 64–68 | 86–90 | 58–59 | 76–77 | 40–41 |',
  '| S | 86–90 | 70–74 | 92–96 | 60–61 | 78–79 | 42–43 |',
].join('\n');
const WIDE_CODE =
  '```\nconst total = items.reduce((sum, item) => sum + item.price * item.quantity, 0); // every line\n```';
const PRODUCTS = ['Linen Shirt', 'Canvas Tote', 'Wool Beanie'].map((title, index) => ({
  title,
  id: `sku-${index}`,
  description: `${title}: breathable, garment-washed, made to last for years.`,
  price: `$${40 + index * 10}.00`,
  url: `/products/${index}`,
}));

/** The store's webhook: what it answers depends on a word in the visitor's message. */
function answer(_request: IncomingMessage, response: ServerResponse, body: string) {
  const message = String((JSON.parse(body) as { message?: unknown }).message);
  if (message.includes('table')) return replyJson(response, { output: `Our sizes:\n\n${WIDE_TABLE}` });
  if (message.includes('code')) return replyJson(response, { output: `Run it:\n\n${WIDE_CODE}` });
  if (message.includes('cards')) return replyJson(response, { output: 'Here are three picks:', products: PRODUCTS });
  if (message.includes('fail')) return replyJson(response, { message: 'down' }, 500);
  return replyJson(response, { output: LONG_REPLY });
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', answer);
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

type Device = Parameters<E2eSession['newPage']>[0];
const phone = (width: number, height = 700): Device => ({
  viewport: { width, height },
  isMobile: true,
  hasTouch: true,
});
const desktop: Device = { viewport: { width: 1280, height: 800 } };

/** A store page (in `lang`) with one open floating widget, measured once the card has popped in. */
async function openWidget(device: Device, attributes: string, lang = 'en') {
  const opened = await session.newPage(device);
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script></head>
<body><h1>Store</h1><store-assistant mode="floating" open webhook-url="/api/chat" brand-name="Lumen" typing-speed="0"
  voice-provider="demo" ${attributes}></store-assistant></body></html>`;
  await opened.page.goto(fixtures.page(`/polish-${Math.random().toString(36).slice(2)}`, html));
  await opened.page.locator('store-assistant .home-title').waitFor();
  await settled(opened.page);
  return opened;
}

/** Resolves when every finite animation of the widget (the card's pop, a message sliding in) has finished. */
async function settled(page: Page): Promise<void> {
  await page
    .locator('store-assistant')
    .evaluate((host) =>
      Promise.all(
        (host.shadowRoot?.getAnimations() ?? [])
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
  await afterFrames(page);
}

type Host = HTMLElement & { startChat(text?: string): void; newChat(): void; goHome(): void };
const widget = (page: Page) => page.locator('store-assistant');
const host = (page: Page, call: (element: Host, text: string) => void, text = '') =>
  widget(page).evaluate(call as (element: Element, text: string) => void, text);

/** Starts a chat with `text` and waits for the reply's bubble (or its failure line). */
async function ask(page: Page, text: string) {
  const before = await widget(page).locator('.message.bot').count();
  await host(page, (element, first) => element.startChat(first), text);
  await widget(page).locator('.message.bot').nth(before).waitFor();
  await settled(page);
}

/** `inner` lies within `outer`, to the pixel (rounding aside). */
function inside(inner: DOMRect, outer: DOMRect): boolean {
  return (
    inner.left >= outer.left - 0.5 &&
    inner.right <= outer.right + 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.bottom <= outer.bottom + 0.5
  );
}

/** How many lines the visible text of `element` takes (visually hidden text, for screen readers, aside). */
const lines = (locator: Locator) =>
  locator.evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only') || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
    }
    // Boxes of one line (text in two fonts, say) start within a few pixels of each other; a new line, a line lower.
    return tops.sort((a, b) => a - b).filter((top, index, sorted) => index === 0 || top - (sorted[index - 1] ?? 0) > 8)
      .length;
  });

describe('Chats: each row keeps its delete control', () => {
  it.each([
    ['a 320 px phone, English, light', phone(320), 'en', 'light'],
    ['a 320 px phone, Arabic, dark', phone(320), 'ar', 'dark'],
    ['a 390 px phone, Arabic, light', phone(390, 844), 'ar', 'light'],
    ['a desktop, English, dark', desktop, 'en', 'dark'],
  ])('%s: the × stays inside its row and the card; a Latin preview starts at its first letter', async (...row) => {
    const [, device, lang, scheme] = row;
    const { page } = await openWidget(device, `lang="${lang}" color-scheme="${scheme}"`, lang);
    await ask(page, 'Which new arrivals do you have this week for a summer holiday by the sea?');
    await host(page, (element) => element.newChat());
    await ask(page, 'Anything new in linen?');
    await host(page, (element) => element.goHome());
    await widget(page).locator('.bottom-nav button').nth(1).click();
    const rows = widget(page).locator('.conversation-item');
    await rows.nth(1).waitFor();
    await settled(page);
    const measured = await widget(page).evaluate((element) => {
      const root = element.shadowRoot as ShadowRoot;
      const card = (root.querySelector('.card') as HTMLElement).getBoundingClientRect().toJSON() as DOMRect;
      return [...root.querySelectorAll('.conversation-item')].map((item) => {
        const control = item.querySelector('.icon-button') as HTMLElement;
        const detail = item.querySelector('.list-action-detail') as HTMLElement;
        const first = document.createRange();
        first.setStart(detail.firstChild as Text, 0);
        first.setEnd(detail.firstChild as Text, 1);
        return {
          row: item.getBoundingClientRect().toJSON() as DOMRect,
          control: control.getBoundingClientRect().toJSON() as DOMRect,
          card,
          direction: getComputedStyle(detail).direction,
          firstLetter: first.getBoundingClientRect().toJSON() as DOMRect,
          detail: detail.getBoundingClientRect().toJSON() as DOMRect,
        };
      });
    });
    expect(measured).toHaveLength(2);
    for (const { row: box, control, card, direction, firstLetter, detail } of measured) {
      expect({ inRow: inside(control, box), inCard: inside(box, card), wide: control.width >= 36 }).toEqual({
        inRow: true,
        inCard: true,
        wide: true,
      });
      // The reply is English: it reads left to right, cut (if at all) at its end, in Arabic too.
      expect(direction).toBe('ltr');
      expect(firstLetter.left).toBeGreaterThanOrEqual(detail.left - 0.5);
    }
  });
});

describe('buttons fit their longest translation', () => {
  it.each([
    ['a 320 px phone', phone(320)],
    ['a desktop', desktop],
  ])('Arabic on %s: "أضف إلى السلة" and "عرض المنتج" each on one line, inside the card', async (_name, device) => {
    const { page } = await openWidget(device, 'lang="ar" commerce="custom"', 'ar');
    await ask(page, 'cards');
    const card = widget(page).locator('.product-card').first();
    const add = card.locator('.sa-cart-button');
    const view = card.locator('.product-link');
    expect(await add.textContent()).toContain('أضف إلى السلة');
    expect([await lines(add), await lines(view)]).toEqual([1, 1]);
    const [cardBox, addBox] = [await card.boundingBox(), await add.boundingBox()];
    expect(addBox && cardBox && addBox.x >= cardBox.x && addBox.x + addBox.width <= cardBox.x + cardBox.width).toBe(
      true,
    );
  });
});

describe('wide tables and code blocks say that they scroll', () => {
  it.each([
    ['a table', 'table', 'table'],
    ['a code block', 'code', 'pre'],
  ])('%s: a focusable, named region with an edge fade, scrolled by the keyboard', async (_name, ask_, inner) => {
    const { page } = await openWidget(phone(390, 844), '');
    await ask(page, `Show me the ${ask_}`);
    const region = widget(page).locator(`.markdown [role="region"]:has(> ${inner})`);
    await region.waitFor();
    const facts = await region.evaluate((element) => ({
      tabIndex: (element as HTMLElement).tabIndex,
      named: (element.getAttribute('aria-label') ?? '').length > 0,
      scrolls: element.scrollWidth > element.clientWidth,
      fade: getComputedStyle(element).backgroundImage.includes('gradient'),
    }));
    expect(facts).toEqual({ tabIndex: 0, named: true, scrolls: true, fade: true });
    expect(
      await widget(page)
        .getByRole('region', { name: /scroll/i })
        .count(),
    ).toBeGreaterThan(0);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

describe('the composer', () => {
  /** The text box's height when empty and when holding one word: equal when the placeholder takes one line. */
  const heights = (box: Locator) =>
    box.evaluate(async (textarea: HTMLTextAreaElement) => {
      const empty = textarea.getBoundingClientRect().height;
      textarea.value = 'Hi';
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const oneLine = textarea.getBoundingClientRect().height;
      textarea.value = '';
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
      return { placeholder: textarea.placeholder, extra: Math.round(empty - oneLine) };
    });

  it.each<[string, Device, boolean]>([
    ['at 320 px', phone(320), false],
    ['during a call at 390 px', phone(390, 844), true],
  ])('%s its placeholder takes one line, in every language', async (_, device, inCall) => {
    const { page } = await openWidget(device, '');
    await host(page, (element) => element.startChat());
    if (inCall) {
      await widget(page).locator('.call-toggle').tap();
      await widget(page).locator('.call-duration').waitFor();
    }
    const box = widget(page).locator('.input-bar textarea');
    await box.waitFor();
    for (const lang of ['en', 'de', 'es', 'fr', 'ar']) {
      await widget(page).evaluate((element, value) => element.setAttribute('lang', value), lang);
      await expect
        .poll(() => box.evaluate((textarea, value) => textarea.closest(`[lang="${value}"]`) !== null, lang))
        .toBe(true);
      expect({ lang, ...(await heights(box)) }).toMatchObject({ lang, extra: 0 });
    }
  });

  it('a scrolled long draft is clipped inside the field, clear of its rounded edge', async () => {
    const { page } = await openWidget(phone(390, 844), '');
    await host(page, (element) => element.startChat());
    const box = widget(page).locator('.input-bar textarea');
    await box.fill(['one', 'two', 'three', 'four', 'five', 'six', 'seven'].join('\n'));
    await afterFrames(page);
    const shape = await box.evaluate((textarea: HTMLTextAreaElement) => {
      const style = getComputedStyle(textarea);
      // Scrolled text is clipped at the padding box: the border's width is its distance from the drawn edge.
      const sides = ['top', 'right', 'bottom', 'left'] as const;
      const inset = Math.min(...sides.map((side) => parseFloat(style.getPropertyValue(`border-${side}-width`))));
      return { scrolls: textarea.scrollHeight > textarea.clientHeight, clipInset: inset >= 6 };
    });
    expect(shape).toEqual({ scrolls: true, clipInset: true });
  });
});

describe('the call strip at 320 px', () => {
  it.each(['en', 'de', 'es', 'fr', 'ar'])('its label is shown whole (%s)', async (lang) => {
    const { page } = await openWidget(phone(320), `lang="${lang}"`, lang);
    await host(page, (element) => element.startChat());
    await widget(page).locator('.call-toggle').tap();
    await widget(page).locator('.call-duration').waitFor();
    const label = widget(page).locator('.call-label');
    expect(
      await label.evaluate((element) => {
        const strip = element.closest('.call-bar') as HTMLElement;
        return {
          text: element.textContent,
          cut: element.scrollWidth > element.clientWidth,
          lines: element.getClientRects().length,
          stripOverflows: strip.scrollWidth > strip.clientWidth,
        };
      }),
    ).toMatchObject({ cut: false, lines: 1, stripOverflows: false });
  });
});

describe('the home view', () => {
  it('"Ask a question" sits concentric in its panel: its radius plus its inset is the panel\'s radius', async () => {
    const { page } = await openWidget(phone(390, 844), '');
    const geometry = await widget(page)
      .locator('.home-body .panel')
      .first()
      .evaluate((panel) => {
        const pill = panel.querySelector('.pill-button') as HTMLElement;
        const [outer, inner] = [panel.getBoundingClientRect(), pill.getBoundingClientRect()];
        return {
          panelRadius: parseFloat(getComputedStyle(panel).borderTopLeftRadius),
          pillRadius: Math.min(parseFloat(getComputedStyle(pill).borderTopLeftRadius), inner.height / 2),
          inset: Math.round(inner.left - outer.left),
          top: Math.round(inner.top - outer.top),
        };
      });
    expect(geometry.pillRadius + geometry.inset).toBe(geometry.panelRadius);
    expect(geometry.top).toBe(geometry.inset);
  });
});

describe('small targets grow', () => {
  it('Retry on a desktop is at least 44 x 32 px', async () => {
    const { page } = await openWidget(desktop, '');
    await host(page, (element) => element.startChat('Please fail'));
    const retry = widget(page).locator('.retry-button');
    await retry.waitFor();
    const box = await retry.boundingBox();
    expect([Math.round(box?.width ?? 0) >= 44, Math.round(box?.height ?? 0) >= 32]).toEqual([true, true]);
  });

  it('"View product" under "Add to cart" is 44 px tall on a phone', async () => {
    const { page } = await openWidget(phone(390, 844), 'commerce="custom"');
    await ask(page, 'cards');
    const box = await widget(page).locator('.product-card .product-link').first().boundingBox();
    expect(Math.round(box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  });
});

describe('right to left: each text takes its own direction', () => {
  it('in Arabic, an English reply, its inline code and code block, and card titles and descriptions read left to right', async () => {
    const { page } = await openWidget(desktop, 'lang="ar"', 'ar');
    await ask(page, 'code');
    await ask(page, 'cards');
    const directions = await widget(page).evaluate((element) => {
      const root = element.shadowRoot as ShadowRoot;
      const direction = (selector: string) => {
        const found = root.querySelector(selector);
        return found ? getComputedStyle(found).direction : 'missing';
      };
      return {
        card: direction('.card'),
        visitor: direction('.message.user .bubble'),
        reply: direction('.message.bot .bubble'),
        codeBlock: direction('.message.bot pre'),
        description: direction('.product-description'),
        title: direction('.product-title'),
      };
    });
    expect(directions).toEqual({
      card: 'rtl',
      visitor: 'ltr',
      reply: 'ltr',
      codeBlock: 'ltr',
      description: 'ltr',
      title: 'ltr',
    });
  });

  it('in English, an Arabic reply reads right to left while its code stays left to right', async () => {
    const arabic = 'مرحبا! شغّل `npm start` ثم افتح الصفحة.';
    const { page } = await openWidget(desktop, '');
    await page.route('**/api/chat', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ output: arabic }) }),
    );
    await ask(page, 'مرحبا');
    const directions = await widget(page).evaluate((element) => {
      const root = element.shadowRoot as ShadowRoot;
      const direction = (selector: string) => getComputedStyle(root.querySelector(selector) as Element).direction;
      return {
        visitor: direction('.message.user .bubble'),
        reply: direction('.message.bot .bubble'),
        code: direction('.message.bot code'),
      };
    });
    expect(directions).toEqual({ visitor: 'rtl', reply: 'rtl', code: 'ltr' });
  });
});

describe('right to left: the teaser belongs to the launcher', () => {
  it.each([
    ['bottom-right', 'right'],
    ['bottom-left', 'left'],
  ])('in Arabic at %s, the teaser stands over the launcher, its tail towards it, with the brand', async (...row) => {
    const [position, side] = row;
    const opened = await session.newPage(desktop);
    const html = `<!doctype html><html lang="ar"><head><meta charset="utf-8"><script src="/store-assistant.js"></script>
</head><body><store-assistant mode="floating" lang="ar" position="${position}" brand-name="Lumen" webhook-url="/api/chat"
  teaser="هل تحتاج إلى مساعدة؟" teaser-delay="0"></store-assistant></body></html>`;
    await opened.page.goto(fixtures.page(`/teaser-${position}`, html));
    const teaser = widget(opened.page).locator('[part~="teaser"]');
    await teaser.waitFor();
    await settled(opened.page);
    const launcher = await widget(opened.page).locator('.launcher').boundingBox();
    const box = await teaser.boundingBox();
    if (!launcher || !box) throw new Error('teaser or launcher not laid out');
    const edge = side === 'right' ? [box.x + box.width, launcher.x + launcher.width] : [box.x, launcher.x];
    expect({
      sameEdge: Math.abs((edge[0] ?? 0) - (edge[1] ?? 0)) <= 1,
      above: box.y + box.height <= launcher.y,
    }).toEqual({ sameEdge: true, above: true });
    const corners = await teaser.evaluate((element) => {
      const style = getComputedStyle(element);
      return { left: parseFloat(style.borderBottomLeftRadius), right: parseFloat(style.borderBottomRightRadius) };
    });
    // The tail is the one small corner, on the launcher's side.
    expect(side === 'right' ? corners.right < corners.left : corners.left < corners.right).toBe(true);
    expect(await teaser.locator('.avatar').isVisible()).toBe(true);
    expect(await teaser.getByText('Lumen', { exact: true }).isVisible()).toBe(true);
  });
});

describe('axe: the new regions and the signed teaser', () => {
  /** axe-core's violations on the whole page, widget included, as "rule: target" lines. */
  async function violations(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
    await settled(page);
    return page.evaluate(async () => {
      type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run(context: Document): Promise<Result> } }).axe;
      const { violations: found } = await axe.run(document);
      return found.flatMap(({ id, nodes }) => nodes.map((node) => `${id}: ${JSON.stringify(node.target)}`));
    });
  }

  it('in Arabic: the teaser, then a reply with a wide table and one with a code block, have zero violations', async () => {
    const opened = await session.newPage(desktop);
    const html = `<!doctype html><html lang="ar"><head><meta charset="utf-8"><title>متجر</title>
<script src="/store-assistant.js"></script></head><body><main><h1>متجر</h1>
<store-assistant mode="floating" lang="ar" brand-name="Lumen" webhook-url="/api/chat" typing-speed="0"
  teaser="هل تحتاج إلى مساعدة؟" teaser-delay="0"></store-assistant></main></body></html>`;
    const { page } = opened;
    await page.goto(fixtures.page('/axe-polish', html));
    await widget(page).locator('[part~="teaser"]').waitFor();
    expect(await violations(page)).toEqual([]);
    await widget(page).locator('.teaser-text').click();
    await widget(page).locator('.home-title').waitFor();
    await ask(page, 'table');
    await ask(page, 'code');
    await widget(page).locator('.code-region').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
