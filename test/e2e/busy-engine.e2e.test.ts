import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';

/**
 * A busy workflow engine, in Chromium: an answer lost on the way is sent again under the same
 * `messageId` and shown once, its cart action proposed and applied once; a 429 or 503 with `Retry-After`
 * is waited out while the message shows as queued; one that asks for too long fails clearly, with Retry.
 * The fixture webhook drops a repeat as docs/webhook.md asks a workflow to: by `messageId`, answering it
 * with the first answer, without applying the cart action again.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const OOPS = 'Oops! Something went wrong. Try again later.';
const QUEUED = "We're busy right now: your message is queued and will be answered shortly.";

/** What one webhook saw: each request's messageId and when it came, and the cart actions it applied. */
interface Seen {
  requests: { messageId: string; at: number }[];
  applied: number;
}
const seen = new Map<string, Seen>();
const seenAt = (path: string) => seen.get(path) ?? { requests: [], applied: 0 };

/**
 * What a webhook does with a message it has not answered yet: `refused` (it answered busy itself, nothing
 * ran), `lost` (it ran, then the connection dropped before the answer left: a restart, a proxy's reset)
 * or `answer`.
 */
type Fate = 'refused' | 'lost' | 'answer';

/** A webhook at `/hook/<name>` that remembers its answers by messageId, each message's fate told by `fate`. */
function webhook(name: string, fate: (response: ServerResponse) => Fate) {
  const answers = new Map<string, unknown>();
  const record: Seen = { requests: [], applied: 0 };
  seen.set(name, record);
  fixtures.handle(`/hook/${name}`, (request: IncomingMessage, response, body) => {
    const { messageId } = JSON.parse(body) as { messageId: string };
    record.requests.push({ messageId, at: Date.now() });
    const earlier = answers.get(messageId);
    if (earlier) return replyJson(response, earlier);
    const verdict = fate(response);
    if (verdict === 'refused') return;
    // The workflow runs: its side effect (here, counted) and its answer, once per message.
    record.applied += 1;
    const answer = {
      output: 'Shall I add **1 × Linen Shirt** to your cart?',
      actions: [{ type: 'add-to-cart', variantId: '4010', quantity: 1, title: 'Linen Shirt' }],
    };
    answers.set(messageId, answer);
    // The answer's headers leave, then the connection drops: the browser cannot send the request again
    // itself (it does so for a connection lost before any answer), so only the widget's resend can.
    if (verdict === 'lost')
      return void (
        response.writeHead(200, { 'Content-Type': 'application/json' }).flushHeaders(),
        request.socket.destroy()
      );
    replyJson(response, answer);
  });
}

/** A fate that is `first` for the first message to come, then `answer`. */
function once(first: (response: ServerResponse) => Fate): (response: ServerResponse) => Fate {
  let used = false;
  return (response) => (used ? 'answer' : ((used = true), first(response)));
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  webhook(
    'lost-once',
    once(() => 'lost'),
  );
  webhook(
    'busy-503',
    once((response) => (response.writeHead(503, { 'Retry-After': '2' }).end('busy'), 'refused')),
  );
  webhook(
    'busy-429',
    once((response) => {
      response.writeHead(429, { 'Retry-After': new Date(Date.now() + 2_000).toUTCString() }).end('slow down');
      return 'refused';
    }),
  );
  webhook('too-busy', (response) => {
    response.writeHead(503, { 'Retry-After': '3600' }).end('down for maintenance');
    return 'refused';
  });
});

afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

async function ask(name: string, question: string) {
  const opened = await session.newPage();
  const cart = `<script>document.addEventListener('store-assistant:add-to-cart', (event) => {
    event.preventDefault(); window.added = (window.added || 0) + 1; event.detail.resolve({ itemCount: window.added });
  });</script>`;
  const html = widgetPage(`commerce="custom" webhook-url="/hook/${name}" typing-speed="0" persist="none"`, cart);
  await opened.page.goto(fixtures.page(`/busy-${name}`, html));
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  await opened.page.evaluate(() =>
    (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
  );
  const box = opened.page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  return opened;
}

/** The answer shown once, with one proposal, which adds to the cart once. */
async function expectOneAnswer(page: Page, question: string) {
  const widget = page.locator('store-assistant');
  await widget.locator('.sa-proposal').waitFor();
  expect(await widget.locator('.message.bot').count()).toBe(1);
  expect(await widget.locator('.message.user', { hasText: question }).count()).toBe(1);
  expect(await widget.locator('.sa-proposal').count()).toBe(1);
  expect(await widget.getByText(OOPS).count()).toBe(0);
  await widget
    .locator('.sa-proposal')
    .getByRole('button', { name: /Add to cart/ })
    .click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { added?: number }).added)).toBe(1);
  expect(await widget.getByText(QUEUED).count()).toBe(0);
}

describe('a busy workflow engine', () => {
  it('an answer lost on the way: sent again under the same messageId, shown once, its cart action done once', async () => {
    const { page, pageErrors } = await ask('lost-once', 'Add the linen shirt');
    await expectOneAnswer(page, 'Add the linen shirt');
    const { requests, applied } = seenAt('lost-once');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.messageId).toEqual(expect.any(String));
    expect(requests[1]?.messageId).toBe(requests[0]?.messageId);
    expect(applied).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it.each([
    ['503 with Retry-After in seconds', 'busy-503'],
    ['429 with Retry-After as an HTTP date', 'busy-429'],
  ])('%s: the message shows as queued, is sent again after the wait, and is answered once', async (_, name) => {
    const { page } = await ask(name, 'Is the shirt in stock?');
    await page.locator('store-assistant').getByText(QUEUED).waitFor();
    expect(await page.locator('store-assistant').getByText(OOPS).count()).toBe(0);
    await expectOneAnswer(page, 'Is the shirt in stock?');
    const { requests } = seenAt(name);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.messageId).toBe(requests[0]?.messageId);
    // Retry-After asked for 2 s; the HTTP date has whole seconds, so it may end up to a second sooner.
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('a Retry-After longer than the widget waits: the failure with Retry at once, the message kept', async () => {
    const { page } = await ask('too-busy', 'Are you open?');
    const widget = page.locator('store-assistant');
    await widget.locator('.message.bot').getByText(OOPS).waitFor();
    expect(await widget.locator('.message.user', { hasText: 'Are you open?' }).count()).toBe(1);
    expect(await widget.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
    expect(seenAt('too-busy').requests).toHaveLength(1);
  });
});
