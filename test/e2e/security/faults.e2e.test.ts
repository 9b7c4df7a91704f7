import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * Webhook faults, each injected into a real widget in Chromium. Whatever fails, the visitor gets a
 * clear message, keeps their text, sees no duplicate messages and no typing dots left spinning.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const requestsTo = new Map<string, number>();
const held: ServerResponse[] = [];
let closedPort = 0;

const OOPS = 'Oops! Something went wrong. Try again later.';
const NOT_UNDERSTOOD = "Sorry, I couldn't understand that.";

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  const fault = (name: string, answer: (response: ServerResponse) => void) =>
    fixtures.handle(`/fault/${name}`, (_request, response) => {
      requestsTo.set(name, (requestsTo.get(name) ?? 0) + 1);
      answer(response);
    });
  fault('html-500', (response) =>
    response.writeHead(500, { 'Content-Type': 'text/html' }).end('<!doctype html><h1>Internal Server Error</h1>'),
  );
  fault('empty', (response) => response.writeHead(200, { 'Content-Type': 'text/plain' }).end(''));
  fault('invalid-json', (response) =>
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"output": "unterminated'),
  );
  fault('five-mb', (response) =>
    response
      .writeHead(200, { 'Content-Type': 'text/plain' })
      .end(`A very long answer. ${'Lorem ipsum dolor sit amet. '.repeat(190_000)}`),
  );
  fault('never-ends', (response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.write('{"output": "Still thin');
    held.push(response);
  });
  fault('slow', (response) => void held.push(response));
  fault('ok', (response) => replyJson(response, { output: 'All good **now**.' }));
  const probe = await startFixtureServer();
  closedPort = Number(new URL(probe.url).port);
  await probe.close();
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await session?.close();
  await fixtures?.close();
});

async function open(webhook: string, options: { clock?: boolean } = {}) {
  const opened = await session.newPage();
  if (options.clock) await opened.page.clock.install();
  await opened.page.goto(
    fixtures.page(
      `/faults-${Math.random().toString(36).slice(2)}`,
      widgetPage(`webhook-url="${webhook}" typing-speed="0" persist="none"`),
    ),
  );
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  await opened.page.evaluate(() =>
    (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
  );
  return opened;
}

async function type(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** The state every fault must end in: the message shown, the question kept once, input enabled, no dots. */
async function expectClearEnd(page: Page, question: string, message: string | RegExp) {
  await page.locator('store-assistant .message.bot').getByText(message).first().waitFor();
  expect(await page.locator('store-assistant .message.user', { hasText: question }).count()).toBe(1);
  expect(await page.locator('store-assistant .typing-indicator').count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
}

describe('webhook faults', () => {
  it.each([
    ['a 500 with an HTML body', 'html-500', OOPS],
    ['an empty 200', 'empty', NOT_UNDERSTOOD],
    ['a 200 whose JSON does not parse', 'invalid-json', NOT_UNDERSTOOD],
  ])('%s ends with a clear message', async (_, name, message) => {
    const { page, pageErrors } = await open(`/fault/${name}`);
    await type(page, `Question for ${name}`);
    await expectClearEnd(page, `Question for ${name}`, message);
    expect(requestsTo.get(name)).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('a 5 MB body is shown shortened, with a note', async () => {
    const { page } = await open('/fault/five-mb');
    await type(page, 'Tell me everything');
    await expectClearEnd(page, 'Tell me everything', 'This reply was shortened.');
    const length = await page
      .locator('store-assistant .message.bot .bubble')
      .first()
      .evaluate((element) => element.textContent?.length ?? 0);
    expect(length).toBeLessThanOrEqual(10_002);
  });

  it('a response that never ends times out after 60 s: Oops, Retry, the input enabled', async () => {
    const { page } = await open('/fault/never-ends', { clock: true });
    await type(page, 'Hello?');
    await page.locator('store-assistant .typing-indicator').waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    await page.clock.fastForward(59_000);
    expect(await page.locator('store-assistant .typing-indicator').count()).toBe(1);
    await page.clock.fastForward(2_000);
    await expectClearEnd(page, 'Hello?', OOPS);
    expect(await page.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
  });

  it('a 30 s response is waited for, then shown once', async () => {
    const { page } = await open('/fault/slow', { clock: true });
    await type(page, 'Slow question');
    await page.locator('store-assistant .typing-indicator').waitFor();
    await page.clock.fastForward(30_000);
    expect(await page.locator('store-assistant .typing-indicator').count()).toBe(1);
    replyJson(held.pop() as ServerResponse, { output: 'Worth the wait.' });
    await expectClearEnd(page, 'Slow question', 'Worth the wait.');
    expect(await page.locator('store-assistant .message.bot').count()).toBe(1);
  });

  it('a refused connection, once sent again three times, shows Oops and keeps the question for Retry', async () => {
    const { page } = await open(`http://127.0.0.1:${closedPort}/webhook`);
    await type(page, 'Anyone there?');
    await expectClearEnd(page, 'Anyone there?', OOPS);
  });

  it('offline, then online again: the message waits as not delivered, then goes once and is answered', async () => {
    const { page, context } = await open('/fault/ok');
    const before = requestsTo.get('ok') ?? 0;
    await context.setOffline(true);
    await type(page, 'Sent while offline');
    await page.locator('store-assistant').getByText('Not delivered').waitFor();
    expect(requestsTo.get('ok') ?? 0).toBe(before);
    await context.setOffline(false);
    await expectClearEnd(page, 'Sent while offline', 'All good now.');
    expect((requestsTo.get('ok') ?? 0) - before).toBe(1);
    expect(await page.locator('store-assistant').getByText(OOPS).count()).toBe(0);
  });

  it('double clicks on send make one request and one message', async () => {
    const { page } = await open('/fault/ok');
    const before = requestsTo.get('ok') ?? 0;
    await page.getByRole('textbox', { name: 'Message' }).fill('Clicked twice');
    await page.getByRole('button', { name: 'Send' }).dblclick();
    await expectClearEnd(page, 'Clicked twice', 'All good now.');
    expect((requestsTo.get('ok') ?? 0) - before).toBe(1);
    expect(await page.locator('store-assistant .message.bot').count()).toBe(1);
  });
});
