import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from '../../support/chromium.mjs';
import { ensureN8n, N8N_VERSION } from './install';
import { freePort, startN8n, type N8nServer } from './n8n-process';
import { startStorePage, type PageWidget, type StorePage } from './store-page';

/** Installing n8n on a fresh machine takes several minutes; starting it, one or two. */
const SETUP_TIMEOUT_MS = 25 * 60_000;

/** What one suite runs: its store pages and the workflows n8n imports, made once both addresses are known. */
export interface N8nSuitePlan {
  /** Path → the widget of that page. */
  pages: Record<string, PageWidget>;
  workflows: unknown[];
  /** Credentials the workflows use, imported first (see {@link startN8n}). */
  credentials?: unknown[];
  /** The production webhook paths n8n must answer on before the tests start. */
  readyPaths: string[];
}

/** A suite's running n8n, store pages and browser, and the steps its tests share. */
export interface N8nSuite {
  /** Throws before the suite has started. */
  readonly n8n: N8nServer;
  readonly store: StorePage;
  /**
   * A page of the store in a fresh browser context that reaches only loopback, once its widget's
   * launcher is there. `setup` runs before the page loads (to route its socket, say).
   */
  openChat: (pagePath?: string, setup?: (page: Page) => Promise<void>) => Promise<{ page: Page; pageErrors: string[] }>;
  /** The text of the `index`-th bot reply (0-based), once it has arrived and stopped streaming. */
  botReply: (page: Page, index: number) => Promise<string>;
}

/** Types `text` into the widget's text box and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** A response header's value, whatever the case of its name. */
function headerOf(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * Reports each request of `page` to n8n (at `n8nUrl`) that n8n refused, or answered without the CORS header
 * the page needs, with the status n8n gave: the browser's console names a blocked reply but neither its
 * status nor n8n's reason, and Chromium's network domain sees the answer as it came.
 */
async function recordRefusals(
  context: BrowserContext,
  page: Page,
  n8nUrl: string,
  report: (line: string) => void,
): Promise<void> {
  const session = await context.newCDPSession(page);
  const requests = new Map<string, string>();
  session.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (request.url.startsWith(n8nUrl)) requests.set(requestId, `${request.method} ${request.url}`);
  });
  session.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headers }) => {
    const request = requests.get(requestId);
    const allowed = headerOf(headers, 'access-control-allow-origin');
    if (request && (statusCode >= 400 || allowed === undefined))
      report(`[n8n answered ${statusCode}, Access-Control-Allow-Origin: ${allowed ?? 'none'}] ${request}`);
  });
  session.on('Network.loadingFailed', ({ requestId, errorText, corsErrorStatus }) => {
    const request = requests.get(requestId);
    if (request) report(`[failed: ${errorText}${corsErrorStatus ? `, ${corsErrorStatus.corsError}` : ''}] ${request}`);
  });
  await session.send('Network.enable');
}

/**
 * Starts, for the tests of the describe block it is called in, n8n with the workflows of `plan`, the store
 * pages on their own loopback origin, and Chromium; ends them all after the block. The store starts first:
 * the workflows name its origin (their CORS settings). A failed test prints both sides' story: what the
 * page logged, and n8n's last lines. A reply waits up to `replyTimeoutMs`.
 */
export function withN8nSuite(
  plan: (storeOrigin: string, webhooks: string) => N8nSuitePlan,
  replyTimeoutMs = 30_000,
): N8nSuite {
  let n8n: N8nServer | undefined;
  let store: StorePage | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let consoleLines: string[] = [];

  beforeAll(async () => {
    const install = await ensureN8n();
    console.info(
      install.installed
        ? `n8n ${N8N_VERSION} installed in ${install.seconds} s into ${install.dir}`
        : `n8n ${N8N_VERSION} reused from ${install.dir}`,
    );
    const port = await freePort();
    const pages: Record<string, PageWidget> = {};
    store = await startStorePage(pages);
    const planned = plan(store.origin, `http://127.0.0.1:${port}`);
    Object.assign(pages, planned.pages);
    [n8n, browser] = await Promise.all([
      startN8n({
        bin: install.bin,
        port,
        workflows: planned.workflows,
        credentials: planned.credentials,
        readyPaths: planned.readyPaths,
      }),
      launchChromium(),
    ]);
    const { seconds } = n8n;
    console.info(
      `n8n (pid ${n8n.pid}) imported the workflows in ${seconds.import} s, activated them in ${seconds.activate} s, answered ${seconds.start} s after starting`,
    );
  }, SETUP_TIMEOUT_MS);

  afterEach(({ task }) => {
    if (task.result?.state === 'fail')
      console.error(
        `the page's console:\n${consoleLines.join('\n') || '(nothing)'}\n\nn8n's log, last lines:\n${n8n?.logTail() ?? '(not started)'}`,
      );
    consoleLines = [];
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await n8n?.stop();
    await store?.close();
  }, 60_000);

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite did not start');
    return value;
  };

  return {
    get n8n() {
      return started(n8n);
    },
    get store() {
      return started(store);
    },
    async openChat(pagePath = '/', setup) {
      const context = await started(browser).newContext();
      contexts.push(context);
      // Only loopback: the catalogue's product images live on https://example.com, which no test asks for.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // The widget names a failed request's reason in the console.
      page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
      await recordRefusals(context, page, started(n8n).url, (line) => consoleLines.push(line));
      await setup?.(page);
      await page.goto(`${started(store).origin}${pagePath}`);
      await page.getByRole('button', { name: 'Ask a question' }).waitFor();
      return { page, pageErrors };
    },
    async botReply(page, index) {
      const reply = page.locator('store-assistant .message.bot:not(:has(.streaming))').nth(index);
      await reply.waitFor({ timeout: replyTimeoutMs });
      return (await reply.textContent()) ?? '';
    },
  };
}
