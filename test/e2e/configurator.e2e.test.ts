import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../../demo/server.mjs';
import { startSession, type E2eSession } from './harness';

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** The configurator and the store page share a viewport, so the card lays out the same on both. */
const VIEWPORT = { width: 1280, height: 900 };

type OpenedPage = Awaited<ReturnType<E2eSession['newPage']>>;

/** The public methods of `<store-assistant>` these tests call. */
interface StoreAssistantElement extends HTMLElement {
  exportTheme(): string;
  startChat(firstMessage?: string): void;
}

/** Opens /configurator and waits until its form holds the preview's theme and the preview has rendered. */
async function openConfigurator(options: Parameters<E2eSession['newPage']>[0] = {}): Promise<OpenedPage> {
  const opened = await session.newPage({ viewport: VIEWPORT, ...options });
  await opened.page.goto(`${session.server.url}/configurator`);
  await opened.page.locator('#configurator[data-state="ready"]').waitFor();
  return opened;
}

/** A labelled control of the configurator's form. */
function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function exportedTheme(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => (element as StoreAssistantElement).exportTheme());
}

async function snippetOf(page: Page): Promise<string> {
  return (await page.locator('#snippet').textContent()) ?? '';
}

/** Waits until every image inside the widget has loaded, and checks the logo and both badges are among them. */
async function waitForImages(page: Page, selector: string): Promise<void> {
  const images = page.locator(`${selector} img`);
  await expect
    .poll(() =>
      images.evaluateAll(
        (elements) =>
          elements.length > 0 &&
          elements.every(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
      ),
    )
    .toBe(true);
  expect(await page.locator(`${selector} .logo img`).count()).toBe(1);
  expect(await page.locator(`${selector} .badges img`).count()).toBe(2);
  // Loaded is not yet decoded and painted: wait for both, so no picture is drawn from a provisional decode.
  await images.evaluateAll((elements) =>
    Promise.all(elements.map((image) => (image as HTMLImageElement).decode().catch(() => undefined))),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * How far a colour channel of one pixel may differ between the two screenshots, out of 255. Chromium
 * draws gradients (dithered) and the card's blurred shadow one level apart depending on where on the
 * page, and on which compositing layer, the card sits (measured: never more than 1).
 */
const CHANNEL_TOLERANCE = 2;

/**
 * The anti-aliased edge of a rounded corner (the card's, a panel's, an icon tile's) is sometimes drawn a
 * few levels apart from one run to the next (measured: up to 20 levels, on at most 12 pixels of 240,000).
 * Anything a store would notice changes far more pixels: one letter is about 100, a colour or a
 * one-pixel shift of layout thousands.
 */
const EDGE_PIXELS = 24;

/** Compares two PNG screenshots, decoded with a canvas in `page`, pixel by pixel. */
async function compareScreenshots(page: Page, first: Buffer, second: Buffer) {
  return page.evaluate(
    async ([firstPng, secondPng, tolerance]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
          colorSpaceConversion: 'none',
          premultiplyAlpha: 'none',
        });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D canvas');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [a, b] = await Promise.all([decode(firstPng), decode(secondPng)]);
      let differing = 0;
      let largestDifference = 0;
      const beyondTolerance: string[] = [];
      let beyondCount = 0;
      if (a.width === b.width && a.height === b.height) {
        for (let index = 0; index < a.data.length; index += 4) {
          let difference = 0;
          for (let channel = 0; channel < 4; channel++)
            difference = Math.max(
              difference,
              Math.abs((a.data[index + channel] ?? 0) - (b.data[index + channel] ?? 0)),
            );
          if (difference === 0) continue;
          differing += 1;
          largestDifference = Math.max(largestDifference, difference);
          // Where the first real differences are, for a failure message that points at them.
          if (difference > tolerance) beyondCount += 1;
          if (difference > tolerance && beyondTolerance.length < 30)
            beyondTolerance.push(`${(index / 4) % a.width},${Math.floor(index / 4 / a.width)} by ${difference}`);
        }
      }
      return {
        size: `${a.width}x${a.height}`,
        otherSize: `${b.width}x${b.height}`,
        beyondTolerance,
        beyondCount,
        differing,
        largestDifference,
      };
    },
    [first.toString('base64'), second.toString('base64'), CHANNEL_TOLERANCE] as const,
  );
}

/** Expects two 400x600 screenshots of the card to be the same, within CHANNEL_TOLERANCE but for a few corner edge pixels. */
async function expectSameCard(page: Page, first: Buffer, second: Buffer): Promise<void> {
  const comparison = await compareScreenshots(page, first, second);
  expect(comparison).toMatchObject({ size: '400x600', otherSize: '400x600' });
  expect(
    comparison.beyondCount,
    `pixels beyond the tolerance: ${comparison.beyondTolerance.join('; ')}`,
  ).toBeLessThanOrEqual(EDGE_PIXELS);
}

/** A plain page with nothing but the pasted snippet, as a store would have it. */
function storePage(snippet: string): string {
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>A store</title></head>\n<body>\n${snippet}\n</body>\n</html>\n`;
}

function expectNoErrors(opened: OpenedPage): void {
  expect(opened.consoleMessages.filter((message) => message.startsWith('error:'))).toEqual([]);
  expect(opened.pageErrors).toEqual([]);
}

/** Warnings the widget writes when it refuses an attribute or a theme. */
function widgetWarnings(opened: OpenedPage): string[] {
  return opened.consoleMessages.filter((message) => message.includes('[store-assistant]'));
}

const screenshotOptions = { animations: 'disabled', caret: 'hide' } as const;

describe('configurator', () => {
  it('a branded preview and its snippet pasted into a blank store page match pixel by pixel', async () => {
    const configurator = await openConfigurator();
    const { page } = configurator;
    const brandName = 'Harbour & Pine "Goods"';
    const welcomeMessage = "Ahoy! Ask us <anything> & we'll answer.";
    await field(page, 'Brand name').fill(brandName);
    await field(page, 'Accent colour').fill('#0f766e');
    // The colour pickers write the gradient, keeping its direction.
    await field(page, 'Main colour, Start').fill('#134e4a');
    await field(page, 'Main colour, End').fill('#f59e0b');
    expect(await field(page, 'Main colour or gradient').inputValue()).toBe(
      'linear-gradient(135deg, #134e4a 0%, #f59e0b 100%)',
    );
    // Paths on this site: the snippet must make them absolute.
    await field(page, 'Logo image address').fill('/assets/images/logo.svg');
    await field(page, 'Badge images, one address per line').fill(
      '/assets/images/badge-secure.svg\n/assets/images/badge-returns.svg',
    );
    await field(page, 'Welcome message').fill(welcomeMessage);
    await field(page, 'Quick actions, one per line').fill('Find a gift\nTrack my parcel\nTalk to us');
    await field(page, 'Language').selectOption('de');

    const preview = page.locator('#preview');
    await preview.getByRole('heading', { name: `Willkommen bei ${brandName}` }).waitFor();
    await waitForImages(page, '#preview');
    await expect.poll(() => snippetOf(page)).toContain('lang="de"');
    const snippet = await snippetOf(page);
    const configuredTheme = await exportedTheme(page, '#preview');
    expect(JSON.parse(configuredTheme)).toMatchObject({
      brandName,
      accentColor: '#0f766e',
      welcomeMessage,
      quickActions: ['Find a gift', 'Track my parcel', 'Talk to us'],
    });

    // The snippet: the bundle by absolute address, then one element with one attribute per line.
    const lines = snippet.split('\n');
    expect(lines[0]).toBe(`<script src="${session.server.url}/store-assistant.js" defer></script>`);
    expect(lines[1]).toBe('<store-assistant');
    expect(lines.at(-1)).toBe('></store-assistant>');
    for (const line of lines.slice(2, -1)) expect(line).toMatch(/^ {2}[a-z-]+(?:="[^"]*"|='[^']*')?$/);
    const attributes = await page.evaluate((html) => {
      const element = new DOMParser().parseFromString(html, 'text/html').querySelector('store-assistant');
      return Object.fromEntries(
        Array.from(element?.attributes ?? [], (attribute) => [attribute.name, attribute.value]),
      );
    }, snippet);
    expect(attributes).toMatchObject({
      'brand-name': brandName,
      'welcome-message': welcomeMessage,
      'accent-color': '#0f766e',
      'primary-gradient': 'linear-gradient(135deg, #134e4a 0%, #f59e0b 100%)',
      'logo-url': `${session.server.url}/assets/images/logo.svg`,
      'badge-images': `${session.server.url}/assets/images/badge-secure.svg ${session.server.url}/assets/images/badge-returns.svg`,
      'quick-actions': 'Find a gift|Track my parcel|Talk to us',
      'webhook-url': `${session.server.url}/api/chat`,
      'voice-provider': 'demo',
      'store-domain': 'lumen.shop',
      mode: 'inline',
      lang: 'de',
    });
    // Every theme field is written out, so nothing on the store page can fill one in differently.
    for (const name of [
      'primary-gradient',
      'secondary-gradient',
      'accent-color',
      'logo-url',
      'brand-name',
      'welcome-message',
      'quick-actions',
      'badge-images',
    ]) {
      expect(attributes).toHaveProperty(name);
    }

    // The snippet on a blank page of the same origin (so the http images on it are allowed), in a
    // fresh browser context: no saved theme, no conversation.
    const store = await session.newPage({ viewport: VIEWPORT });
    const storeUrl = `${session.server.url}/a-store-page`;
    await store.page.route(storeUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: storePage(snippet) }),
    );
    await store.page.goto(storeUrl);
    const widget = store.page.locator('store-assistant');
    await widget.getByRole('heading', { name: `Willkommen bei ${brandName}` }).waitFor();
    await waitForImages(store.page, 'store-assistant');
    expect(await exportedTheme(store.page, 'store-assistant')).toBe(configuredTheme);

    const previewHome = await page.locator('#preview .card').screenshot(screenshotOptions);
    const storeHome = await store.page.locator('store-assistant .card').screenshot(screenshotOptions);
    await expectSameCard(store.page, previewHome, storeHome);

    // The empty chat shows the welcome message and the quick actions.
    for (const [opened, selector] of [
      [configurator, '#preview'],
      [store, 'store-assistant'],
    ] as const) {
      await opened.page.locator(selector).evaluate((element) => (element as StoreAssistantElement).startChat());
      await opened.page.locator(`${selector} .greeting`).filter({ hasText: welcomeMessage }).waitFor();
      await opened.page.locator(selector).getByRole('button', { name: 'Track my parcel' }).waitFor();
    }
    const previewChat = await page.locator('#preview .card').screenshot(screenshotOptions);
    const storeChat = await store.page.locator('store-assistant .card').screenshot(screenshotOptions);
    await expectSameCard(store.page, previewChat, storeChat);

    for (const opened of [configurator, store]) {
      expectNoErrors(opened);
      // The configurator checks values itself: the widget never had to refuse one.
      expect(widgetWarnings(opened)).toEqual([]);
    }
  });

  it('exporting a theme, changing the form and importing it back restores the fields and the preview', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    const preview = page.locator('#preview');
    await field(page, 'Brand name').fill('Tide Supply');
    await field(page, 'Accent colour').fill('#be123c');
    await field(page, 'Quick actions, one per line').fill('Gift cards\nReturns');
    await field(page, 'Background colour or gradient').fill('#fff7ed');
    await preview.getByRole('heading', { name: 'Welcome to Tide Supply' }).waitFor();

    const exportBox = page.getByLabel('Theme JSON', { exact: true });
    await expect.poll(() => exportBox.inputValue()).toContain('Tide Supply');
    const exported = await exportBox.inputValue();
    expect(exported).toBe(await exportedTheme(page, '#preview'));
    expect(JSON.parse(exported)).toMatchObject({
      brandName: 'Tide Supply',
      accentColor: '#be123c',
      secondaryGradient: '#fff7ed',
      quickActions: ['Gift cards', 'Returns'],
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download theme.json' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('theme.json');
    expect(await readFile(await download.path(), 'utf8')).toBe(exported);

    // Back to the defaults, then something else again.
    await page.getByRole('button', { name: 'Reset theme' }).click();
    await expect.poll(() => field(page, 'Brand name').inputValue()).toBe('Lumen store');
    expect(await field(page, 'Accent colour').inputValue()).toBe('#4f46e5');
    await field(page, 'Brand name').fill('Something Else');
    await field(page, 'Accent colour').fill('#000000');
    await preview.getByRole('heading', { name: 'Welcome to Something Else' }).waitFor();

    await field(page, 'Theme to import').fill(exported);
    await page.getByRole('button', { name: 'Import theme' }).click();
    await expect.poll(() => page.locator('#import-status').textContent()).toContain('Theme imported');
    expect(await field(page, 'Brand name').inputValue()).toBe('Tide Supply');
    expect(await field(page, 'Accent colour').inputValue()).toBe('#be123c');
    expect(await field(page, 'Background colour or gradient').inputValue()).toBe('#fff7ed');
    expect(await field(page, 'Quick actions, one per line').inputValue()).toBe('Gift cards\nReturns');
    await preview.getByRole('heading', { name: 'Welcome to Tide Supply' }).waitFor();
    expect(await exportedTheme(page, '#preview')).toBe(exported);
    expect(
      await preview.evaluate((element) => [
        element.getAttribute('brand-name'),
        element.style.getPropertyValue('--sa-accent-color'),
      ]),
    ).toEqual(['Tide Supply', '#be123c']);
    await expect.poll(() => snippetOf(page)).toContain('accent-color="#be123c"');

    // The imported theme does not freeze the preview: later edits still show.
    await field(page, 'Brand name').fill('Tide Supply Co');
    await preview.getByRole('heading', { name: 'Welcome to Tide Supply Co' }).waitFor();

    // A theme file that sets one field changes that field only.
    await page.locator('#theme-file').setInputFiles({
      name: 'theme.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ brandName: 'From a File' })),
    });
    await preview.getByRole('heading', { name: 'Welcome to From a File' }).waitFor();
    expect(await field(page, 'Brand name').inputValue()).toBe('From a File');
    expect(await field(page, 'Accent colour').inputValue()).toBe('#be123c');
    expectNoErrors(opened);
  });

  it('an invalid theme import shows the reason and changes nothing', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await field(page, 'Brand name').fill('Steady Shop');
    await page.locator('#preview').getByRole('heading', { name: 'Welcome to Steady Shop' }).waitFor();
    await expect.poll(() => snippetOf(page)).toContain('Steady Shop');
    const themeBefore = await exportedTheme(page, '#preview');
    const snippetBefore = await snippetOf(page);
    const status = page.locator('#import-status');

    const attempts = [
      {
        theme: JSON.stringify({ brandName: 'Evil', accentColor: 'red; background: url(https://evil.example/x.png)' }),
        reason: 'accentColor',
      },
      { theme: '{ "brandName": "Half', reason: 'not valid JSON' },
      { theme: JSON.stringify({ colour: 'red' }), reason: '"colour" is not a theme field' },
    ];
    for (const { theme, reason } of attempts) {
      await field(page, 'Theme to import').fill(theme);
      await page.getByRole('button', { name: 'Import theme' }).click();
      await expect.poll(() => status.textContent()).toContain(reason);
      expect(await status.textContent()).toContain('nothing was changed');
      expect(await status.getAttribute('data-level')).toBe('error');
      await status.evaluate((element) => (element.textContent = ''));
    }
    expect(await field(page, 'Brand name').inputValue()).toBe('Steady Shop');
    expect(await field(page, 'Accent colour').inputValue()).toBe('#4f46e5');
    expect(await exportedTheme(page, '#preview')).toBe(themeBefore);
    expect(await snippetOf(page)).toBe(snippetBefore);
    expect(await page.locator('#preview').getByRole('heading', { name: 'Welcome to Steady Shop' }).isVisible()).toBe(
      true,
    );
    expectNoErrors(opened);
  });

  it('Save theme writes localStorage "chatbot-theme", and the page opens with the saved theme', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await field(page, 'Brand name').fill('Saved Goods');
    await field(page, 'Accent colour').fill('#7c2d12');
    await page.locator('#preview').getByRole('heading', { name: 'Welcome to Saved Goods' }).waitFor();
    await page.getByRole('button', { name: 'Save theme' }).click();
    await expect.poll(() => page.locator('#theme-status').textContent()).toContain('Theme saved');

    const saved = await page.evaluate(() => localStorage.getItem('chatbot-theme'));
    expect(saved).not.toBeNull();
    expect(JSON.parse(saved ?? '{}')).toEqual(JSON.parse(await exportedTheme(page, '#preview')));
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ brandName: 'Saved Goods', accentColor: '#7c2d12' });

    await page.reload();
    await page.locator('#configurator[data-state="ready"]').waitFor();
    expect(await field(page, 'Brand name').inputValue()).toBe('Saved Goods');
    expect(await field(page, 'Accent colour').inputValue()).toBe('#7c2d12');
    await page.locator('#preview').getByRole('heading', { name: 'Welcome to Saved Goods' }).waitFor();
    expectNoErrors(opened);
  });

  it('Copy puts the snippet on the clipboard', async () => {
    const opened = await openConfigurator({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = opened;
    await field(page, 'Brand name').fill('Clipboard Co');
    await expect.poll(() => snippetOf(page)).toContain('brand-name="Clipboard Co"');
    const copy = page.locator('#copy-snippet');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    expect(await page.locator('#copy-status').textContent()).toContain('clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippetOf(page));
    expectNoErrors(opened);
  });

  it('an invalid value is explained next to its field and never reaches the preview', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    const accent = field(page, 'Accent colour');
    await accent.fill('red; background: url(https://evil.example/x.png)');
    const message = page.locator('#message-accent-color');
    await expect.poll(() => message.textContent()).toContain('may not contain ;');
    expect(await accent.getAttribute('aria-invalid')).toBe('true');
    expect(await message.isVisible()).toBe(true);
    expect(await page.locator('#snippet-problems').isVisible()).toBe(true);
    expect(await page.locator('#preview').evaluate((element) => element.getAttribute('accent-color'))).toBe('#4f46e5');
    expect(await snippetOf(page)).toContain('accent-color="#4f46e5"');

    await field(page, 'Logo image address').fill('javascript:alert(1)');
    await expect.poll(() => page.locator('#message-logo-url').textContent()).toContain('must start with https:');
    await field(page, 'Typing speed (milliseconds per character)').fill('5000');
    await expect.poll(() => page.locator('#message-typing-speed').textContent()).toContain('from 0 to 1000');
    await field(page, 'Chat webhook address').fill('ftp://example.com/hook');
    await expect.poll(() => page.locator('#message-webhook-url').textContent()).toContain('web address');
    expect(await page.locator('#configurator').getAttribute('data-problems')).toBe('4');

    // Fixing a value clears its message and reaches the preview.
    await accent.fill('#0f766e');
    await expect
      .poll(() => page.locator('#preview').evaluate((element) => element.style.getPropertyValue('--sa-accent-color')))
      .toBe('#0f766e');
    expect(await message.isVisible()).toBe(false);
    expect(await accent.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#configurator').getAttribute('data-problems')).toBe('3');
    expect(widgetWarnings(opened)).toEqual([]);
    expectNoErrors(opened);
  });

  it('the store cart setting reaches the preview and the snippet, and "not connected" leaves it out', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    const preview = page.locator('#preview');
    expect(await snippetOf(page)).not.toContain('commerce=');
    await field(page, 'Store cart').selectOption('shopify');
    await expect.poll(() => snippetOf(page)).toContain('commerce="shopify"');
    await expect.poll(() => preview.getAttribute('commerce')).toBe('shopify');
    await field(page, 'Store cart').selectOption('');
    await expect.poll(() => snippetOf(page)).not.toContain('commerce=');
    await expect.poll(() => preview.getAttribute('commerce')).toBeNull();
    expectNoErrors(opened);
  });

  it('the launcher teaser is checked, reaches the preview and the snippet, and shows beside the launcher', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    const preview = page.locator('#preview');
    expect(await snippetOf(page)).not.toContain('teaser');
    await field(page, 'Launcher teaser').fill('Need a size?   Ask us!');
    await expect.poll(() => snippetOf(page)).toContain('teaser="Need a size? Ask us!"');
    expect(await preview.getAttribute('teaser')).toBe('Need a size? Ask us!');
    // Taken, but it does nothing inline: the field says so.
    await expect.poll(() => page.locator('#message-teaser').textContent()).toContain('only in floating mode');

    const delay = field(page, 'Teaser delay (seconds)');
    await delay.fill('601');
    await expect.poll(() => page.locator('#message-teaser-delay').textContent()).toContain('from 0 to 600');
    expect(await delay.getAttribute('aria-invalid')).toBe('true');
    expect(await preview.getAttribute('teaser-delay')).toBeNull();
    await delay.fill('8');
    await expect.poll(() => preview.getAttribute('teaser-delay')).toBe('8');
    // The element's default is left out of the snippet.
    expect(await snippetOf(page)).not.toContain('teaser-delay');
    await delay.fill('0');
    await expect.poll(() => snippetOf(page)).toContain('teaser-delay="0"');

    await field(page, 'Display mode').selectOption('floating');
    await expect.poll(() => page.locator('#message-teaser').textContent()).toBe('');
    await page.locator('#preview [part~="teaser"]').getByText('Need a size? Ask us!').waitFor();
    expect(widgetWarnings(opened)).toEqual([]);
    expectNoErrors(opened);
  });

  it('analytics texts warn until analytics are on, then both reach the snippet', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await field(page, 'Texts in analytics').selectOption('on');
    await expect
      .poll(() => page.locator('#message-analytics-content').textContent())
      .toContain('choose Google Tag Manager');
    await field(page, 'Analytics').selectOption('datalayer');
    await expect.poll(() => page.locator('#message-analytics-content').textContent()).toBe('');
    const snippet = await snippetOf(page);
    expect(snippet).toContain('analytics="datalayer"');
    expect(snippet).toContain('analytics-content="on"');
    expect(await page.locator('#preview').getAttribute('analytics')).toBe('datalayer');
    expectNoErrors(opened);
  });

  it('floating mode puts the launcher in the chosen bottom corner of the page', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await field(page, 'Display mode').selectOption('floating');
    await field(page, 'Launcher position').selectOption('bottom-left');
    const launcher = page.locator('#preview .launcher');
    await launcher.waitFor();
    await expect
      .poll(async () => {
        const box = await launcher.boundingBox();
        return box && { left: box.x, bottom: VIEWPORT.height - box.y - box.height };
      })
      .toEqual({ left: 20, bottom: 20 });
    await expect.poll(() => snippetOf(page)).toContain('position="bottom-left"');
    expect(await snippetOf(page)).toContain('mode="floating"');

    // Opening the card in the preview ticks "Card starts open" and puts `open` in the snippet.
    await launcher.click();
    await page.locator('#preview .floating-card').waitFor();
    await expect.poll(() => field(page, 'Card starts open').isChecked()).toBe(true);
    await expect.poll(() => snippetOf(page)).toMatch(/^ {2}open$/m);
    expectNoErrors(opened);
  });

  it('works under a strict Content-Security-Policy with no violations, console errors or page errors', async () => {
    const opened = await session.newPage({ viewport: VIEWPORT });
    const { page } = opened;
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    await page.route(`${session.server.url}/configurator`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
    });
    const response = await page.goto(`${session.server.url}/configurator`);
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
    await page.locator('#configurator[data-state="ready"]').waitFor();

    await field(page, 'Brand name').fill('Strict Store');
    await field(page, 'Background colour, Start').fill('#fef3c7');
    await page.getByRole('button', { name: 'Add a question' }).click();
    await field(page, 'Question 4').fill('Do you ship abroad?');
    await field(page, 'Answer 4').fill('Yes, to 30 countries.');
    await page.locator('#preview').getByRole('heading', { name: 'Welcome to Strict Store' }).waitFor();
    await expect.poll(() => snippetOf(page)).toContain('Do you ship abroad?');
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download theme.json' }).click(),
    ]);
    await field(page, 'Theme to import').fill(JSON.stringify({ accentColor: '#0369a1' }));
    await page.getByRole('button', { name: 'Import theme' }).click();
    await expect.poll(() => field(page, 'Accent colour').inputValue()).toBe('#0369a1');

    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(opened.consoleMessages.filter((message) => /Content.Security.Policy/i.test(message))).toEqual([]);
    expectNoErrors(opened);
  });
});

describe('the configurator, finished', () => {
  it('offers the logo file as a styled button, and says when the file is built in', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    const button = page.locator('label.file-button[for="logo-file"]');
    expect(await button.textContent()).toBe('Choose a logo file');
    const box = await button.boundingBox();
    expect(box && box.height >= 40).toBe(true);
    expect(await button.evaluate((label) => getComputedStyle(label).borderRadius)).toBe('999px');
    // The browser's own picker ("Choose File · No file chosen") is not shown; the input keeps its name.
    const input = page.getByLabel('Or upload a small logo file', { exact: true });
    expect(await input.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    const svg = await readFile(new URL('../../demo/assets/images/logo.svg', import.meta.url));
    await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
    await page.locator('#message-logo-file').getByText('logo.svg is built into the snippet.').waitFor();
    await expect.poll(() => snippetOf(page)).toContain('logo-url="data:image/svg+xml');
    expectNoErrors(opened);
  });

  it('leaves an empty logo and empty badges out of the snippet', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await field(page, 'Logo image address').fill('/assets/images/logo.svg');
    await field(page, 'Badge images, one address per line').fill('/assets/images/badge-secure.svg');
    await expect.poll(() => snippetOf(page)).toContain('badge-images=');
    expect(await snippetOf(page)).toContain('logo-url=');
    await field(page, 'Logo image address').fill('');
    await field(page, 'Badge images, one address per line').fill('');
    await expect.poll(() => snippetOf(page)).not.toContain('logo-url');
    const snippet = await snippetOf(page);
    expect(snippet).not.toContain('badge-images');
    expect(snippet).not.toMatch(/=""|=''/);
    expect(snippet).toContain('brand-name=');
    expectNoErrors(opened);
  });

  it('switches the preview between desktop and a 390 px phone', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    const preview = page.locator('#preview');
    const width = async () => (await preview.boundingBox())?.width;
    expect(await width()).toBe(400);
    const phone = page.getByRole('button', { name: 'Phone' });
    await phone.click();
    expect(await phone.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(width).toBe(390);
    // The card fills the phone's screen, not the 600 px desktop card.
    const card = page.locator('#preview .card');
    await expect.poll(async () => (await card.boundingBox())?.height ?? 0).toBeGreaterThan(600);
    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect.poll(width).toBe(400);
    expectNoErrors(opened);
  });

  it('shows the floating card with a real conversation in it', async () => {
    const opened = await openConfigurator();
    const { page } = opened;
    await field(page, 'Display mode').selectOption('floating');
    await page.getByRole('button', { name: 'Show a sample conversation' }).click();
    const card = page.locator('#preview .floating-card');
    await card.locator('.product-card').first().waitFor();
    expect(await card.locator('.message.user').count()).toBe(1);
    expect(await card.locator('.message.bot').count()).toBeGreaterThanOrEqual(1);
    expect(((await card.locator('.message.bot').last().textContent()) ?? '').length).toBeGreaterThan(20);
    await expect.poll(() => field(page, 'Card starts open').isChecked()).toBe(true);
    expectNoErrors(opened);
  });
});
