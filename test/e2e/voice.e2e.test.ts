import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.mjs';
import { startSession, type E2eSession } from './harness';
import { startVapiLoopback } from './vapi-loopback';

// Fake audio devices, so getUserMedia works in headless Chromium. Headless Chromium has no permission
// prompt for a visitor to answer (the headless shell rejects the request as unsupported), so the fake
// media UI answers it: it allows every request in the session's browser, and a second browser started
// with "deny" plays the visitor who blocks the microphone.
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const FAKE_MEDIA_DENIED = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'];

let session: E2eSession;
let denyingBrowser: Browser;
let vapi: Awaited<ReturnType<typeof startVapiLoopback>>;

beforeAll(async () => {
  [session, denyingBrowser] = await Promise.all([startSession(FAKE_MEDIA), launchChromium(FAKE_MEDIA_DENIED)]);
  // The Vapi API on loopback: the Daily room it names cannot be joined offline, which is the failure the
  // widget must handle. It serves the test pages too (see startVapiLoopback).
  vapi = await startVapiLoopback();
});

afterAll(async () => {
  await Promise.all([session?.close(), denyingBrowser?.close()]);
  await vapi?.close();
});

let pagesServed = 0;

/** A page on the loopback API's origin with the widget (bundle and webhook from the demo server). */
function fixture(attributes: string) {
  const demo = session.server.url;
  return `<!doctype html><html><head><script src="${demo}/store-assistant.js"></script></head>
    <body><store-assistant webhook-url="${demo}/api/chat" typing-speed="0" ${attributes}></store-assistant></body></html>`;
}

async function openFixture(
  html: string,
  options: { microphone: boolean },
): Promise<{ page: Page; pageErrors: string[] }> {
  const opened = options.microphone
    ? await session.newPage({ permissions: ['microphone'] })
    : { page: await (await denyingBrowser.newContext()).newPage(), pageErrors: [] };
  await opened.page.goto(vapi.page(`/page-${pagesServed++}`, html));
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  return opened;
}

describe('voice calls in Chromium', () => {
  it('a demo call on the demo page shows the transcript and ends cleanly', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.goto(`${session.server.url}/`);
    const sentryBefore = await page.evaluate(
      () => performance.getEntriesByName('store-assistant:voice-evaluated').length > 0,
    );
    await page.getByRole('button', { name: 'Start a live call' }).click();
    await page.getByText('Demo call').first().waitFor();
    await page.getByText('Live call').or(page.locator('store-assistant .live-dot')).first().waitFor();
    await page.getByRole('region', { name: 'Call transcript' }).waitFor();
    await page.getByText('Speaking…').waitFor();
    // The scripted call ends by itself; its transcript then joins the conversation.
    await page.locator('store-assistant .call-bar').waitFor({ state: 'detached', timeout: 30_000 });
    const saved = await page.locator('store-assistant .messages .message.voice').allTextContents();
    expect(saved.join(' ')).toContain('Do you have the linen shirt in medium?');
    expect(saved.join(' ')).toContain('Goodbye!');
    expect(await page.getByRole('button', { name: 'Start call' }).isEnabled()).toBe(true);
    // A demo call never loads the voice SDK.
    expect(sentryBefore).toBe(false);
    expect(await page.evaluate(() => performance.getEntriesByName('store-assistant:voice-evaluated').length > 0)).toBe(
      false,
    );
    expect(pageErrors).toEqual([]);
  });

  it('the real Vapi SDK against a loopback API: the join fails offline, one notice, back to idle, chat still works', async () => {
    const { page, pageErrors } = await openFixture(
      fixture(`vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${vapi.url}"`),
      { microphone: true },
    );
    expect(await page.evaluate(() => performance.getEntriesByName('store-assistant:voice-evaluated').length > 0)).toBe(
      false,
    );
    const errors = await page.evaluateHandle(() => {
      const seen: unknown[] = [];
      document.addEventListener('store-assistant:error', (event) => seen.push((event as CustomEvent).detail));
      return seen;
    });
    await page.getByRole('button', { name: 'Start a live call' }).click();
    await page.locator('store-assistant .call-label', { hasText: 'Connecting…' }).waitFor();
    await page.getByText('The call could not be connected.').waitFor({ timeout: 30_000 });
    await page.locator('store-assistant .call-bar').waitFor({ state: 'detached' });
    // The SDK was loaded only now, for the call, and posted to the configured API with the public key.
    expect(await page.evaluate(() => performance.getEntriesByName('store-assistant:voice-evaluated').length > 0)).toBe(
      true,
    );
    expect(vapi.requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/call/web',
        authorization: 'Bearer pk_e2e',
        body: expect.objectContaining({ assistantId: 'asst_e2e' }),
      },
    ]);
    const voiceErrors = (await errors.jsonValue()) as { source: string }[];
    expect(voiceErrors.filter((error) => error.source === 'voice')).toHaveLength(1);
    expect(await page.getByRole('button', { name: 'Start call' }).isEnabled()).toBe(true);
    // Chat still works.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello again');
    await box.press('Enter');
    await page.locator('store-assistant .messages').getByText('Hello! I can help you').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('with the microphone denied, the permission message appears and nothing is loaded', async () => {
    const { page } = await openFixture(
      fixture(`vapi-public-key="pk_e2e" vapi-assistant-id="asst_e2e" vapi-api-url="${vapi.url}"`),
      { microphone: false },
    );
    const before = vapi.requests.filter((request) => request.method === 'POST').length;
    await page.getByRole('button', { name: 'Start a live call' }).click();
    await page.getByText('Microphone access is blocked.').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Allow the microphone for this site');
    expect(vapi.requests.filter((request) => request.method === 'POST').length).toBe(before);
    expect(await page.evaluate(() => performance.getEntriesByName('store-assistant:voice-evaluated').length > 0)).toBe(
      false,
    );
    expect(await page.getByRole('button', { name: 'Start call' }).isEnabled()).toBe(true);
  });
});
