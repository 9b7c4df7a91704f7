import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server.mjs';

/** The system Chromium; CHROME_PATH overrides. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless Chromium off the network it cannot reach here and out of the sandbox it cannot use as root. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches Chromium, or fails with the command that installs it: the browser tests never skip silently. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROME_PATH}. Install it with "apt-get update && apt-get install -y chromium", ` +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...extraArgs] });
}

/** A browser, a demo server on a free port, and a page factory that records console messages and page errors. */
export interface E2eSession {
  browser: Browser;
  server: DemoServer;
  newPage(options?: Parameters<Browser['newContext']>[0]): Promise<{ page: Page; context: BrowserContext; consoleMessages: string[]; pageErrors: string[] }>;
  close(): Promise<void>;
}

/** Starts Chromium (with `extraArgs`) and the demo server on a free port. */
export async function startSession(extraArgs: string[] = []): Promise<E2eSession> {
  const [browser, server] = await Promise.all([launchBrowser(extraArgs), startDemoServer({ port: 0 })]);
  const contexts: BrowserContext[] = [];
  return {
    browser,
    server,
    async newPage(options) {
      const context = await browser.newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      const consoleMessages: string[] = [];
      const pageErrors: string[] = [];
      page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return { page, context, consoleMessages, pageErrors };
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
      await server.close();
    },
  };
}
