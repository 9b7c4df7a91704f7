import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';
import { PATIENCE_MS } from '../../support/patience';

let session: E2eSession;
let fixtures: FixtureServer;
const held: ServerResponse[] = [];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/hook', (_request, response, body) =>
    replyJson(response, { output: `You said: ${(JSON.parse(body) as { message: string }).message}` }),
  );
  fixtures.handle('/held', (_request, response) => void held.push(response));
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await session?.close();
  await fixtures?.close();
});

async function chatWorks(page: Page, text = 'Still working?') {
  await page.evaluate(
    (message) =>
      (document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }).sendMessage(
        message,
      ),
    text,
  );
  await page.locator('store-assistant .messages').getByText(`You said: ${text}`).waitFor();
}

describe('storage that fails', () => {
  it.each([
    [
      'localStorage and sessionStorage throw on access (blocked, or Safari private mode)',
      () => {
        for (const name of ['localStorage', 'sessionStorage']) {
          Object.defineProperty(window, name, {
            configurable: true,
            get: () => {
              throw new DOMException('The operation is insecure.', 'SecurityError');
            },
          });
        }
      },
    ],
    [
      'storage is full (QuotaExceededError on every write)',
      () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      },
    ],
    [
      'storage holds invalid and hostile JSON',
      () => {
        localStorage.setItem(
          `store-assistant:chats:${location.origin}/hook`,
          '{"version":1,"currentId":"x","conversations":[{"__proto__":{"polluted":1},"id":"x","updatedAt":"soon","messages":[{"id":1,"content":{"$ne":null},"sender":"root"}]}]}',
        );
        localStorage.setItem('chatbot-theme', '{"brandName": "Broken", "accentColor": "red;} body{display:none');
        sessionStorage.setItem('store-assistant:view', '<img src=x onerror=alert(1)>');
        sessionStorage.setItem('store-assistant:geo', 'not json at all');
      },
    ],
    ['storage holds a saved theme that does not parse', () => localStorage.setItem('chatbot-theme', '{"brandName": ')],
  ])('%s: the widget works and nothing reaches the page', async (_, sabotage) => {
    const { page, pageErrors } = await session.newPage();
    await page.addInitScript(sabotage);
    await page.goto(
      fixtures.page(
        `/storage-${Math.random().toString(36).slice(2)}`,
        widgetPage('webhook-url="/hook" typing-speed="0" store-domain="acme.example"'),
      ),
    );
    await page.getByRole('heading', { name: 'Welcome to Acme store' }).waitFor();
    await chatWorks(page);
    expect(await page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
    expect(pageErrors).toEqual([]);
  });
});

describe('lifecycle', () => {
  it('moving the element during a reply keeps the request and the conversation', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.goto(
      fixtures.page(
        '/move-reply',
        widgetPage('webhook-url="/held" typing-speed="0" persist="none"', '<section id="elsewhere"></section>'),
      ),
    );
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await expect.poll(() => held.length).toBe(1);
    await page.evaluate(() =>
      document.getElementById('elsewhere')?.append(document.querySelector('store-assistant') as Node),
    );
    replyJson(held.pop() as ServerResponse, { output: 'Answer after the move' });
    await page.locator('#elsewhere store-assistant .messages').getByText('Answer after the move').waitFor();
    expect(await page.locator('store-assistant .message').count()).toBe(2);
    expect(pageErrors).toEqual([]);
  });

  it('removing the element during a reply cancels it; added again, the question is there with Retry', async () => {
    const { page } = await session.newPage();
    await page.goto(fixtures.page('/remove-reply', widgetPage('webhook-url="/held" typing-speed="0" persist="none"')));
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await expect.poll(() => held.length).toBe(1);
    const closed = new Promise<void>((resolve) => held[0]?.on('close', () => resolve()));
    await page.evaluate(() => {
      const el = document.querySelector('store-assistant') as HTMLElement;
      (window as unknown as { removed: HTMLElement }).removed = el;
      el.remove();
    });
    await closed;
    held.pop();
    await page.evaluate(() => document.body.append((window as unknown as { removed: HTMLElement }).removed));
    await page.locator('store-assistant .messages').getByText('The reply was interrupted.').waitFor();
    expect(await page.locator('store-assistant .message.user', { hasText: 'Hi' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
  });

  it('moving during a demo call keeps the call; removing ends it, keeps its transcript and leaves nothing running', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.addInitScript(() => {
      // Count the timers and animation frames still pending, to see that a removed widget stops all of them.
      const pending = new Set<number>();
      (window as unknown as { __pending: Set<number> }).__pending = pending;
      const {
        setTimeout: set,
        clearTimeout: clear,
        requestAnimationFrame: request,
        cancelAnimationFrame: cancel,
      } = window;
      window.setTimeout = ((callback: () => void, ms?: number) => {
        const id = set(() => {
          pending.delete(id);
          callback();
        }, ms);
        pending.add(id);
        return id;
      }) as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id !== undefined) pending.delete(id);
        clear(id);
      }) as typeof window.clearTimeout;
      window.requestAnimationFrame = (callback) => {
        const id = request((time) => {
          pending.delete(-id);
          callback(time);
        });
        pending.add(-id);
        return id;
      };
      window.cancelAnimationFrame = (id) => {
        pending.delete(-id);
        cancel(id);
      };
    });
    await page.goto(
      fixtures.page(
        '/move-call',
        widgetPage('webhook-url="/hook" voice-provider="demo" persist="none"', '<section id="elsewhere"></section>'),
      ),
    );
    await page.getByRole('button', { name: 'Start a live call' }).click();
    await page.getByText('Speaking…').waitFor();
    await page.evaluate(() =>
      document.getElementById('elsewhere')?.append(document.querySelector('store-assistant') as Node),
    );
    await page.locator('#elsewhere store-assistant .live-transcript').waitFor();
    expect(await page.locator('store-assistant .call-bar').count()).toBe(1);
    // The call has said something worth keeping before the widget is removed.
    await page.locator('#elsewhere store-assistant .live-transcript .message.voice:not(.partial)').first().waitFor();
    await page.evaluate(() => {
      const el = document.querySelector('store-assistant') as HTMLElement;
      (window as unknown as { removed: HTMLElement }).removed = el;
      el.remove();
    });
    // What was already due runs out; anything the widget left running (a timer it re-arms, a frame loop)
    // keeps the count above zero, since each re-arms before the last one is counted off.
    const pending = () => page.evaluate(() => (window as unknown as { __pending: Set<number> }).__pending.size);
    await expect.poll(pending, { timeout: PATIENCE_MS }).toBe(0);
    await page.evaluate(() => document.body.append((window as unknown as { removed: HTMLElement }).removed));
    await page.locator('store-assistant .messages .message.voice').first().waitFor();
    expect(await page.locator('store-assistant .call-bar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start call' }).isEnabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
