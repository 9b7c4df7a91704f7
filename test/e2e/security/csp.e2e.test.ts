import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../../../demo/server.mjs';
import { startSession, type E2eSession } from '../harness';

/** The Trusted Types directives a store adds to its CSP for the widget: its own policy and DOMPurify's. */
const TRUSTED_TYPES_CSP = "require-trusted-types-for 'script'; trusted-types store-assistant dompurify";

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
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`),
      );
    });
    const response = await page.goto(`${session.server.url}/csp`);
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
    await page.getByRole('heading', { name: 'Welcome to Lumen' }).waitFor();

    await page.getByRole('button', { name: 'New arrivals' }).click();
    const card = page.locator('store-assistant .product-card').first();
    await card.waitFor();
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
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

  it('under Trusted Types (policy "store-assistant"), replies render as HTML and a demo call runs, with zero violations', async () => {
    const { page, pageErrors, consoleMessages } = await session.newPage();
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`),
      );
    });
    const policy = `${STRICT_CSP}; ${TRUSTED_TYPES_CSP}`;
    // The strict page, served with Trusted Types enforced on top of its own policy.
    await page.route(`${session.server.url}/csp`, async (route) => {
      const original = await route.fetch();
      await route.fulfill({
        response: original,
        headers: { ...original.headers(), 'content-security-policy': policy },
      });
    });
    const response = await page.goto(`${session.server.url}/csp`);
    expect(response?.headers()['content-security-policy']).toBe(policy);
    expect(await page.evaluate(() => typeof (window as unknown as { trustedTypes?: unknown }).trustedTypes)).toBe(
      'object',
    );
    await page.getByRole('heading', { name: 'Welcome to Lumen' }).waitFor();

    await page.getByRole('button', { name: 'Ask a question' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('size guide');
    await box.press('Enter');
    // Markdown became HTML: a table, and no markdown syntax left as text.
    await page.locator('store-assistant .markdown table').waitFor();
    expect(await page.locator('store-assistant .message.bot').last().textContent()).not.toMatch(/\|\s*-{3}/);

    // The recording consent is markdown too: its link renders, then the demo call runs.
    await page
      .locator('store-assistant')
      .evaluate((element) =>
        element.setAttribute('voice-consent', 'Calls are recorded. See our [privacy policy](/privacy).'),
      );
    await page.getByRole('button', { name: 'Start call' }).click();
    const consent = page.getByRole('group', { name: 'Before we call' });
    await consent.getByRole('link', { name: 'privacy policy' }).waitFor();
    await consent.getByRole('button', { name: 'Agree and call' }).click();
    await page.getByText('Speaking…').waitFor();
    await page.getByRole('button', { name: 'End call' }).first().click();
    await page.locator('store-assistant .call-bar').waitFor({ state: 'detached' });

    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(consoleMessages.filter((message) => /Content.Security.Policy|Trusted ?Type/i.test(message))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
