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

  it.each([
    [320, 568, 'en'],
    [390, 844, 'en'],
    [320, 568, 'he'],
  ] as const)(
    '%i×%i, %s: the invitation covers neither the product title nor its price',
    async (width, height, lang) => {
      const { page, pageErrors } = await session.newPage({
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
      });
      await page.clock.install();
      await page.goto(`${session.server.url}/products/linen-shirt?lang=${lang}`);
      const widget = page.locator('store-assistant');
      await widget.locator('.launcher').waitFor();
      await page.clock.fastForward(8_000);
      const invitation = widget.locator('[part~="invite"]');
      await invitation.locator('[part~="invite-question"]').first().waitFor();
      // Its pop-in animation is a scale: the rect is read once it has ended.
      await invitation.evaluate((node) =>
        Promise.all(node.getAnimations({ subtree: true }).map((each) => each.finished)),
      );
      const covered = await page.evaluate(() => {
        const invite = document.querySelector('store-assistant')?.shadowRoot?.querySelector('[part~="invite"]');
        const rect = (node: Element | null | undefined) =>
          node?.getBoundingClientRect().toJSON() as DOMRect | undefined;
        const bubble = rect(invite);
        const meets = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return Object.fromEntries(
          (
            [
              ['title', document.querySelector('main h1')],
              ['price', document.querySelector('main .price')],
            ] as const
          ).map(([name, node]) => {
            const box = rect(node);
            return [name, !bubble || !box ? 'missing' : meets(bubble, box)];
          }),
        );
      });
      expect(covered).toEqual({ title: false, price: false });
      // Beside the launcher, in its row, its questions towards it in either reading direction.
      const [launcher, questions] = await Promise.all(
        ['.launcher', '.invite-questions'].map((selector) =>
          widget.locator(selector).evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect),
        ),
      );
      if (!launcher || !questions) throw new Error('no launcher or questions');
      expect(questions.top).toBeGreaterThanOrEqual(launcher.top - 0.5);
      expect(questions.bottom).toBeLessThanOrEqual(launcher.bottom + 0.5);
      expect(questions.right).toBeLessThanOrEqual(launcher.left);
      expect(launcher.left - questions.right).toBeLessThan(64);
      expect(pageErrors).toEqual([]);
    },
  );
});
