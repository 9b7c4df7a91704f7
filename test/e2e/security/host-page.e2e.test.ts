import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

let session: E2eSession;
let fixtures: FixtureServer;
const received: { hook: string; body: string; contentType: string | undefined }[] = [];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  for (const hook of ['/hook-a', '/hook-b']) {
    fixtures.handle(hook, (request, response, body) => {
      received.push({ hook, body, contentType: request.headers['content-type'] });
      replyJson(response, { output: `**${hook}** answered` });
    });
  }
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

/**
 * A store page that does everything a careless or hostile page can: pollutes Object.prototype
 * (including keys the widget reads from replies and passes to fetch), overrides Array.prototype.toJSON,
 * wraps fetch, resets all CSS, includes the script twice and hosts two widgets.
 */
const HOSTILE_PAGE = `<!doctype html><html><head><meta charset="utf-8">
<script>
  Object.prototype.polluted = 'yes';
  Object.prototype.output = 'POLLUTED OUTPUT';
  Object.prototype.products = [{ title: 'Polluted product', url: 'https://evil.example' }];
  Object.prototype.integrity = 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
  Object.prototype.method = 'GET';
  Object.prototype.keepalive = true;
  Object.prototype.credentials = 'include';
  Object.prototype.q = 'Polluted question';
  Array.prototype.toJSON = function () { return 'hijacked array'; };
  window.__wrappedFetches = 0;
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    window.__wrappedFetches += 1;
    const copy = Object.assign({}, init);
    copy.headers = new Headers(init && init.headers);
    copy.headers.set('X-Store-Analytics', '1');
    return pageFetch.call(window, input, copy);
  };
</script>
<style>* { all: unset } button { display: none !important } div, p { color: red !important; font-size: 30px !important }</style>
<script src="/store-assistant.js"></script>
<script src="/store-assistant.js?copy=2"></script>
</head><body>
<store-assistant id="a" webhook-url="/hook-a" brand-name="Shop A" typing-speed="0"></store-assistant>
<store-assistant id="b" webhook-url="/hook-b" brand-name="Shop B" typing-speed="0"></store-assistant>
</body></html>`;

describe('a hostile host page', () => {
  it('two widgets still render and chat, and send correct JSON bodies', async () => {
    const { page, pageErrors, consoleMessages } = await session.newPage();
    await page.goto(fixtures.page('/hostile', HOSTILE_PAGE));
    for (const id of ['a', 'b']) await page.locator(`#${id}`).getByRole('button', { name: 'Ask a question' }).click();
    for (const hook of ['/hook-a', '/hook-b'])
      await page.locator('store-assistant .messages').getByText(`${hook} answered`).waitFor();

    // Bodies: correct JSON, arrays intact despite Array.prototype.toJSON, nothing from the polluted prototype.
    expect(received.map((entry) => entry.hook).sort()).toEqual(['/hook-a', '/hook-b']);
    for (const entry of received) {
      expect(entry.contentType).toBe('application/json');
      const body = JSON.parse(entry.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['context', 'history', 'message', 'messageId', 'sessionId']);
      expect(body).toMatchObject({ message: 'Hi', history: [], sessionId: expect.any(String) });
      // The page facts every message carries: own properties only, nothing from the polluted prototype.
      expect(body.context).toEqual({ page: { url: fixtures.url + '/hostile', title: '' } });
    }
    expect(await page.evaluate(() => (window as unknown as { __wrappedFetches: number }).__wrappedFetches)).toBe(2);

    // Replies were read from the reply, not from the polluted prototype.
    expect(await page.locator('store-assistant').getByText('POLLUTED OUTPUT').count()).toBe(0);
    expect(await page.locator('store-assistant .product-card').count()).toBe(0);

    // The second copy of the script changed nothing; page CSS reset nothing inside the widgets.
    expect(consoleMessages.filter((message) => message.includes('loaded more than once'))).toHaveLength(1);
    const button = page.locator('#a').getByRole('button', { name: 'Send' });
    expect(await button.isVisible()).toBe(true);
    expect(
      await page
        .locator('#a .message.user')
        .first()
        .evaluate((element) => getComputedStyle(element).fontSize),
    ).not.toBe('30px');

    // A second message in one widget carries the first turns as history, still as a real array.
    const box = page.locator('#a').getByRole('textbox', { name: 'Message' });
    await box.fill('And shipping?');
    await box.press('Enter');
    await expect.poll(() => received.length).toBe(3);
    const last = JSON.parse(received[2]?.body ?? '{}') as { history: unknown };
    expect(last.history).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: '**/hook-a** answered' },
    ]);
    expect(pageErrors).toEqual([]);
  });
});
