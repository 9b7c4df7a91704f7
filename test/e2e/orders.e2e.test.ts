import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, type FixtureServer } from './fixture-server';
import { axeViolations } from './axe';
import { startSession, type E2eSession } from './harness';
import { eventually } from '../support/patience';
import { el } from '../../src/i18n/languages/el';
import { he } from '../../src/i18n/languages/he';
import { englishStrings, type StringTable } from '../../src/i18n/strings';
import { overflowingTexts } from './text-overflow';

// The verified shopper and order cards in Chromium: the demo store (its sign-in, its mock webhook that
// checks the HMAC) for the flows, and a fixture webhook for the card in every status.

let session: E2eSession;
let fixtures: FixtureServer;

const STATUSES = [
  'placed',
  'paid',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
  'returned',
] as const;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/order-list', (_request, response, body) => {
    replyJson(response, listReply(String((JSON.parse(body) as { message?: string }).message ?? '')));
  });
  // "status shipped" is answered with one order in that status, with every field filled.
  fixtures.handle('/api/orders', (_request, response, body) => {
    const message = String((JSON.parse(body) as { message?: string }).message ?? '');
    const status = STATUSES.find((each) => message.endsWith(` ${each}`)) ?? 'placed';
    replyJson(response, {
      output: `Order status: ${status}`,
      orders: [
        {
          date: '2026-11-24',
          total: 128,
          currency: 'USD',
          tracking: { number: 'JD014600006281', carrier: 'DHL', url: 'https://www.dhl.com/track?id=JD014600006281' },
          expectedDelivery: '2026-11-26',
          number: `20${STATUSES.indexOf(status)}`,
          status,
          items: [{ title: 'Linen Shirt', quantity: 2 }],
          returnUrl: 'https://shop.example/return',
          url: 'https://shop.example/account/orders/20',
        },
      ],
    });
  });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** "list 4" is answered with four orders, every field filled, in different statuses. */
function listReply(message: string) {
  const count = Number(/list (\d+)/.exec(message)?.[1] ?? 2);
  return {
    output: `Here are your ${count} most recent orders:`,
    orders: Array.from({ length: count }, (_, index) => ({
      number: `30${index}`,
      date: '2026-11-24',
      status: STATUSES[index % STATUSES.length],
      items: [
        { title: 'Linen Shirt with a rather long name that wraps', quantity: 2 },
        { title: 'Canvas Tote', quantity: 1 },
      ],
      total: 167,
      currency: 'USD',
      tracking: {
        number: `JD01460000${index}`,
        carrier: 'DHL',
        url: `https://www.dhl.com/track?id=JD01460000${index}`,
      },
      expectedDelivery: '2026-11-28',
      returnUrl: 'https://shop.example/return',
      cancelUrl: 'https://shop.example/cancel',
    })),
  };
}

/** The demo store's page, the widget ready. */
async function openDemo() {
  const opened = await session.newPage({ viewport: { width: 1280, height: 900 } });
  await opened.page.goto(`${session.server.url}/`);
  await opened.page.locator('store-assistant').getByRole('heading', { name: 'Welcome to Lumen' }).waitFor();
  return opened;
}

const widget = (page: Page) => page.locator('store-assistant');

/** The conversations the widget keeps in the page's storage. */
const savedConversationKeys = (page: Page) =>
  page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) =>
      key.startsWith('store-assistant:chat:'),
    ),
  );

describe('a verified shopper on the demo store', () => {
  it('signed in, "Track my order" shows their orders in the first reply', async () => {
    const { page, pageErrors } = await openDemo();
    await page.getByRole('button', { name: 'Sign in as Ada' }).click();
    await page.getByText('Signed in as Ada').waitFor();
    await widget(page).getByRole('button', { name: 'Track my order' }).click();
    const track = widget(page).getByRole('img', { name: /^Order 1048: Out for delivery, step 4 of 5\.$/ });
    await track.waitFor();
    await expect(widget(page).locator('[part~="order-card"]').count()).resolves.toBe(3);
    expect(pageErrors).toEqual([]);
  });

  it('a forged signature gets no order data', async () => {
    const { page } = await openDemo();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat')) requests.push(request.postData() ?? '');
    });
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { identify(c: unknown): boolean }).identify({
        id: '7001',
        email: 'ada@lumen.shop',
        signature: 'f'.repeat(64),
      }),
    );
    await widget(page).getByRole('button', { name: 'Track my order' }).click();
    await widget(page).getByText("I couldn't confirm that you're signed in").waitFor();
    expect(await widget(page).locator('[part~="order-card"]').count()).toBe(0);
    expect(JSON.parse(requests[0] ?? '{}').context.customer.signature).toBe('f'.repeat(64));
  });

  it('signing out clears the thread on screen and in storage', async () => {
    const { page } = await openDemo();
    await page.getByRole('button', { name: 'Sign in as Ada' }).click();
    await page.getByText('Signed in as Ada').waitFor();
    await widget(page).getByRole('button', { name: 'Track my order' }).click();
    await widget(page).locator('[part~="order-card"]').first().waitFor();
    await eventually(async () => expect(await savedConversationKeys(page)).not.toEqual([]));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await eventually(async () => expect(await widget(page).locator('[part~="order-card"]').count()).toBe(0));
    expect(await widget(page).locator('[part~="user-message"]').count()).toBe(0);
    expect(await savedConversationKeys(page)).toEqual([]);
  });
});

describe('a guest', () => {
  it('checks the form before sending, then gets the card for a right pair and a clear message for a wrong one', async () => {
    const { page } = await openDemo();
    await widget(page).getByRole('button', { name: 'Track my order' }).click();
    const form = widget(page).locator('[part="order-lookup"]');
    await form.getByRole('textbox', { name: 'Order number' }).fill('1047');
    await form.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await form.getByRole('button', { name: 'Find my order' }).click();
    await form.getByText('Enter a valid email address.').waitFor();
    await expect(form.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).resolves.toBe('true');

    await form.getByRole('textbox', { name: 'Email' }).fill('someone@else.example');
    await form.getByRole('button', { name: 'Find my order' }).click();
    await widget(page).getByRole('alert').filter({ hasText: "We couldn't find an order" }).waitFor();

    await form.getByRole('textbox', { name: 'Email' }).fill('ada@lumen.shop');
    await form.getByRole('button', { name: 'Find my order' }).click();
    await widget(page).getByRole('img', { name: 'Order 1047: Shipped, step 3 of 5.' }).waitFor();
    expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);
  });
});

describe('a guest who signs in', () => {
  it('no longer sees the lookup form: it closes, and "Track my order" shows their orders', async () => {
    const { page, pageErrors } = await openDemo();
    await widget(page).getByRole('button', { name: 'Track my order' }).click();
    const form = widget(page).locator('[part="order-lookup"]');
    await form.getByRole('textbox', { name: 'Order number' }).fill('1047');
    await page.getByRole('button', { name: 'Sign in as Ada' }).click();
    await page.getByText('Signed in as Ada').waitFor();
    await form.waitFor({ state: 'detached' });
    await widget(page).getByRole('button', { name: 'Track my order' }).click();
    await widget(page).locator('[part~="order-card"]').first().waitFor();
    expect(await form.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('the order card in every status', () => {
  const looks = [
    ['phone, light', { width: 390, height: 844 }, ''],
    ['desktop, dark', { width: 1280, height: 800 }, 'color-scheme="dark"'],
    ['phone, right to left', { width: 390, height: 844 }, 'lang="ar"'],
  ] as const;

  it.each(looks)('%s: each status reads as one sentence, and axe finds nothing', async (_, viewport, attributes) => {
    const { page, pageErrors } = await session.newPage({ viewport });
    await page.goto(
      fixtures.page(
        `/orders-${Math.random().toString(36).slice(2)}`,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders</title>
<script src="/store-assistant.js"></script></head><body><main><h1>Orders</h1>
<store-assistant webhook-url="/api/orders" typing-speed="0" ${attributes}></store-assistant></main></body></html>`,
      ),
    );
    const element = widget(page);
    await element.locator('.card').waitFor();
    for (const [index, status] of STATUSES.entries()) {
      await page.evaluate(
        (text) =>
          (document.querySelector('store-assistant') as HTMLElement & { sendMessage(t: string): boolean }).sendMessage(
            text,
          ),
        `status ${status}`,
      );
      const card = element.locator('[part~="order-card"]').nth(index);
      await card.waitFor();
      const label = await card.locator('[role="img"]').getAttribute('aria-label');
      expect(label).toContain(`20${index}`);
      // The steps themselves are hidden from a screen reader: the sentence is all it reads.
      expect(await card.locator('.order-step:not([aria-hidden="true"])').count()).toBe(0);
      // The order's page in the account comes first among its links, named for the order it is about.
      const accountLink = card.locator('.order-actions a').first();
      await expect(accountLink.getAttribute('href')).resolves.toBe('https://shop.example/account/orders/20');
      await expect(accountLink.locator('.sr-only').textContent()).resolves.toContain(`20${index}`);
    }
    expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('several orders', () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const)(
    '%s: show as a short list of compact cards that fit the card, capped like a reply',
    async (_, viewport) => {
      const { page, pageErrors } = await session.newPage({ viewport });
      await page.goto(
        fixtures.page(
          `/order-list-${Math.random().toString(36).slice(2)}`,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders</title>
<script src="/store-assistant.js"></script></head><body><main><h1>Orders</h1>
<store-assistant webhook-url="/api/order-list" typing-speed="0"></store-assistant></main></body></html>`,
        ),
      );
      const element = widget(page);
      await element.locator('.card').waitFor();
      const send = (text: string) =>
        page.evaluate(
          (message) =>
            (
              document.querySelector('store-assistant') as HTMLElement & { sendMessage(t: string): boolean }
            ).sendMessage(message),
          text,
        );
      await send('list 3');
      const list = element.getByRole('list', { name: 'Your orders' });
      await list.waitFor();
      expect(await list.getByRole('listitem').count()).toBe(3);
      // A list keeps each order short: its lines in one line, no step track, no return or cancel links.
      const cards = list.locator('[part~="order-card"]');
      expect(await cards.evaluateAll((all) => all.every((card) => card.classList.contains('compact')))).toBe(true);
      expect(await list.locator('.order-items, .order-track, .order-step').count()).toBe(0);
      expect(await list.getByRole('link', { name: /^(Return items|Cancel order)/ }).count()).toBe(0);
      expect(await list.getByRole('img', { name: /^Order 301: Paid, step 2 of 5\.$/ }).count()).toBe(1);

      // Every card inside the chat card and the viewport: nothing is cut off or scrolls sideways.
      const chat = await element.locator('.card').boundingBox();
      for (const box of await cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().toJSON()))) {
        const { left, right } = box as DOMRect;
        expect(left).toBeGreaterThanOrEqual((chat?.x ?? 0) - 0.5);
        expect(right).toBeLessThanOrEqual(Math.min(viewport.width, (chat?.x ?? 0) + (chat?.width ?? 0)) + 0.5);
      }
      const sideways = await element.evaluate((host) =>
        [...(host.shadowRoot?.querySelectorAll('.order-list, .order-card') ?? [])].some(
          (node) => node.scrollWidth > node.clientWidth + 1,
        ),
      );
      expect(sideways).toBe(false);
      // Short: three compact cards take less height than the viewport.
      const listBox = await list.boundingBox();
      expect(listBox?.height ?? Infinity).toBeLessThan(viewport.height);

      await send('list 8');
      await element.getByRole('list', { name: 'Your orders' }).nth(1).waitFor();
      expect(await element.getByRole('list', { name: 'Your orders' }).nth(1).getByRole('listitem').count()).toBe(5);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
  );
});

describe('the order track on a small phone', () => {
  /** The text of every shown label of each order's track, as drawn, and the card around it. */
  const trackLabels = (page: Page) =>
    widget(page).evaluate((host) =>
      [...(host.shadowRoot?.querySelectorAll('[part~="order-card"]') ?? [])].map((card) => {
        const shown = [...card.querySelectorAll<HTMLElement>('.order-track *')].filter(
          (node) =>
            node.childElementCount === 0 &&
            node.textContent?.trim() &&
            node.getClientRects().length > 0 &&
            getComputedStyle(node).visibility === 'visible',
        );
        const textBox = (node: HTMLElement) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          const { left, right, top, bottom } = range.getBoundingClientRect();
          return { text: node.textContent ?? '', left, right, top, bottom };
        };
        const { left, right } = card.getBoundingClientRect();
        return { card: { left, right }, labels: shown.map(textBox) };
      }),
    );

  it.each([
    ['el', 'light', 'lang="el"'],
    ['en', 'dark', 'lang="en" color-scheme="dark"'],
  ] as const)(
    '320×568, %s %s: no label overlaps another or leaves the card, at every step',
    async (lang, _scheme, attributes) => {
      const { page, pageErrors } = await session.newPage({ viewport: { width: 320, height: 568 } });
      await page.goto(
        fixtures.page(
          `/order-track-${Math.random().toString(36).slice(2)}`,
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Orders</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script></head>
<body><main><h1>Orders</h1><store-assistant webhook-url="/api/orders" typing-speed="0" ${attributes}></store-assistant></main></body></html>`,
        ),
      );
      const element = widget(page);
      await element.locator('.card').waitFor();
      const steps = STATUSES.slice(0, 5);
      for (const [index, status] of steps.entries()) {
        await page.evaluate(
          (text) =>
            (
              document.querySelector('store-assistant') as HTMLElement & { sendMessage(t: string): boolean }
            ).sendMessage(text),
          `status ${status}`,
        );
        await element.locator('[part~="order-card"]').nth(index).waitFor();
      }
      const tracks = await trackLabels(page);
      expect(tracks.length).toBe(steps.length);
      for (const { card, labels } of tracks) {
        // The step the order is at is always named.
        expect(labels.length).toBeGreaterThan(0);
        for (const [index, label] of labels.entries()) {
          expect(label.left, label.text).toBeGreaterThanOrEqual(card.left);
          expect(label.right, label.text).toBeLessThanOrEqual(card.right);
          for (const other of labels.slice(index + 1)) {
            const apart =
              label.right <= other.left ||
              other.right <= label.left ||
              label.bottom <= other.top ||
              other.bottom <= label.top;
            // Two labels touching read as one: at least a few pixels between them.
            const gap = Math.max(other.left - label.right, label.left - other.right);
            expect(
              apart && (gap >= 4 || label.bottom <= other.top || other.bottom <= label.top),
              `${label.text} | ${other.text}`,
            ).toBe(true);
          }
        }
      }
      expect(pageErrors).toEqual([]);
    },
  );
});

describe('a list of orders on a phone', () => {
  const TABLES: Record<string, StringTable> = { en: englishStrings, el, he };
  /** Five orders, the demo's kind: a picture for each first line, one with more lines than a card names. */
  const FIVE = Array.from({ length: 5 }, (_, index) => ({
    number: `50${index}`,
    date: '2026-11-2' + index,
    status: STATUSES[index % STATUSES.length],
    items: [
      { title: 'Trail shoe', image: `/pictures/item-${index}.svg`, quantity: 1 },
      { title: 'Socks', quantity: 2 },
      ...(index === 0 ? [{ title: 'Cap' }, { title: 'Laces' }, { title: 'Insoles' }] : []),
    ],
    total: 167,
    currency: 'USD',
    tracking: { url: `https://www.dhl.com/track?id=50${index}` },
    expectedDelivery: '2026-11-28',
    url: `/account/orders/50${index}`,
  }));

  beforeAll(() => {
    fixtures.handle('/api/five-orders', (_request, response) =>
      replyJson(response, { output: 'Here are your orders:', orders: FIVE }),
    );
    for (const index of FIVE.keys())
      fixtures.handle(`/pictures/item-${index}.svg`, (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        response.end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="#c8a"/></svg>',
        );
      });
  });

  /** The boxes of a card's parts, as drawn. */
  const cardParts = (page: Page) =>
    widget(page).evaluate((host) =>
      [...(host.shadowRoot?.querySelectorAll('.order-list [part~="order-card"]') ?? [])].map((card) => {
        const box = (selector: string) => {
          const node = card.querySelector(selector);
          return node ? (node.getBoundingClientRect().toJSON() as DOMRect) : null;
        };
        return {
          card: card.getBoundingClientRect().toJSON() as DOMRect,
          direction: getComputedStyle(card).direction,
          parts: {
            picture: box('.order-picture'),
            title: box('.order-title'),
            status: box('.order-status'),
            items: box('.order-summary'),
            total: box('.order-meta'),
            links: box('.order-actions'),
          },
        };
      }),
    );

  const apart = (a: DOMRect, b: DOMRect) =>
    a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
  const inside = (inner: DOMRect, outer: DOMRect) =>
    inner.left >= outer.left - 0.5 &&
    inner.right <= outer.right + 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.bottom <= outer.bottom + 0.5;

  it.each([
    [320, 568, 'en'],
    [320, 568, 'el'],
    [320, 568, 'he'],
    [390, 844, 'en'],
    [390, 844, 'el'],
    [390, 844, 'he'],
  ] as const)(
    '%i×%i, %s: each card leads with its picture and status, shows its lines, total and link, nothing cut or overlapping',
    async (width, height, lang) => {
      const strings = TABLES[lang] as StringTable;
      const { page, pageErrors } = await session.newPage({ viewport: { width, height }, isMobile: true });
      await page.goto(
        fixtures.page(
          `/five-orders-${Math.random().toString(36).slice(2)}`,
          `<!doctype html><html lang="${lang}"${lang === 'he' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>Orders</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script></head>
<body><main><h1>Orders</h1><store-assistant webhook-url="/api/five-orders" typing-speed="0" lang="${lang}"></store-assistant></main></body></html>`,
        ),
      );
      const element = widget(page);
      await element.locator('.card').waitFor();
      await page.evaluate(() =>
        (document.querySelector('store-assistant') as HTMLElement & { sendMessage(t: string): boolean }).sendMessage(
          'my orders',
        ),
      );
      const list = element.locator('[part~="order-list"]');
      await list.waitFor();
      const cards = list.locator('[part~="order-card"]');
      expect(await cards.count()).toBe(5);
      const text = (template: string, values: Record<string, string>) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
      const more = strings.orderMoreItems as Record<string, string>;
      const total = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(167);
      for (const [index, order] of FIVE.entries()) {
        const card = cards.nth(index);
        const title = text(strings.orderTitle as string, { number: order.number });
        await expect(card.locator('img.order-picture').getAttribute('src')).resolves.toMatch(
          new RegExp(`/pictures/item-${index}\\.svg$`),
        );
        const status = card.locator('.order-status');
        expect((await status.innerText()).trim()).toBeTruthy();
        expect(await status.getAttribute('aria-label')).toContain(order.number);
        const summary = (await card.locator('.order-summary').innerText()).replace(/\s+/g, ' ');
        expect(summary).toContain('Trail shoe');
        expect(summary).toContain('Socks');
        if (index === 0) expect(summary).toContain(text(more.other ?? '', { count: '3' }));
        else expect(summary).not.toContain('Cap');
        expect((await card.locator('.order-meta').innerText()).replace(/\s/g, ' ')).toContain(
          total.replace(/\s/g, ' '),
        );
        const link = card.locator('a.order-link').first();
        expect((await link.evaluate((node) => node.textContent ?? '')).trim()).toBe(
          `${strings.viewOrder as string}: ${title}`,
        );
        await expect(link.getAttribute('href')).resolves.toBe(
          `${new URL(page.url()).origin}/account/orders/${order.number}`,
        );
        await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
        await expect(link.isVisible()).resolves.toBe(true);
      }
      for (const { card, direction, parts } of await cardParts(page)) {
        const boxes = Object.entries(parts);
        for (const [name, box] of boxes) {
          expect(box, name).not.toBeNull();
          expect(inside(box as DOMRect, card), `${name} inside its card`).toBe(true);
          expect((box as DOMRect).width, name).toBeGreaterThan(0);
        }
        // The picture leads: at the line's start, left in English and Greek, right in Hebrew.
        expect(direction).toBe(lang === 'he' ? 'rtl' : 'ltr');
        const { picture, title, status, items, total: sum, links } = parts as { [K in keyof typeof parts]: DOMRect };
        if (lang === 'he') expect(picture.left).toBeGreaterThan(title.right - 0.5);
        else expect(picture.right).toBeLessThan(title.left + 0.5);
        for (const [one, other] of [
          [picture, title],
          [picture, status],
          [title, status],
          [title, items],
          [status, items],
          [items, sum],
          [sum, links],
        ] as const)
          expect(apart(one, other)).toBe(true);
      }
      expect(await page.evaluate(overflowingTexts)).toEqual([]);
      // Five orders stay about a screen long on a phone, not two and a half.
      const listBox = await list.boundingBox();
      if (height === 844) expect(listBox?.height ?? Infinity).toBeLessThanOrEqual(844 * 1.2);
      expect(pageErrors).toEqual([]);
    },
  );
});
