import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server.mjs';
import { launchChromium } from '../support/chromium.mjs';

/** A browser, a demo server on a free port, and a page factory that records console messages and page errors. */
export interface E2eSession {
  browser: Browser;
  server: DemoServer;
  newPage(
    options?: Parameters<Browser['newContext']>[0],
  ): Promise<{ page: Page; context: BrowserContext; consoleMessages: string[]; pageErrors: string[] }>;
  close(): Promise<void>;
}

/** Starts Chromium (with `extraArgs`) and the demo server on a free port. */
export async function startSession(extraArgs: string[] = []): Promise<E2eSession> {
  const [browser, server] = await Promise.all([launchChromium(extraArgs), startDemoServer({ port: 0 })]);
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

/**
 * Resolves once `page` has drawn two more frames: input given before has had its effect (a scroll, a focus
 * change) and what was rendered before is laid out. The wait for "nothing more happened" that depends on
 * the page's own progress, not on a number of milliseconds.
 */
export async function afterFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
