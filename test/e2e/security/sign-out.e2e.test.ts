import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

// Signing out on a shared computer, in Chromium, with `protocol="n8n-chat"`: the next person must see
// nothing of the last shopper, neither from the widget's storage nor from n8n's chat memory.

let session: E2eSession;
let fixtures: FixtureServer;
/** n8n's chat memory, by session id. */
const memory = new Map<string, { id: string[]; kwargs: { content: string } }[]>();
/** The session ids the widget asked n8n to load back. */
const loaded: string[] = [];

/**
 * A Chat Trigger with a memory, as n8n's ChatTrigger.node.ts answers it: `sendMessage` runs the
 * workflow and answers `{ output }`; `loadPreviousSession` answers `{ data }`, the memory's LangChain
 * messages serialised by `toJSON` (https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-langchain.chattrigger/,
 * "Load Previous Session: From Memory"). The answer names the order the shopper asked about.
 */
function chatTrigger(body: string): unknown {
  const request = JSON.parse(body) as { action: string; sessionId: string; chatInput?: string };
  if (request.action === 'loadPreviousSession') {
    loaded.push(request.sessionId);
    return { data: memory.get(request.sessionId) ?? [] };
  }
  const output = `Order 1042 for ${request.chatInput ?? ''} has shipped`;
  const turns = memory.get(request.sessionId) ?? [];
  turns.push(
    { id: ['langchain', 'schema', 'HumanMessage'], kwargs: { content: request.chatInput ?? '' } },
    { id: ['langchain', 'schema', 'AIMessage'], kwargs: { content: output } },
  );
  memory.set(request.sessionId, turns);
  return { output };
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/n8n', (_request, response, body) => replyJson(response, chatTrigger(body)));
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

const SIGNED_IN = 'customer-id="42" customer-name="Ada" customer-signature="' + 'f'.repeat(64) + '"';
const WIDGET = 'webhook-url="/n8n" protocol="n8n-chat" typing-speed="0" store-domain="acme.example"';

/** The shopper asks about their order and sees the answer. */
async function askAboutOrder(page: Page) {
  await page.evaluate(() =>
    (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
      'my order, Ada',
    ),
  );
  await page.locator('store-assistant .messages').getByText('Order 1042 for my order, Ada has shipped').waitFor();
}

/** The widget is on screen: its composer (the chat view) or its welcome (the home view). */
async function widgetShown(page: Page) {
  const widget = page.locator('store-assistant');
  await widget
    .getByRole('textbox', { name: 'Message' })
    .or(widget.getByRole('button', { name: 'Ask a question' }))
    .waitFor();
}

/** The widget's keys in both storages. */
function widgetKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).filter((key) => key.startsWith('store-assistant:')),
    ),
  );
}

/**
 * The next page on the same browser (a guest's after a sign-out, the shopper's own after a clear). The widget asks n8n once for an earlier
 * conversation (its own new session's, with nothing in it); the last shopper's is never asked for.
 */
async function nextPageShowsNothing(page: Page, path: string, attributes: string) {
  loaded.length = 0;
  await page.goto(fixtures.page(path, widgetPage(attributes)));
  await expect.poll(() => loaded.length).toBe(1);
  expect(memory.get(loaded[0] ?? '')).toBeUndefined();
  const text = await page.locator('store-assistant').evaluate((element) => element.shadowRoot?.textContent ?? '');
  expect(text).not.toContain('1042');
  expect(text).not.toContain('my order, Ada');
}

describe('signing out with protocol="n8n-chat"', () => {
  it.each([
    [
      'identify(null)',
      (element: HTMLElement & { identify(identity: null): boolean }) => element.identify(null),
      WIDGET,
    ],
    [
      'clearConversations()',
      (element: HTMLElement & { clearConversations(): void }) => element.clearConversations(),
      `${WIDGET} ${SIGNED_IN}`,
    ],
  ])(
    'after %s the next page shows nothing of the conversation, and n8n is not asked for it',
    async (name, signOut, next) => {
      const { page, pageErrors } = await session.newPage();
      const path = `/signed-in-${name.replace(/\W/g, '')}`;
      await page.goto(fixtures.page(path, widgetPage(`${WIDGET} ${SIGNED_IN}`)));
      await askAboutOrder(page);
      await page.evaluate(
        (source) =>
          (new Function('element', `return (${source})(element)`) as (element: Element) => void)(
            document.querySelector('store-assistant') as Element,
          ),
        signOut.toString(),
      );
      const left = await widgetKeys(page);
      await nextPageShowsNothing(page, `${path}-next`, next);
      expect(left.filter((key) => key.includes('n8n-session') || key.includes(':chat:'))).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
  );
});

describe('a page that names the shopper with identify() after it loads', () => {
  const identifyAda = (page: Page) =>
    page.evaluate((signature) => {
      const element = document.querySelector('store-assistant') as HTMLElement & { identify(c: unknown): boolean };
      return element.identify({ id: '42', name: 'Ada', signature });
    }, 'f'.repeat(64));
  const shownText = (page: Page) =>
    page.locator('store-assistant').evaluate((element) => element.shadowRoot?.textContent ?? '');

  it.each([
    ['without the customer attributes', WIDGET],
    ['with customer-pending', `${WIDGET} customer-pending`],
  ])('%s: the thread is hidden until identify() names the same shopper, then shown again', async (name, attributes) => {
    const { page, pageErrors } = await session.newPage();
    const path = `/identify-later-${name.replace(/\W/g, '')}`;
    await page.goto(fixtures.page(path, widgetPage(`${WIDGET} ${SIGNED_IN}`)));
    await askAboutOrder(page);
    await page.goto(fixtures.page(`${path}-next`, widgetPage(attributes)));
    await widgetShown(page);
    expect(await shownText(page)).not.toContain('1042');
    expect(await identifyAda(page)).toBe(true);
    await page.locator('store-assistant .messages').getByText('Order 1042 for my order, Ada has shipped').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('with customer-pending, identify(null) is the sign-out: the thread and its keys are gone', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.goto(fixtures.page('/pending-sign-out', widgetPage(`${WIDGET} ${SIGNED_IN}`)));
    await askAboutOrder(page);
    await page.goto(fixtures.page('/pending-sign-out-next', widgetPage(`${WIDGET} customer-pending`)));
    await widgetShown(page);
    await page.evaluate(() =>
      (document.querySelector('store-assistant') as HTMLElement & { identify(c: null): boolean }).identify(null),
    );
    expect((await widgetKeys(page)).filter((key) => /:chat:|n8n-session|:shopper/.test(key))).toEqual([]);
    expect(await shownText(page)).not.toContain('1042');
    expect(pageErrors).toEqual([]);
  });
});
