import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_REPLIES } from '../../bench/hostile-replies.mjs';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * Replies an unlucky model, a buggy workflow or a prompt injection can send, through the real bundle in
 * Chromium: none takes the widget down, links do not mislead, and text reads as it is shown.
 */
let session: E2eSession;
let fixtures: FixtureServer;

/** What the webhook answers: a message `#<name>` gets that hostile reply, anything else the reply set here. */
let nextReply: unknown = { output: 'ok' };

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/hostile-webhook', (_request, response, body) => {
    const message = (JSON.parse(body) as { message: string }).message;
    const hostile = message.startsWith('#')
      ? HOSTILE_REPLIES[message.slice(1) as keyof typeof HOSTILE_REPLIES]
      : undefined;
    replyJson(response, hostile === undefined ? nextReply : { output: hostile });
  });
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

async function openWidget(attributes = '') {
  const opened = await session.newPage();
  const page = fixtures.page(
    `/hostile-${Math.random().toString(36).slice(2)}`,
    widgetPage(`webhook-url="/hostile-webhook" typing-speed="0" persist="none" voice-provider="demo" ${attributes}`),
  );
  await opened.page.goto(page);
  await opened.page.waitForFunction(() =>
    document.querySelector('store-assistant')?.shadowRoot?.querySelector('.root'),
  );
  return opened;
}

/** Sends `text` through the element's API and waits for the bot reply to it (the `n`th bot message). */
async function ask(page: Page, text: string): Promise<void> {
  const before = await page.locator('store-assistant .message.bot').count();
  await expect
    .poll(() =>
      page.evaluate(
        (message) =>
          (
            document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }
          ).sendMessage(message),
        text,
      ),
    )
    .toBe(true);
  await page.locator('store-assistant .message.bot').nth(before).waitFor();
}

const liveRegion = (page: Page) => page.locator('store-assistant [aria-live="polite"]').textContent();

describe('a hostile reply never takes the widget down', () => {
  it('a reply of 5,000 nested quotes: eight levels, the rest as text; the input, another reply, a call and the launcher all still work', async () => {
    const { page, pageErrors } = await openWidget('mode="floating"');
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: /^Open chat/ }).click();
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
    );
    nextReply = { output: `${'>'.repeat(5000)} hi` };
    await ask(page, 'quote me');
    expect(await widget.locator('.render-error').count()).toBe(0);
    const bubble = widget.locator('.message.bot .bubble').first();
    expect(
      await bubble.evaluate((element) => {
        let depth = 0;
        for (let quote = element.querySelector('blockquote'); quote; quote = quote.querySelector(':scope > blockquote'))
          depth += 1;
        return depth;
      }),
    ).toBe(8);
    expect(await bubble.textContent()).toContain('> hi');

    // The conversation goes on: the input works and the next reply shows.
    nextReply = { output: 'Still **here**' };
    const box = widget.getByRole('textbox', { name: 'Message' });
    await box.fill('hello?');
    await box.press('Enter');
    await widget.locator('.message.bot strong', { hasText: 'here' }).waitFor();

    // A call starts and ends.
    await widget.getByRole('button', { name: 'Start call' }).click();
    await widget.locator('.call-bar').waitFor();
    await widget.getByRole('button', { name: 'End call' }).first().click();
    await widget.locator('.call-bar').waitFor({ state: 'detached' });

    // The launcher closes and opens the card, the conversation still in it.
    await widget.getByRole('button', { name: 'Close chat' }).first().click();
    await widget.getByRole('button', { name: /^Open chat/ }).click();
    await widget.locator('.message.bot strong', { hasText: 'here' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it(`every one of the ${Object.keys(HOSTILE_REPLIES).length} hostile replies renders as a message of its own`, async () => {
    const { page, pageErrors } = await openWidget();
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
    );
    const names = Object.keys(HOSTILE_REPLIES);
    for (const name of names) await ask(page, `#${name}`);
    const widget = page.locator('store-assistant');
    expect(await widget.locator('.render-error').count()).toBe(0);
    expect(await widget.locator('.message.bot').count()).toBe(names.length);
    // Each shows something, except a run of backticks: an unclosed code fence, which holds nothing.
    const empty = await widget
      .locator('.message.bot .bubble')
      .evaluateAll((bubbles) =>
        bubbles
          .map((bubble, index) => ((bubble.textContent ?? '').trim() === '' ? index : -1))
          .filter((index) => index >= 0),
      );
    expect(empty.map((index) => names[index])).toEqual(['backtick run']);
    expect(await widget.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});

describe('honest links and faithful text in Chromium', () => {
  it('a link naming another host shows the real one (in ASCII); direction controls are gone from link text', async () => {
    const { page } = await openWidget();
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
    );
    nextReply = {
      output:
        'Log in at [https://store.example](https://evil.example/login), see [\u202eelpmaxe.pohs\u202c](https://shop.example/), [b\u00fccher.example](https://b\u00fccher.example/) or [\u0430pple.com](https://apple.com/).',
    };
    await ask(page, 'links?');
    const links = page.locator('store-assistant .message.bot a');
    expect(await links.allTextContents()).toEqual([
      'https://store.example',
      'elpmaxe.pohs',
      'bücher.example',
      '\u0430pple.com',
    ]);
    expect(
      await links.evaluateAll((anchors) =>
        anchors.map((anchor) => anchor.nextSibling?.textContent?.match(/^ \(([^)]*)\)/)?.[1] ?? null),
      ),
    ).toEqual(['evil.example', 'shop.example', 'xn--bcher-kva.example', 'apple.com']);
    await expect
      .poll(() => liveRegion(page))
      .toBe(
        'Assistant: Log in at https://store.example (evil.example), see elpmaxe.pohs (shop.example), bücher.example (xn--bcher-kva.example) or \u0430pple.com (apple.com).',
      );
  });

  it('character references in a reply and its cards read as text; the live region reads what is shown', async () => {
    const { page } = await openWidget('brand-name="Acme\u202e Store\u200b"');
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
    );
    expect(await page.locator('store-assistant .chat-header h2').textContent()).toBe('Acme Store');
    nextReply = {
      output: 'Fish &amp; Chips &mdash; 5&nbsp;EUR',
      products: [
        {
          title: 'Hoodie &#8211; Blue',
          description: 'Tom &amp; Jerry &lt;b&gt;soft&lt;/b&gt; &bogus;',
          price: '5&nbsp;EUR',
          url: 'https://shop.example/p/1',
        },
      ],
    };
    await ask(page, 'fish?');
    const card = page.locator('store-assistant .product-card');
    await card.waitFor();
    expect(await card.locator('.product-title').textContent()).toBe('Hoodie – Blue');
    expect(await card.locator('.product-description').textContent()).toBe('Tom & Jerry <b>soft</b> &bogus;');
    expect(await card.locator('.product-description b').count()).toBe(0);
    expect(await card.locator('.product-price').textContent()).toBe('€5.00');
    expect((await page.locator('store-assistant .message.bot .bubble').textContent())?.trim()).toBe(
      'Fish & Chips — 5\u00a0EUR',
    );
    await expect.poll(() => liveRegion(page)).toBe('Assistant: Fish & Chips — 5 EUR Products: Hoodie – Blue.');
  });
});
