import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { th } from '../../src/i18n/languages/th';
import { startSession, type E2eSession } from './harness';

// Thai is checked like the other languages only if the machine draws it: without a Thai font Chromium
// draws every Thai letter as the same empty box ("tofu"), and a screenshot or layout check of Thai says
// nothing. CI installs Debian's fonts-thai-tlwg when `fc-list :lang=th` finds none (.ci/run).

let session: E2eSession;

beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('Thai in the demo', () => {
  it("the welcome title's Thai letters are drawn from a font, not as empty boxes", async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${session.server.url}/?lang=th`);
    const title = page.locator('store-assistant').locator('.home-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(th.welcomeTitle.replace('{brandName}', 'Lumen'));
    // Each letter measured in the title's own font: a missing glyph is one box of one width for every
    // letter, while a Thai font gives the narrow and the wide letters their own widths.
    const widths = await title.evaluate((element) => {
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      const style = getComputedStyle(element);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return ['ก', 'ม', 'ฒ', 'ร', 'ี', 'ิ', 'ส', 'ู่'].map((letter) => context.measureText(letter).width);
    });
    expect(new Set(widths.map((width) => width.toFixed(2))).size).toBeGreaterThan(2);
    expect(pageErrors).toEqual([]);
  });
});
