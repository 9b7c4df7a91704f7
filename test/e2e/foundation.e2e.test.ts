import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from './harness';

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** Serves `html` at `path` on the demo server's origin, so the page loads the real bundle from /store-assistant.js. */
async function openFixture(html: string, path = '/fixture') {
  const opened = await session.newPage();
  await opened.page.route(`${session.server.url}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await opened.page.goto(`${session.server.url}${path}`);
  return opened;
}

describe('demo page', () => {
  it('shows the welcome view, and "Ask a question" opens the chat with "Hi"', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.goto(`${session.server.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Lumen' }).isVisible()).toBe(true);
    // The greeting is drawn first, in the page's parse (src/element/card-shell.ts); the rest of the welcome
    // view comes with React's card.
    for (const text of [
      'How can we help you today?',
      'Recent Conversation',
      'Start a live call',
      'Talk to a human agent',
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => window.StoreAssistant?.version)).toMatch(/^\d+\.\d+\.\d+/);

    const card = await page.locator('store-assistant').boundingBox();
    expect(card?.height).toBe(600);
    expect(card?.width).toBeLessThanOrEqual(400);

    await page.getByRole('button', { name: 'Ask a question' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
    expect(await page.locator('store-assistant .message.user').first().textContent()).toContain('Hi');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Lumen' }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('any other path is the 404 page, which writes the missing path to the console', async () => {
    const { page, consoleMessages } = await session.newPage();
    const response = await page.goto(`${session.server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await expect.poll(() => consoleMessages.some((message) => message.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Lumen' }).isVisible()).toBe(true);
  });
});

describe('isolation from the host page', () => {
  const hostilePage = `<!doctype html><html><head>
    <style>* { all: unset } button { display: none !important } p { color: red !important; font-size: 40px !important }</style>
    <script src="/store-assistant.js"></script></head>
    <body><p id="page-text">Store text</p><button id="page-button">Buy</button>
    <store-assistant brand-name="Acme"></store-assistant></body></html>`;

  it('page CSS such as * { all: unset } and button { display: none !important } does not break the widget', async () => {
    const { page, pageErrors } = await openFixture(hostilePage);
    const ask = page.getByRole('button', { name: 'Ask a question' });
    await expect.poll(() => ask.isVisible()).toBe(true);
    const box = await page.locator('store-assistant .card').boundingBox();
    expect(box?.height).toBe(600);
    // The page's rules are in force on the page itself...
    expect(await page.locator('#page-button').isVisible()).toBe(false);
    expect(await page.locator('#page-text').evaluate((p) => getComputedStyle(p).fontSize)).toBe('40px');
    // ...and reach neither the widget's buttons nor its paragraphs.
    const subtitle = page.getByText('How can we help you today?');
    expect(
      await subtitle.evaluate((p) => [p.tagName, getComputedStyle(p).fontSize, getComputedStyle(p).color]),
    ).toEqual(['P', '16px', 'rgb(255, 255, 255)']);
    await ask.click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('nothing of the widget leaks into the page', async () => {
    const plainPage = `<!doctype html><html><head><script src="/store-assistant.js"></script></head>
      <body><p id="page-text">Store text</p><button id="page-button">Buy</button><h2 id="page-heading">Heading</h2></body></html>`;
    const { page } = await openFixture(plainPage, '/plain');
    const read = () =>
      page.evaluate(() => {
        const styleOf = (id: string) => {
          const style = getComputedStyle(document.getElementById(id) as HTMLElement);
          return [
            style.color,
            style.fontFamily,
            style.fontSize,
            style.display,
            style.margin,
            style.background,
            style.borderRadius,
          ].join('|');
        };
        return {
          text: styleOf('page-text'),
          button: styleOf('page-button'),
          heading: styleOf('page-heading'),
          sheets: document.styleSheets.length,
          adopted: document.adoptedStyleSheets.length,
        };
      });
    const before = await read();
    await page.evaluate(() => document.body.append(document.createElement('store-assistant')));
    await expect.poll(() => page.getByRole('button', { name: 'Ask a question' }).isVisible()).toBe(true);
    expect(await read()).toEqual(before);
  });

  it('a page element with id="StoreAssistant" is not taken for an earlier copy; a second copy still warns once', async () => {
    const named = `<!doctype html><html><head></head><body><div id="StoreAssistant">Our assistant</div>
      <script src="/store-assistant.js"></script><store-assistant brand-name="Named"></store-assistant></body></html>`;
    const { page, consoleMessages, pageErrors } = await openFixture(named, '/named-element');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Named' }).isVisible()).toBe(true);
    expect(consoleMessages.filter((message) => message.includes('loaded more than once'))).toEqual([]);
    expect(await page.evaluate(() => window.StoreAssistant?.version)).toMatch(/^\d+\.\d+\.\d+/);
    expect(await page.evaluate(() => document.getElementById('StoreAssistant')?.textContent)).toBe('Our assistant');

    const namedTwice = named.replace('</body>', '<script src="/store-assistant.js?copy=2"></script></body>');
    const again = await openFixture(namedTwice, '/named-element-twice');
    await expect.poll(() => again.page.getByRole('heading', { name: 'Welcome to Named' }).isVisible()).toBe(true);
    await expect
      .poll(() => again.consoleMessages.filter((message) => message.includes('loaded more than once')).length)
      .toBe(1);
    expect(again.consoleMessages.find((message) => message.includes('loaded more than once'))).toMatch(
      /version \d+\.\d+\.\d+\S* is already running/,
    );
    expect([...pageErrors, ...again.pageErrors]).toEqual([]);
  });

  it('a second copy of the script warns and the widget still works once', async () => {
    const twice = `<!doctype html><html><head><script src="/store-assistant.js"></script><script src="/store-assistant.js?copy=2"></script></head>
      <body><store-assistant brand-name="Twice"></store-assistant></body></html>`;
    const { page, consoleMessages, pageErrors } = await openFixture(twice, '/twice');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Twice' }).isVisible()).toBe(true);
    expect(consoleMessages.filter((message) => message.includes('loaded more than once'))).toHaveLength(1);
    expect(await page.locator('store-assistant .card').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
