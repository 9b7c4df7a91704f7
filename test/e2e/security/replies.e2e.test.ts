import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';
import { PATIENCE_MS } from '../../support/patience';

/**
 * Replies as real servers send them, against the built bundle in Chromium: huge and trickling streams,
 * replies cut off mid-stream, bodies in other charsets and a proxy's HTML error page.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const open: ServerResponse[] = [];
const OOPS = 'Oops! Something went wrong. Try again later.';
const lastCutOffHistory: unknown[] = [];
const ndjsonLine = (content: string) => `${JSON.stringify({ type: 'item', content })}\n`;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/huge-stream', async (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Access-Control-Allow-Origin': '*' });
    response.write(`${JSON.stringify({ type: 'begin' })}\n`);
    const piece = 'All work and no play makes a long reply. '.repeat(50);
    for (let chunk = 0; chunk < 100; chunk++) {
      response.write(Array.from({ length: 20 }, () => ndjsonLine(piece)).join(''));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    response.end(`${JSON.stringify({ type: 'end' })}\n`);
  });
  fixtures.handle('/cut-off', (_request, response, body) => {
    lastCutOffHistory.splice(0, Infinity, ...(JSON.parse(body) as { history: unknown[] }).history);
    if ((JSON.parse(body) as { message: string }).message === 'And shipping?') {
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ output: 'Shipping is free.' }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    response.write(`${JSON.stringify({ type: 'begin' })}\n${ndjsonLine('Your order ')}${ndjsonLine('total is $1')}`);
    open.push(response);
  });
  fixtures.handle('/latin', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=windows-1252' });
    response.end(Buffer.from([...Buffer.from('Caf'), 0xe9, ...Buffer.from(' cr'), 0xe8, ...Buffer.from('me')]));
  });
  fixtures.handle('/proxy-error', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0 (Ubuntu)</center>\r\n</body>\r\n</html>\r\n',
    );
  });
  fixtures.handle('/trickle', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.write('{"output": "Your order total is $1');
    open.push(response);
    const timer = setInterval(() => (response.writableEnded ? clearInterval(timer) : response.write(' ')), 20);
    response.on('close', () => clearInterval(timer));
  });
});

afterAll(async () => {
  for (const response of open) response.destroy();
  await session?.close();
  await fixtures?.close();
});

async function openWidget(webhook: string, options: { clock?: boolean; persist?: string; countReads?: boolean } = {}) {
  const opened = await session.newPage();
  if (options.clock) await opened.page.clock.install();
  if (options.countReads) await opened.page.addInitScript(countBodyReads);
  const url = fixtures.page(
    `/replies-${Math.random().toString(36).slice(2)}`,
    widgetPage(`webhook-url="${webhook}" typing-speed="0" persist="${options.persist ?? 'none'}"`),
  );
  await opened.page.goto(url);
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  return { ...opened, url };
}

/** Counts, in window.__bodyReads, the chunks the page reads from response bodies. */
function countBodyReads() {
  const counted = window as unknown as { __bodyReads: number };
  counted.__bodyReads = 0;
  const read = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = async function (this: ReadableStreamDefaultReader) {
    const result = await read.call(this);
    if (!result.done) counted.__bodyReads++;
    return result;
  } as typeof read;
}

const bodyReads = (page: Page) => page.evaluate(() => (window as unknown as { __bodyReads: number }).__bodyReads);

function send(page: Page, text: string) {
  return page.evaluate(
    (message) =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        message,
      ),
    text,
  );
}

describe('streams', () => {
  it('a 4 MB stream is shown capped while it streams, never in full', async () => {
    const { page } = await openWidget('/huge-stream');
    // Record the longest text the reply bubble ever showed, on every frame while the reply arrives.
    await page.evaluate(() => {
      const record = { longest: 0 };
      (window as unknown as { __shown: typeof record }).__shown = record;
      const measure = () => {
        const bubble = document.querySelector('store-assistant')?.shadowRoot?.querySelector('.message.bot .bubble');
        record.longest = Math.max(record.longest, bubble?.textContent?.length ?? 0);
        requestAnimationFrame(measure);
      };
      requestAnimationFrame(measure);
    });
    await send(page, 'Tell me everything');
    await page
      .locator('store-assistant .message.bot')
      .getByText('This reply was shortened.')
      .waitFor({ timeout: 30_000 });
    const longest = await page.evaluate(() => (window as unknown as { __shown: { longest: number } }).__shown.longest);
    expect(longest).toBeGreaterThan(1_000);
    // 10,000 characters, the ellipsis, and the newline marked ends a paragraph with.
    expect(longest).toBeLessThanOrEqual(10_002);
  });

  it('a body that trickles a byte at a time ends at the 120 s deadline with Oops and Retry', async () => {
    const { page } = await openWidget('/trickle', { clock: true, countReads: true });
    await send(page, 'What is my total?');
    await page.locator('store-assistant .typing-indicator').waitFor();
    // Bytes keep arriving (every 20 ms of real time) while the page's clock runs 5 s per step: after each
    // step the widget reads at least one more, however slowly a loaded machine runs the page.
    for (let elapsed = 0; elapsed < 115_000; elapsed += 5_000) {
      const before = await bodyReads(page);
      await page.clock.fastForward(5_000);
      await expect.poll(() => bodyReads(page), { timeout: PATIENCE_MS }).toBeGreaterThan(before);
    }
    expect(await page.locator('store-assistant .typing-indicator').count()).toBe(1);
    await page.clock.fastForward(6_000);
    await page.locator('store-assistant .message.bot').getByText(OOPS).waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
  });
});

describe('a reply cut off mid-stream', () => {
  it('leaving the page saves it as interrupted: after the reload it shows what arrived, the note and Retry, and is not sent as history', async () => {
    const { page } = await openWidget('/cut-off', { persist: 'local' });
    await send(page, 'What is my total?');
    await page.locator('store-assistant .message.bot .bubble.streaming').getByText('Your order total is $1').waitFor();
    await page.reload();
    const reply = page.locator('store-assistant .message.bot');
    await reply.getByText('Your order total is $1').waitFor();
    expect(await reply.getByText('The reply was interrupted.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await send(page, 'And shipping?');
    await page.locator('store-assistant .message.bot').getByText('Shipping is free.').waitFor();
    expect(lastCutOffHistory).toEqual([{ role: 'user', content: 'What is my total?' }]);
  });
});

describe('replies from real servers', () => {
  it('a reply declared as windows-1252 reads as written', async () => {
    const { page } = await openWidget('/latin');
    await send(page, 'Coffee?');
    await page.locator('store-assistant .message.bot').getByText('Café crème').waitFor();
    expect(await page.locator('store-assistant .message.bot').getByText('\ufffd').count()).toBe(0);
  });

  it("a proxy's 200 HTML error page is a failed reply with Retry: no markup, no server version on screen", async () => {
    const { page, consoleMessages } = await openWidget('/proxy-error');
    await send(page, 'Hello?');
    await page.locator('store-assistant .message.bot').getByText(OOPS).waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(
      await page
        .locator('store-assistant .messages')
        .getByText(/nginx|Bad Gateway|<html>/)
        .count(),
    ).toBe(0);
    expect(consoleMessages.some((message) => message.includes('HTML page'))).toBe(true);
  });
});
