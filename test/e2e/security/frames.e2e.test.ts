import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * The widget inside frames whose `location.origin` is "null": an `<iframe srcdoc>` (how page builders
 * preview HTML), an `about:blank` frame written by script, and a sandboxed srcdoc frame with an opaque
 * origin. Relative URLs resolve against the document's base URL; the widget renders and chats, and no
 * error reaches the host page.
 */
let session: E2eSession;
let fixtures: FixtureServer;

const WIDGET =
  '<store-assistant webhook-url="/frame-hook" typing-speed="0" persist="none" logo-url="/logo.png" store-domain="acme.example"></store-assistant>';
const FRAME_HTML = `<!doctype html><html><head><meta charset="utf-8"><script src="/store-assistant.js"></script></head><body>${WIDGET}</body></html>`;
const escape = (html: string) => html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/frame-hook', (request, response, body) => {
    // The sandboxed frame's opaque origin makes every request cross-origin: answer its preflight too.
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    response.writeHead(200, { ...cors, 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ output: `Framed answer to ${(JSON.parse(body) as { message: string }).message}` }));
  });
  fixtures.handle('/favicon.ico', (_request, response) => void response.writeHead(204).end());
  fixtures.handle('/logo.png', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'image/png' });
    response.end(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
  });
  fixtures.page(
    '/srcdoc',
    `<!doctype html><html><body><h1>Builder preview</h1><iframe title="preview" srcdoc="${escape(FRAME_HTML)}"></iframe></body></html>`,
  );
  fixtures.page(
    '/sandboxed',
    `<!doctype html><html><body><iframe title="preview" sandbox="allow-scripts" srcdoc="${escape(FRAME_HTML)}"></iframe></body></html>`,
  );
  // The frame's document stays about:blank (no document.open): location.origin is "null" there.
  fixtures.page(
    '/blank',
    `<!doctype html><html><body><script>
      const frame = document.createElement('iframe');
      frame.title = 'preview';
      document.body.append(frame);
      const doc = frame.contentDocument;
      const script = doc.createElement('script');
      script.src = '/store-assistant.js';
      doc.head.append(script);
      doc.body.innerHTML = ${JSON.stringify(WIDGET)};
    </script></body></html>`,
  );
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

async function chatInFrame(page: Page) {
  const frame = page.frameLocator('iframe[title="preview"]');
  await frame.getByRole('heading', { name: 'Welcome to Acme store' }).waitFor();
  await frame.getByRole('button', { name: 'Ask a question' }).click();
  await frame.locator('store-assistant .message.bot').getByText('Framed answer to Hi').waitFor();
}

describe('frames whose location.origin is "null"', () => {
  it.each([
    ['an <iframe srcdoc>', '/srcdoc'],
    ['an about:blank frame written by script', '/blank'],
    ['a sandboxed srcdoc frame (an opaque origin)', '/sandboxed'],
  ])('%s: the widget renders and chats, and no error reaches the page', async (_, path) => {
    const { page, pageErrors, consoleMessages } = await session.newPage();
    await page.goto(`${fixtures.url}${path}`);
    await chatInFrame(page);
    expect(pageErrors).toEqual([]);
    expect(consoleMessages.filter((message) => message.startsWith('error'))).toEqual([]);
  });
});
