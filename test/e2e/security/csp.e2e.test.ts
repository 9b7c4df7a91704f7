import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../../../demo/server.mjs';
import { startSession, type E2eSession } from '../harness';

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('strict Content-Security-Policy', () => {
  it('the widget renders, chats (markdown, cards, images) and runs a demo call with zero violations', async () => {
    const { page, pageErrors, consoleMessages } = await session.newPage();
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`));
    });
    const response = await page.goto(`${session.server.url}/csp`);
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
    await page.getByRole('heading', { name: 'Welcome to Lumen' }).waitFor();

    await page.getByRole('button', { name: 'New arrivals' }).click();
    const card = page.locator('store-assistant .product-card').first();
    await card.waitFor();
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('size guide');
    await box.press('Enter');
    await page.locator('store-assistant .markdown table').waitFor();

    await page.getByRole('button', { name: 'Start call' }).click();
    await page.getByText('Speaking…').waitFor();
    await page.getByRole('button', { name: 'End call' }).first().click();
    await page.locator('store-assistant .call-bar').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'FAQ' }).click();
    await page.getByRole('button', { name: 'Chats' }).click();

    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(consoleMessages.filter((message) => /Content.Security.Policy/i.test(message))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
