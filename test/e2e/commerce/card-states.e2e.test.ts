import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../src/theme/contrast';
import { cartSeparatorState } from '../../support/cart-separator';
import { paintedOver, rgb } from '../../support/colours';
import { axeViolationLines } from '../axe';
import { afterFrames, startSession, type E2eSession } from '../harness';

// A card's "Add to cart" after it has added, one price format from the cards to the cart strip, and the
// confirmation of a cart change a reply proposed: in Chromium against the built bundle and the demo
// store's Shopify cart, in English and Arabic, in the light and dark schemes.

const SHIRT_VARIANT = '40100000000005';
const SHIRT = {
  title: 'Linen Shirt',
  url: '/products/linen-shirt',
  image: '/assets/products/linen-shirt.svg',
  price: 64,
  currency: 'USD',
  variantId: SHIRT_VARIANT,
};

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** The webhook's answers: "show" gives the shirt's card, "add two" proposes two with the card. */
function reply(message: string): unknown {
  if (/add two/.test(message))
    return {
      output: 'Shall I add **2 × Linen Shirt** to your cart?',
      products: [SHIRT],
      actions: [{ type: 'add-to-cart', variantId: SHIRT_VARIANT, quantity: 2, title: 'Linen Shirt' }],
    };
  return { output: 'Here it is:', products: [SHIRT] };
}

interface Look {
  lang?: 'en' | 'ar';
  scheme?: 'light' | 'dark';
  width?: number;
  phone?: boolean;
}

/** A page of the demo store with one inline widget selling through its cart; records the cart's adds. */
async function openStore({ lang = 'en', scheme = 'light', width = 390, phone = false }: Look) {
  const opened = await session.newPage({
    viewport: { width, height: 844 },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const { page } = opened;
  const adds: unknown[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === '/cart/add.js') adds.push(request.postDataJSON());
  });
  await page.route('**/api/chat', async (route) => {
    const body = route.request().postDataJSON() as { message: string };
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(reply(body.message)) });
  });
  const url = `${session.server.url}/card-states-${Math.random().toString(36).slice(2)}`;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Store</title>
<script src="/store-assistant.js"></script><style>body{margin:0}</style></head>
<body><main><h1>Store</h1><store-assistant webhook-url="/api/chat" brand-name="Lumen" commerce="shopify"
typing-speed="0" lang="${lang}" color-scheme="${scheme}" style="display:block;height:844px"></store-assistant>
</main></body></html>`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(url);
  const widget = page.locator('store-assistant');
  await widget.locator('.home-title').waitFor();
  return { ...opened, widget, adds };
}

/** Sends `text` as the visitor, through the element's public method. */
async function say(page: Page, text: string, first = false) {
  await page.evaluate(
    ([message, start]) => {
      const element = document.querySelector('store-assistant') as HTMLElement & {
        startChat(text: string): void;
        sendMessage(text: string): boolean;
      };
      if (start) element.startChat(message as string);
      else element.sendMessage(message as string);
    },
    [text, first] as const,
  );
}

/** The number of items in the visitor's cart, asked of the store the way a theme would. */
const cartCount = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/cart.js')).json()) as { item_count: number }).item_count);

/** The shirt's price as the browser writes US dollars in `lang`. */
const dollars = (page: Page, amount: number, lang: string) =>
  page.evaluate(
    ([value, locale]) =>
      new Intl.NumberFormat(locale as string, { style: 'currency', currency: 'USD' }).format(value as number),
    [amount, lang] as const,
  );

/** The count in the cart strip, once it reads `count`. */
const stripReads = (page: Page, count: number) =>
  expect
    .poll(() => page.locator('store-assistant .sa-cart-strip').textContent())
    .toMatch(new RegExp(`^\\s*${count}\\b`));

describe('a card after its add', () => {
  it.each<Look>([
    { lang: 'en', scheme: 'light' },
    { lang: 'ar', scheme: 'dark' },
  ])('%j: "Added" adds nothing, "Add another" adds one more, and a later card starts afresh', async (look) => {
    const { page, widget, adds, pageErrors } = await openStore({ ...look, phone: true });
    await say(page, 'show the shirt', true);
    const first = widget.locator('.product-card').first();
    await first.locator('.sa-cart-button').click();
    await stripReads(page, 1);

    // "Added" is a status, not a button: tapping it adds nothing.
    const added = first.locator('.sa-card-added');
    expect(await first.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.className))).toEqual(
      ['sa-add-another'],
    );
    expect(await first.getByRole('status').textContent()).toMatch(/: Linen Shirt$/);
    await added.click();
    await afterFrames(page);
    expect(adds).toHaveLength(1);
    expect(await cartCount(page)).toBe(1);

    // "Add another" is the explicit way to add more, and the card shows that it did.
    const another = first.locator('.sa-add-another');
    const targets = await first.evaluate((card) =>
      ['.sa-card-added', '.sa-add-another'].map((selector) =>
        Math.round((card.querySelector(selector) as HTMLElement).getBoundingClientRect().height),
      ),
    );
    expect(targets.every((height) => height >= 44)).toBe(true);
    await another.click();
    await stripReads(page, 2);
    await added.getByText('2').waitFor();
    expect(adds).toEqual([
      { items: [{ id: Number(SHIRT_VARIANT), quantity: 1 }] },
      { items: [{ id: Number(SHIRT_VARIANT), quantity: 1 }] },
    ]);

    // A later reply's card of the same product, and the card of a proposal, start at "Add to cart".
    await say(page, 'show it again');
    await widget.locator('.product-card').nth(1).waitFor();
    await say(page, 'add two');
    await widget.locator('.sa-proposal').waitFor();
    const later = widget.locator('.product-card');
    expect(await later.count()).toBe(3);
    for (const index of [1, 2]) {
      expect(await later.nth(index).locator('.sa-card-added').count()).toBe(0);
      expect(await later.nth(index).locator('.sa-cart-button').isEnabled()).toBe(true);
    }
    expect(pageErrors).toEqual([]);
  });
});

describe('one price format', () => {
  it.each<Look>([
    { lang: 'en', scheme: 'light', width: 320 },
    { lang: 'en', scheme: 'dark', width: 390 },
    { lang: 'ar', scheme: 'light', width: 320 },
    { lang: 'ar', scheme: 'dark', width: 390 },
  ])('%j: card, proposal and cart strip write the price alike; the strip is one line', async (look) => {
    const { page, widget } = await openStore(look);
    const price = await dollars(page, 64, look.lang ?? 'en');
    await say(page, 'show the shirt', true);
    const card = widget.locator('.product-card').first();
    await card.locator('.sa-cart-button').click();
    const strip = widget.locator('.sa-cart-strip');
    await strip.waitFor();
    await say(page, 'add two');
    const proposal = widget.locator('.sa-proposal');
    await proposal.waitFor();

    // Each check on its own, so a failure reports every one of them.
    expect.soft(await card.locator('.product-price').textContent()).toBe(price);
    expect.soft(await proposal.textContent()).toContain(price);
    await expect.poll(() => strip.textContent()).toMatch(/^\s*1\b/);
    expect.soft(await strip.textContent()).toContain(price);

    // One line, and the total whole inside the strip.
    const fit = await strip.evaluate((element) => {
      const count = element.querySelector('.sa-cart-count') as HTMLElement;
      const total = (element.querySelector('.sa-cart-total') as HTMLElement).getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return {
        lines: Math.round(count.getBoundingClientRect().height / parseFloat(getComputedStyle(count).lineHeight)),
        totalInside: total.left >= box.left && total.right <= box.right && total.width > 0,
      };
    });
    expect.soft(fit).toEqual({ lines: 1, totalInside: true });
  });
});

describe('the cart strip’s separator', () => {
  it.each<Look>([{ lang: 'en' }, { lang: 'ar' }])(
    '%j: stands between count and total on one line, and never starts the line the total wraps to',
    async (look) => {
      const { page, widget, pageErrors } = await openStore(look);
      await say(page, 'show the shirt', true);
      await widget.locator('.product-card .sa-cart-button').first().click();
      await widget.locator('.sa-cart-total').waitFor();
      expect(await page.evaluate(cartSeparatorState, 'none')).toEqual({ wrapped: false, shown: true });
      // A narrow column in the store's layout: the total no longer fits beside the count.
      await expect.poll(() => page.evaluate(cartSeparatorState, '230px')).toEqual({ wrapped: true, shown: false });
      // Read aloud, the count and total keep a pause between them; the "·" itself is not read.
      const spoken = (await widget.locator('.sa-cart-count').textContent()) ?? '';
      expect(spoken.endsWith(`, ${await dollars(page, 64, look.lang ?? 'en')}`)).toBe(true);
      expect(spoken).not.toContain('·');
      expect(pageErrors).toEqual([]);
    },
  );
});

describe('a cart change a reply proposed', () => {
  it.each<Look>([
    { lang: 'en', scheme: 'light' },
    { lang: 'en', scheme: 'dark' },
    { lang: 'ar', scheme: 'light' },
    { lang: 'ar', scheme: 'dark' },
  ])('%j: the reply asks once; the confirmation is a contrasted "added", not grey text', async (look) => {
    const { page, widget, adds } = await openStore(look);
    await say(page, 'add two', true);
    const proposal = widget.locator('.sa-proposal');
    await proposal.waitFor();
    // The reply asks the question; the proposal names what would be added.
    const question = widget.locator('.message.bot .bubble').last();
    await question.getByText('Shall I add').waitFor();
    expect(await proposal.textContent()).not.toMatch(/[?؟]/);
    expect(await proposal.textContent()).toContain('2 × ');

    await proposal.locator('.sa-cart-button').click();
    await widget.locator('.sa-proposal.added').waitFor();
    expect(adds).toEqual([{ items: [{ id: Number(SHIRT_VARIANT), quantity: 2 }] }]);
    const outcome = await proposal.evaluate((item) => {
      const shown = item.querySelector('.sa-proposal-outcome') as HTMLElement;
      const style = getComputedStyle(shown);
      return {
        color: style.color,
        background: style.backgroundColor,
        surface: getComputedStyle(item).backgroundColor,
        muted: getComputedStyle(item).getPropertyValue('--muted').trim(),
        weight: Number(style.fontWeight),
        role: shown.getAttribute('role'),
      };
    });
    expect(outcome.role).toBe('status');
    expect(rgb(outcome.color)).not.toEqual(rgb(outcome.muted));
    expect(outcome.weight).toBeGreaterThanOrEqual(600);
    const background = paintedOver(outcome.background, outcome.surface);
    expect(contrastRatio(rgb(outcome.color), background)).toBeGreaterThanOrEqual(4.5);
    const violations = await axeViolationLines(page);
    expect(violations).toEqual([]);
  });
});
