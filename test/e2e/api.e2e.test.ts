import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { startSession, type E2eSession } from './harness';

// The JavaScript API as a store's developer uses it from the browser console or page scripts: every
// public method on the built bundle in Chromium, and every `store-assistant:*` event with the
// detail the README documents, heard on the document (events bubble and cross the shadow root).

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response, body) => {
    const { message } = JSON.parse(body) as { message: string };
    if (message === 'fail please') return replyJson(response, { error: 'down' }, 500);
    replyJson(response, {
      output: {
        reply: `You said: ${message}`,
        products:
          message === 'Shop new arrivals'
            ? [{ title: 'Canvas tote', description: 'Sturdy.', url: '/p/tote', price: '$20' }]
            : [],
      },
    });
  });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

interface RecordedEvent {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
  target: string;
}

/** Opens a page with one widget and records every store-assistant event the document hears. */
async function openWidget(attributes: string) {
  const opened = await session.newPage({ viewport: { width: 1280, height: 800 } });
  await opened.page.addInitScript(() => {
    const seen: RecordedEvent[] = [];
    (window as unknown as { storeAssistantEvents: RecordedEvent[] }).storeAssistantEvents = seen;
    const types = ['ready', 'open', 'close', 'message', 'error', 'call-start', 'call-end', 'transcript'];
    for (const type of types) {
      document.addEventListener(`store-assistant:${type}`, (event) => {
        const { detail, bubbles, composed } = event as CustomEvent;
        seen.push({
          type,
          detail: JSON.parse(JSON.stringify(detail)),
          bubbles,
          composed,
          target: (event.target as Element).tagName.toLowerCase(),
        });
      });
    }
  });
  const path = `/api-${Math.random().toString(36).slice(2)}`;
  await opened.page.goto(
    fixtures.page(
      path,
      widgetPage(`brand-name="Acme" webhook-url="/api/chat" voice-provider="demo" typing-speed="0" ${attributes}`),
    ),
  );
  await expect.poll(() => events(opened.page, 'ready')).toHaveLength(1);
  return opened;
}

function events(page: Page, type?: string): Promise<RecordedEvent[]> {
  return page.evaluate(
    (wanted) =>
      (window as unknown as { storeAssistantEvents: RecordedEvent[] }).storeAssistantEvents.filter(
        (event) => !wanted || event.type === wanted,
      ),
    type,
  );
}

/** Calls a method of the element as page code would, and returns its (JSON-able) result. */
function call(page: Page, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    async ({ method, args }) => {
      const element = document.querySelector('store-assistant') as unknown as Record<
        string,
        (...values: unknown[]) => unknown
      >;
      return (await element[method]!(...args)) ?? null;
    },
    { method, args },
  );
}

const messageShape = { id: expect.any(String), timestamp: expect.any(Number) };

describe('methods and events from page code', () => {
  it('ready carries the version; the chat methods work and each message is an event', async () => {
    const { page, pageErrors } = await openWidget('mode="inline"');
    const widget = page.locator('store-assistant');
    const [ready] = await events(page, 'ready');
    expect(ready).toEqual({
      type: 'ready',
      detail: { version: await page.evaluate(() => window.StoreAssistant?.version) },
      bubbles: true,
      composed: true,
      target: 'store-assistant',
    });

    await call(page, 'startChat', 'Shop new arrivals');
    await widget.locator('.product-card').waitFor();
    await expect.poll(() => events(page, 'message')).toHaveLength(2);
    const [question, answer] = (await events(page, 'message')).map((event) => event.detail);
    expect(question).toMatchObject({ ...messageShape, content: 'Shop new arrivals', sender: 'user' });
    expect(answer).toMatchObject({ ...messageShape, content: 'You said: Shop new arrivals', sender: 'bot' });
    expect((answer as { products: unknown[] }).products).toEqual([
      { title: 'Canvas tote', description: 'Sturdy.', url: `${fixtures.url}/p/tote`, price: '$20' },
    ]);

    expect(await call(page, 'sendMessage', '   ')).toBe(false);
    expect(await call(page, 'sendMessage', 'And a hat?')).toBe(true);
    await widget.locator('.messages').getByText('You said: And a hat?').waitFor();

    await call(page, 'goHome');
    await widget.getByRole('heading', { name: 'Welcome to Acme' }).waitFor();
    await call(page, 'startChat');
    await widget.getByRole('button', { name: 'Back' }).waitFor();
    expect(await widget.locator('.message.user').count()).toBe(2);
    await call(page, 'newChat');
    await widget.getByText('Start a conversation by typing a message below').waitFor();
    expect(await widget.locator('.message').count()).toBe(0);

    await call(page, 'sendMessage', 'fail please');
    await expect.poll(() => events(page, 'error')).toHaveLength(1);
    expect((await events(page, 'error'))[0]?.detail).toEqual({
      source: 'chat',
      message: expect.stringContaining('500'),
    });
    expect(pageErrors).toEqual([]);
  });

  it('open() and close() drive the floating card, with open and close events', async () => {
    const { page } = await openWidget('mode="floating"');
    const widget = page.locator('store-assistant');
    await call(page, 'open');
    await widget.getByRole('dialog', { name: 'Acme' }).waitFor();
    expect(await widget.getAttribute('open')).not.toBeNull();
    await call(page, 'close');
    await widget.getByRole('dialog', { name: 'Acme' }).waitFor({ state: 'hidden' });
    expect(await widget.getAttribute('open')).toBeNull();
    expect(
      (await events(page))
        .filter((event) => event.type === 'open' || event.type === 'close')
        .map(({ type, detail }) => ({ type, detail })),
    ).toEqual([
      { type: 'open', detail: {} },
      { type: 'close', detail: {} },
    ]);
  });

  it('startCall(), setMuted() and stopCall(): call-start, transcript and call-end events', async () => {
    const { page } = await openWidget('mode="inline"');
    const widget = page.locator('store-assistant');
    await call(page, 'startCall');
    await expect.poll(() => events(page, 'call-start')).toHaveLength(1);
    expect((await events(page, 'call-start'))[0]?.detail).toEqual({ demo: true });
    // The scripted demo call speaks its first line a few seconds in.
    await expect.poll(async () => (await events(page, 'transcript')).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await events(page, 'transcript'))[0]?.detail).toEqual({
      role: expect.stringMatching(/^(user|assistant)$/),
      text: expect.any(String),
      timestamp: expect.any(Number),
    });

    await call(page, 'setMuted', true);
    await expect
      .poll(() => widget.getByRole('button', { name: 'Mute microphone' }).getAttribute('aria-pressed'))
      .toBe('true');
    await call(page, 'setMuted', false);
    await expect
      .poll(() => widget.getByRole('button', { name: 'Mute microphone' }).getAttribute('aria-pressed'))
      .toBe('false');

    await call(page, 'stopCall');
    await expect.poll(() => events(page, 'call-end')).toHaveLength(1);
    const end = (await events(page, 'call-end'))[0]?.detail as { seconds: number; transcript: unknown[] };
    expect(end).toEqual({ seconds: expect.any(Number), transcript: expect.any(Array) });
    expect(end.transcript.length).toBeGreaterThan(0);
    expect(await widget.getByRole('button', { name: 'Start call' }).isEnabled()).toBe(true);
  });

  it('exportTheme(), importTheme() and saveTheme(), with an error event for a refused theme', async () => {
    const { page } = await openWidget('mode="inline" accent-color="#0f766e"');
    const exported = JSON.parse((await call(page, 'exportTheme')) as string) as Record<string, unknown>;
    expect(Object.keys(exported)).toEqual([
      'primaryGradient',
      'secondaryGradient',
      'accentColor',
      'logoUrl',
      'brandName',
      'welcomeMessage',
      'quickActions',
      'badgeImages',
    ]);
    expect(exported).toMatchObject({ accentColor: '#0f766e', brandName: 'Acme' });

    expect(await call(page, 'importTheme', { accentColor: '#b91c1c', brandName: 'Acme Outlet' })).toBe(true);
    await page.locator('store-assistant').getByRole('heading', { name: 'Welcome to Acme Outlet' }).waitFor();
    expect(
      await page
        .locator('store-assistant')
        .evaluate((host) => getComputedStyle(host).getPropertyValue('--sa-accent-color').trim()),
    ).toBe('#b91c1c');
    expect(JSON.parse((await call(page, 'exportTheme')) as string)).toMatchObject({
      accentColor: '#b91c1c',
      brandName: 'Acme Outlet',
    });

    expect(await call(page, 'importTheme', '{"accentColor": "red; background: url(https://evil.example/x)"}')).toBe(
      false,
    );
    expect((await events(page, 'error')).map((event) => event.detail)).toEqual([
      { source: 'theme', message: expect.stringContaining('accentColor') },
    ]);
    expect(JSON.parse((await call(page, 'exportTheme')) as string)).toMatchObject({ accentColor: '#b91c1c' });

    expect(await call(page, 'saveTheme')).toBe(true);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('chatbot-theme'))) ?? '{}')).toMatchObject({
      accentColor: '#b91c1c',
      brandName: 'Acme Outlet',
    });
  });
});

describe('the floating launcher', () => {
  const launcherBox = (page: Page) => page.locator('store-assistant').locator('.launcher').boundingBox();

  it('sits at the bottom right of the window by default, and at the bottom left with position="bottom-left"', async () => {
    const { page } = await openWidget('mode="floating"');
    await expect.poll(() => launcherBox(page)).toEqual({ x: 1280 - 20 - 56, y: 800 - 20 - 56, width: 56, height: 56 });
    await page.locator('store-assistant').evaluate((host) => host.setAttribute('position', 'bottom-left'));
    await expect.poll(() => launcherBox(page)).toEqual({ x: 20, y: 800 - 20 - 56, width: 56, height: 56 });
    await call(page, 'open');
    const card = await page.locator('store-assistant').getByRole('dialog').boundingBox();
    expect(card?.x).toBe(20);
    // Removing the attribute restores the default corner.
    await page.locator('store-assistant').evaluate((host) => host.removeAttribute('position'));
    await expect.poll(() => launcherBox(page).then((box) => box?.x)).toBe(1280 - 20 - 56);
  });

  it('counts replies that arrive while the card is closed, and clears the count when it opens', async () => {
    const { page } = await openWidget('mode="floating"');
    const launcher = page.locator('store-assistant').locator('.launcher');
    expect(await launcher.getAttribute('aria-label')).toBe('Open chat with Acme');
    expect(await page.locator('store-assistant .launcher-badge').count()).toBe(0);

    await call(page, 'sendMessage', 'Are you open on Sunday?');
    await page.locator('store-assistant .launcher-badge').waitFor();
    expect(await page.locator('store-assistant .launcher-badge').textContent()).toBe('1');
    expect(await launcher.getAttribute('aria-label')).toBe('Open chat with Acme, 1 new');
    await call(page, 'sendMessage', 'And on Monday?');
    await expect.poll(() => page.locator('store-assistant .launcher-badge').textContent()).toBe('2');

    await launcher.click();
    await page.locator('store-assistant').getByRole('dialog').waitFor();
    expect(await page.locator('store-assistant .launcher-badge').count()).toBe(0);
    // The visitor's own messages and replies read with the card open never count.
    await call(page, 'sendMessage', 'Thanks');
    await page.locator('store-assistant .messages').getByText('You said: Thanks').waitFor();
    await call(page, 'close');
    expect(await page.locator('store-assistant .launcher-badge').count()).toBe(0);
    expect(await launcher.getAttribute('aria-label')).toBe('Open chat with Acme');
  });
});
