import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { replyJson, type FixtureServer } from './fixture-server';
import type { E2eSession } from './harness';

/** A request a fixture endpoint received: its method, headers and JSON body. */
export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A store's chat webhook for the guided-replies tests: it answers each message from `replies` (anything
 * else with "You said: ..."), records every request, and holds the reply to a message listed with
 * `hold()` until `release()`, so a test can look at the widget while a reply is on its way.
 */
export function chatHook(fixtures: FixtureServer, path: string, replies: Record<string, unknown>) {
  const requests: ReceivedRequest[] = [];
  const held = new Map<string, ServerResponse | null>();
  const answer = (response: ServerResponse, message: string) =>
    replyJson(response, replies[message] ?? { output: `You said: ${message}` });
  fixtures.handle(path, (request, response, body) => {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    requests.push({ method: request.method ?? '', headers: request.headers, body: parsed });
    const message = String(parsed.message);
    if (held.has(message)) held.set(message, response);
    else answer(response, message);
  });
  return {
    requests,
    /** The messages the webhook received, in order. */
    messages: () => requests.map((request) => request.body.message),
    hold(message: string): void {
      held.set(message, null);
    },
    /** Sends the held reply to `message` (which must have arrived). */
    release(message: string): void {
      const response = held.get(message);
      if (!response) throw new Error(`no request for "${message}" is held`);
      held.delete(message);
      answer(response, message);
    },
  };
}

/** A feedback endpoint that records every POST and answers with `respond` (204 by default). */
export function feedbackHook(
  fixtures: FixtureServer,
  path: string,
  respond: (response: ServerResponse) => void = (response) => response.writeHead(204).end(),
) {
  const requests: ReceivedRequest[] = [];
  fixtures.handle(path, (request, response, body) => {
    requests.push({
      method: request.method ?? '',
      headers: request.headers,
      body: JSON.parse(body) as Record<string, unknown>,
    });
    respond(response);
  });
  return requests;
}

/** How {@link openWidget} opens its page. */
export interface OpenOptions {
  /** Options of the browser context (viewport, reduced motion, ...). */
  context?: Parameters<E2eSession['newPage']>[0];
  /** Runs before the page loads: init scripts, the page clock. */
  beforeLoad?: (page: Page) => Promise<void>;
  /** Markup before the widget. */
  extra?: string;
}

/** A store page (a language, a phone-ready viewport) with the bundle and one widget with `attributes`. */
export function storePage(attributes: string, extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme store</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script></head>
<body><main><h1>Acme store</h1>${extra}<store-assistant ${attributes}></store-assistant></main></body></html>`;
}

/** Opens a page of its own with one widget (`attributes` as HTML) and waits for its first view. */
export async function openWidget(
  session: E2eSession,
  fixtures: FixtureServer,
  attributes: string,
  options: OpenOptions = {},
) {
  const opened = await session.newPage(options.context);
  await options.beforeLoad?.(opened.page);
  const url = fixtures.page(`/guided-${Math.random().toString(36).slice(2)}`, storePage(attributes, options.extra));
  await opened.page.goto(url);
  await opened.page.locator('store-assistant .card').waitFor({ state: 'attached' });
  return { ...opened, url };
}

/** Opens the chat view through the element's public `startChat`, sending `firstMessage` if given. */
export function startChat(page: Page, firstMessage?: string): Promise<void> {
  return page
    .locator('store-assistant')
    .evaluate((host, text) => (host as HTMLElement & { startChat(text?: string): void }).startChat(text), firstMessage);
}

/** Types `text` into the widget's message box (named `label` in the widget's language) and sends it with Enter. */
export async function send(page: Page, text: string, label = 'Message'): Promise<void> {
  const box = page.locator('store-assistant').getByRole('textbox', { name: label });
  await box.fill(text);
  await box.press('Enter');
}

/** The widget's suggestion row (there is at most one). */
export const suggestionRow = (page: Page, name = 'Suggested replies') =>
  page.locator('store-assistant').getByRole('group', { name });

/** The labels of the suggestion buttons on screen, row by row. */
export const chipLabels = (page: Page) => page.locator('store-assistant [part~="suggestion"]').allTextContents();

/** The element focused inside the widget's shadow root, described by its tag and text or label. */
export function focusedInWidget(page: Page): Promise<string | null> {
  return page.locator('store-assistant').evaluate((host) => {
    const active = host.shadowRoot?.activeElement;
    if (!active) return null;
    return `${active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
  });
}
