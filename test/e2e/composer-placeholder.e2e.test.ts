import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { afterFrames, startSession, type E2eSession } from './harness';

// The text box's placeholder on the smallest phone, in languages whose "Your message…" is longer or
// wider: it keeps to one line (cut with an ellipsis if it must be), so the empty box is no taller than
// one with a word in it.

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

describe('the text box on a small phone', () => {
  it.each(['ja', 'pl', 'el'])('320×568, %s: the empty box is one line tall', async (lang) => {
    const { page, context, pageErrors } = await session.newPage({ viewport: { width: 320, height: 568 } });
    // The chat view, as a visitor who opened it before finds it.
    await context.addInitScript(() => sessionStorage.setItem('store-assistant:view', 'chat'));
    await page.goto(
      fixtures.page(
        `/placeholder-${lang}-${Math.random().toString(36).slice(2)}`,
        `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Store</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script></head>
<body><store-assistant webhook-url="/api/none" voice-provider="demo" lang="${lang}"></store-assistant></body></html>`,
      ),
    );
    const box = page.locator('store-assistant').locator('.input-bar textarea');
    await box.waitFor();
    await page.waitForFunction(
      () =>
        (
          document
            .querySelector('store-assistant')
            ?.shadowRoot?.querySelector('.input-bar textarea') as HTMLTextAreaElement | null
        )?.placeholder !== 'Your message…',
    );
    await afterFrames(page);
    const empty = await box.evaluate((node) => node.getBoundingClientRect().height);
    await box.fill('a');
    await afterFrames(page);
    const oneWord = await box.evaluate((node) => node.getBoundingClientRect().height);
    expect(empty).toBe(oneWord);
    expect(pageErrors).toEqual([]);
  });
});
