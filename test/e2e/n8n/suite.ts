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
      startN8n({ bin: install.bin, port, workflows: planned.workflows, readyPaths: planned.readyPaths }),
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
      // What n8n answered when it refused: a browser that blocks a reply (CORS) shows neither status nor body.
      page.on('response', (response) => {
        if (response.ok() || !response.url().startsWith(started(n8n).url)) return;
        void response.text().then(
          (body) =>
            consoleLines.push(
              `[n8n ${response.status()}] ${response.request().method()} ${response.url()}: ${body.slice(0, 300)}`,
            ),
          () => consoleLines.push(`[n8n ${response.status()}] ${response.request().method()} ${response.url()}`),
        );
      });
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
