import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, luminance } from '../../src/theme/contrast';
import { rgb } from '../support/colours';
import { axeViolationLines } from './axe';
import { startSession, type E2eSession } from './harness';

// The colour schemes (light, dark, auto) and the product cards, in Chromium against the built bundle.

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** A page on the demo server's origin with one inline widget with `attributes`; the chat answers from the demo's mock store. */
async function openWidget(attributes: string, options: Parameters<E2eSession['newPage']>[0] = {}) {
  const opened = await session.newPage(options);
  const url = `${session.server.url}/schemes-${Math.random().toString(36).slice(2)}`;
  const faq = JSON.stringify([{ q: 'How long does shipping take?', a: 'Two to four days.' }]);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store</title><script src="/store-assistant.js"></script></head>
<body><main><h1>Store</h1><store-assistant webhook-url="/api/chat" brand-name="Lumen" voice-provider="demo" typing-speed="0" faq='${faq}' ${attributes}></store-assistant></main></body></html>`;
  await opened.page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await opened.page.goto(url);
  await opened.page.locator('store-assistant .home-title').waitFor();
  return opened;
}

const widget = (page: Page) => page.locator('store-assistant');
const press = (page: Page, name: string) => widget(page).getByRole('button', { name, exact: true }).first().click();

/** Computed colours of the first element matching each selector inside the widget. */
function colours(
  page: Page,
  selectors: Record<string, string>,
  property: 'backgroundColor' | 'color' | 'borderTopColor' | 'outlineColor' | 'boxShadow',
) {
  return widget(page).evaluate(
    (host, [wanted, prop]) =>
      Object.fromEntries(
        Object.entries(wanted as Record<string, string>).map(([name, selector]) => {
          const element = host.shadowRoot?.querySelector(selector);
          return [name, element ? getComputedStyle(element)[prop as 'color'] : 'missing'];
        }),
      ),
    [selectors, property] as const,
  );
}

async function chatWithCards(page: Page) {
  await press(page, 'New arrivals');
  await widget(page).locator('.product-card img').first().waitFor();
}

describe('colour schemes', () => {
  it('color-scheme="dark" darkens every surface and lightens every text', async () => {
    const { page } = await openWidget('color-scheme="dark"');
    const home = await colours(
      page,
      { card: '.card', panel: '.panel', navigation: '.bottom-nav', home: '.home' },
      'backgroundColor',
    );
    await chatWithCards(page);
    const chat = await colours(
      page,
      { composer: '.composer', 'text box': 'textarea', 'bot bubble': '.bot .bubble', 'product card': '.product-card' },
      'backgroundColor',
    );
    const text = await colours(
      page,
      { body: '.bot .bubble', title: '.product-title', price: '.product-price' },
      'color',
    );
    const dark = Object.entries({ ...home, ...chat }).filter(([, colour]) => luminance(rgb(colour)) > 0.05);
    const light = Object.entries(text).filter(([, colour]) => luminance(rgb(colour)) < 0.6);
    expect({ dark, light }).toEqual({ dark: [], light: [] });
  });

  it('color-scheme="auto" follows the visitor\'s system setting, live', async () => {
    const { page } = await openWidget('color-scheme="auto"', { colorScheme: 'dark' });
    const scheme = () => widget(page).locator('.root').getAttribute('data-scheme');
    expect(await scheme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(scheme).toBe('light');
  });

  it.each(['light', 'dark'])(
    '%s: the text box edge and the focus ring reach 3:1 against their surroundings',
    async (scheme) => {
      const { page } = await openWidget(`color-scheme="${scheme}"`);
      await press(page, 'Ask a question');
      const box = widget(page).getByRole('textbox', { name: 'Message' });
      await box.waitFor();
      // The visible edge is a 1 px ring (box-shadow) outside a border in the field's own colour.
      const [ring1px] = Object.values(await colours(page, { edge: 'textarea' }, 'boxShadow'));
      const edge = /rgba?\([^)]*\)/.exec(ring1px ?? '')?.[0];
      const around = await colours(page, { composer: '.composer', inside: 'textarea' }, 'backgroundColor');
      await box.focus();
      const [ring] = Object.values(await colours(page, { ring: 'textarea' }, 'outlineColor'));
      const ratios = {
        'edge on the composer': contrastRatio(rgb(edge ?? ''), rgb(around.composer ?? '')),
        'edge on the text box': contrastRatio(rgb(edge ?? ''), rgb(around.inside ?? '')),
        'focus ring on the composer': contrastRatio(rgb(ring ?? ''), rgb(around.composer ?? '')),
      };
      expect(Object.entries(ratios).filter(([, ratio]) => ratio < 3)).toEqual([]);
    },
  );

  it.each([
    ['color-scheme="dark"', {}],
    ['color-scheme="auto" on a dark system', { colorScheme: 'dark' as const }],
  ])('axe: zero violations with %s on every view', async (attributes, options) => {
    const { page } = await openWidget(attributes.split(' on ')[0] ?? '', options);
    const found: Record<string, string[]> = { welcome: await axeViolationLines(page) };
    await press(page, 'FAQ');
    await widget(page).getByText('How long does shipping take?').click();
    found.faq = await axeViolationLines(page);
    await press(page, 'Home');
    await chatWithCards(page);
    found['chat with cards'] = await axeViolationLines(page);
    await press(page, 'Back');
    await press(page, 'Chats');
    await widget(page).getByRole('list', { name: 'Saved conversations' }).waitFor();
    found.chats = await axeViolationLines(page);
    await press(page, 'Start a new chat');
    await press(page, 'Start call');
    await widget(page).locator('.call-duration').waitFor();
    found['in a call'] = await axeViolationLines(page);
    expect(found).toEqual({ welcome: [], faq: [], 'chat with cards': [], chats: [], 'in a call': [] });
  });
});

describe('product cards', () => {
  it('a full-width row that snaps, with no scrollbar, whole cards as links, prices with two decimals, and scroll buttons on a desktop', async () => {
    const { page } = await openWidget('');
    await chatWithCards(page);
    const row = widget(page).locator('.product-cards');
    const layout = await widget(page).evaluate((host) => {
      const root = host.shadowRoot as ShadowRoot;
      const list = root.querySelector('.product-cards') as HTMLElement;
      const messages = root.querySelector('.messages') as HTMLElement;
      const style = getComputedStyle(list);
      return {
        fullWidth: Math.abs(list.getBoundingClientRect().width - messages.clientWidth) <= 1,
        snap: style.scrollSnapType,
        scrollbar: list.offsetHeight - list.clientHeight,
        nextPeeks: (list.children[2] as HTMLElement).getBoundingClientRect().left < list.getBoundingClientRect().right,
      };
    });
    expect(layout).toEqual({ fullWidth: true, snap: 'x mandatory', scrollbar: 0, nextPeeks: true });
    expect(await widget(page).locator('.product-price').first().textContent()).toMatch(/^\$\d+\.00$/);

    const previous = widget(page).locator('.carousel-button.previous');
    const next = widget(page).locator('.carousel-button.next');
    expect([await previous.isVisible(), await next.isVisible()]).toEqual([false, true]);
    await next.click();
    await expect.poll(() => row.evaluate((list) => list.scrollLeft)).toBeGreaterThan(100);
    await expect.poll(() => previous.isVisible()).toBe(true);

    // The whole card opens the product: a click on its picture lands on the link.
    const picture = await widget(page).locator('.product-media').nth(1).boundingBox();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.mouse.click((picture?.x ?? 0) + 40, (picture?.y ?? 0) + 40),
    ]);
    expect(popup.url()).toMatch(/\/products\/[a-z-]+$/);
  });

  it('scroll buttons are left out on a touch screen, where the row is swiped', async () => {
    const { page } = await openWidget('', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await chatWithCards(page);
    expect(await widget(page).locator('.carousel-button.next').isVisible()).toBe(false);
  });

  it('a picture that fails to load shows the same placeholder as a card without one, never an empty box', async () => {
    const { page } = await openWidget('');
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          reply: 'Two picks:',
          products: [
            { title: 'Broken picture', url: '/products/a', image: '/assets/products/no-such-product.svg', price: 20 },
            { title: 'No picture', url: '/products/b', price: 30 },
          ],
        }),
      }),
    );
    await press(page, 'Ask a question');
    await widget(page).locator('.product-card').nth(1).waitFor();
    const media = widget(page).locator('.product-media');
    await expect.poll(() => media.first().locator('img').count()).toBe(0);
    const looks = await media.evaluateAll((boxes) =>
      boxes.map((box) => ({
        icon: box.querySelector('.icon-package') !== null,
        height: Math.round(box.getBoundingClientRect().height),
      })),
    );
    expect(looks[0]).toEqual(looks[1]);
    expect(looks[0]?.icon).toBe(true);
    expect(looks[0]?.height).toBeGreaterThan(100);
  });
});
