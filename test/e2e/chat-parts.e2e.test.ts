import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWidgetFile, replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { afterFrames, startSession, type E2eSession } from './harness';
import { readFile } from 'node:fs/promises';
import { aiSdkRoute } from './agents/ai-sdk-server';

// The chat's parts beside the script, fetched once the chat is in view (src/app/assistant.ts): the
// markdown stack (marked, DOMPurify and the renderer, store-assistant.markdown.js,
// src/chat/markdown/markdown-loader.ts) and the AI SDK's and AG-UI's stream readers
// (store-assistant.agents.js, src/chat/replies/reply-request.ts). These pages check them against the built
// files: a page view whose visitor never opens the card fetches neither; a reply that arrives before the
// markdown waits for it and then shows formatted and sanitised; a saved conversation shown again fetches it
// at once; the stream readers are fetched only by a widget speaking an agent's protocol.

let session: E2eSession;
let fixtures: FixtureServer;
const PART = '/store-assistant.markdown.js';
const REPLY = '**Bold** news: see [our sale](https://shop.example/sale) <img src=x onerror=alert(1)>';
/** Whether the part's file is held back until a test calls `releasePart`, set once the part is asked for. */
let holdPart = false;
let releasePart: (() => void) | null = null;
/** Whether the part's file answers 503. */
let failPart = false;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response) => replyJson(response, { output: REPLY }));
  const agent = aiSdkRoute(() => ({ words: ['**Bold** ', 'from ', 'the agent.'] }));
  fixtures.handle('/agent/ai-sdk', (request, response, body) => agent.handle(request, response, body));
  fixtures.handle(PART, async (_request, response: ServerResponse) => {
    if (failPart) return void response.writeHead(503).end();
    if (holdPart) await new Promise<void>((resolve) => (releasePart = resolve));
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(await readFile(builtWidgetFile(PART) ?? ''));
  });
});
afterAll(async () => {
  releasePart?.();
  await Promise.all([session?.close(), fixtures?.close()]);
});

/** Records, from the page's first script on, the address of every script element put on the page. */
function recordScripts(): void {
  const added: string[] = [];
  (window as unknown as { addedScripts: string[] }).addedScripts = added;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof HTMLScriptElement && node.src) added.push(node.src);
  }).observe(document, { childList: true, subtree: true });
}

/** The scripts of part `name` put on the page. */
const partsAdded = (page: Page, name = 'markdown') =>
  page.evaluate(
    (file) =>
      (window as unknown as { addedScripts: string[] }).addedScripts.filter((src) =>
        new URL(src).pathname.endsWith(file),
      ),
    `/store-assistant.${name}.js`,
  );

/** A page with one widget (`attributes` added), its part served at once unless a test holds it. */
async function openPage(attributes: string, options: { clock?: boolean; hold?: boolean } = {}) {
  holdPart = options.hold ?? false;
  releasePart = null;
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  if (options.clock) await opened.page.clock.install();
  await opened.page.addInitScript(recordScripts);
  const url = fixtures.page(
    `/markdown-${Math.random().toString(36).slice(2)}`,
    widgetPage(`brand-name="Acme" webhook-url="/api/chat" typing-speed="0" ${attributes}`),
  );
  await opened.page.goto(url);
  if (!options.clock) await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  return { ...opened, url };
}

/** Sends `text` as the visitor would, through the element's method. */
async function send(page: Page, text: string) {
  const sent = await page.evaluate(
    (message) =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        message,
      ),
    text,
  );
  expect(sent).toBe(true);
}

/** What the latest bot message shows: its HTML, for the elements the reply made. */
const latestReplyHtml = (page: Page) => page.locator('store-assistant .message.bot .markdown').last().innerHTML();

describe('the markdown part beside the script', () => {
  it('is not fetched on a page whose visitor never opens the card, however long it stays', async () => {
    const { page, pageErrors } = await openPage('mode="floating" protocol="ai-sdk"', { clock: true });
    await page.getByRole('button', { name: 'Open chat with Acme' }).waitFor();
    // Minutes of the page's time: every timer and idle callback the widget set has run.
    await page.clock.runFor(5 * 60_000);
    await afterFrames(page);
    expect(await partsAdded(page)).toEqual([]);
    expect(await partsAdded(page, 'agents')).toEqual([]);
    // The visitor opens the card: the part is fetched then, once.
    await page.getByRole('button', { name: 'Open chat with Acme' }).click();
    await page.clock.runFor(1_000);
    await expect.poll(() => partsAdded(page)).toHaveLength(1);
    await expect.poll(() => partsAdded(page, 'agents')).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('a reply that arrives before the part waits for it, then shows formatted and sanitised', async () => {
    const { page, pageErrors } = await openPage('persist="local"', { hold: true });
    await page.evaluate(() => {
      (window as unknown as { ran: string[] }).ran = [];
      window.alert = () => (window as unknown as { ran: string[] }).ran.push('alert');
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/chat'));
    await send(page, 'Any news?');
    await answered;
    await expect.poll(() => releasePart !== null).toBe(true);
    await afterFrames(page);
    // Held: the reply is not shown yet, neither as raw markdown nor as markup.
    expect(await page.locator('store-assistant .message.bot', { hasText: 'Bold' }).count()).toBe(0);
    releasePart?.();
    await page.locator('store-assistant .message.bot strong', { hasText: 'Bold' }).waitFor();
    const html = await latestReplyHtml(page);
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toMatch(/<a [^>]*href="https:\/\/shop\.example\/sale"[^>]*>our sale<\/a>/);
    // The hostile tag is text: no element, no handler.
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('**');
    expect(await page.evaluate(() => (window as unknown as { ran: string[] }).ran)).toEqual([]);
    expect(await partsAdded(page)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('a saved conversation shown again after a reload fetches it at once and renders its markdown', async () => {
    const { page } = await openPage('persist="local"');
    await send(page, 'Any news?');
    await page.locator('store-assistant .message.bot strong', { hasText: 'Bold' }).waitFor();
    await page.reload();
    await page.locator('store-assistant .message.bot strong', { hasText: 'Bold' }).waitFor();
    expect(await partsAdded(page)).toHaveLength(1);
    expect(await latestReplyHtml(page)).not.toMatch(/<img/i);
  });

  it('a part that fails to load leaves the reply as escaped plain text, and the next reply tries again', async () => {
    failPart = true;
    const { page, consoleMessages } = await openPage('');
    await send(page, 'Any news?');
    await page.locator('store-assistant .message.bot', { hasText: '**Bold** news' }).waitFor();
    expect(await latestReplyHtml(page)).toBe(
      '**Bold** news: see [our sale](https://shop.example/sale) &lt;img src=x onerror=alert(1)&gt;',
    );
    expect(consoleMessages.join('\n')).toMatch(/the markdown renderer could not load; replies show as plain text/);
    failPart = false;
    await send(page, 'And now?');
    await expect.poll(() => page.locator('store-assistant .message.bot strong', { hasText: 'Bold' }).count()).toBe(2);
    expect((await partsAdded(page)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the agents part beside the script', () => {
  it("is fetched by a widget speaking the AI SDK's protocol, whose reply then streams and renders", async () => {
    const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await opened.page.addInitScript(recordScripts);
    const url = fixtures.page(
      `/agents-${Math.random().toString(36).slice(2)}`,
      widgetPage('brand-name="Acme" protocol="ai-sdk" webhook-url="/agent/ai-sdk" typing-speed="0"'),
    );
    holdPart = false;
    await opened.page.goto(url);
    await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
    await send(opened.page, 'Hello?');
    await opened.page.locator('store-assistant .message.bot', { hasText: 'from the agent.' }).waitFor();
    await opened.page.locator('store-assistant .message.bot strong', { hasText: 'Bold' }).waitFor();
    expect(await partsAdded(opened.page, 'agents')).toHaveLength(1);
    expect(opened.pageErrors).toEqual([]);
  });

  it('is never fetched by a widget speaking its own protocol', async () => {
    const { page } = await openPage('');
    await send(page, 'Any news?');
    await page.locator('store-assistant .message.bot strong', { hasText: 'Bold' }).waitFor();
    expect(await partsAdded(page, 'agents')).toEqual([]);
  });
});
