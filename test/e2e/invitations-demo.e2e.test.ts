import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from './harness';

/**
 * The demo store's product pages invite as a store would: tried as a new visitor, after eight seconds the
 * launcher offers questions about the product, a tap asks one and the reply comes, and once closed no
 * invitation comes back for the rest of the visit.
 */
let session: E2eSession;

beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe("the demo's product page", () => {
  it('invites after its delay; a tap asks and the reply comes', async () => {
    const { page, pageErrors } = await session.newPage();
    await page.clock.install();
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).waitFor();
    const invitation = widget.locator('[part~="invite"]');
    await page.clock.fastForward(7_000);
    expect(await invitation.count()).toBe(0);
    await page.clock.fastForward(1_000);
    const question = invitation.getByRole('button', { name: /^Is the .+ in stock\?$/ });
    await question.waitFor();
    await question.click();
    await page.clock.fastForward(5_000);
    await widget
      .locator('.message')
      .filter({ hasText: /is in stock \(\$/ })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('closed, it stays away on the next product page of the visit', async () => {
    const { page } = await session.newPage();
    await page.clock.install();
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await page.clock.fastForward(8_000);
    await widget.getByRole('button', { name: 'Close the questions' }).click();
    await widget.locator('[part~="invite"]').waitFor({ state: 'detached' });
    await page.goto(`${session.server.url}/products/canvas-tote`);
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).waitFor();
    await page.clock.fastForward(60_000);
    expect(await widget.locator('[part~="invite"]').count()).toBe(0);
  });
});
