import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';

/**
 * Readable text whatever colour syntax a store writes, in Chromium against the built bundle: the
 * browser reads the colour, translucent colours are painted flattened on white, and text is chosen by
 * WCAG contrast.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const DARK = '#0f172a';
const LIGHT = '#ffffff';

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
});

afterAll(async () => {
  await session?.close();
  await fixtures?.close();
});

/** The widget's own colour properties for each `attribute="value"`, one widget per value on one page. */
async function colorsFor(attribute: string, values: string[]) {
  const { page } = await session.newPage();
  const widgets = values
    .map(
      (value, index) =>
        `<store-assistant id="w${index}" ${attribute}="${value}" store-domain="acme.example"></store-assistant>`,
    )
    .join('');
  await page.goto(
    fixtures.page(
      `/colors-${Math.random().toString(36).slice(2)}`,
      `<!doctype html><html><head><script src="/store-assistant.js"></script></head><body>${widgets}</body></html>`,
    ),
  );
  await page.locator('store-assistant').last().getByRole('heading', { name: 'Welcome to Acme store' }).waitFor();
  // React's welcome view in every card, not only the greeting an inline card draws first.
  await expect.poll(() => page.locator('store-assistant .home-body').count()).toBe(values.length);
  return page.evaluate(
    (count) =>
      Array.from({ length: count }, (_, index) => {
        const host = document.getElementById(`w${index}`) as HTMLElement;
        const style = getComputedStyle(host);
        return {
          onAccent: style.getPropertyValue('--sa-on-accent').trim(),
          onPrimary: style.getPropertyValue('--sa-on-primary').trim(),
          primary: style.getPropertyValue('--sa-primary-gradient').trim(),
        };
      }),
    values.length,
  );
}

describe('accent colours in every CSS syntax', () => {
  // The same yellow, written seven ways: white text on it would be about 1.5:1.
  const yellows = [
    '#facc15',
    'rgb(250, 204, 21)',
    'rgb(250 204 21)',
    'hsl(48 96% 53%)',
    'hwb(48 8% 2%)',
    'lab(84 4 80)',
    'oklch(0.86 0.17 92)',
    'gold',
  ];
  it.each(yellows.map((value) => [value]))('%s gets dark text', async (value) => {
    const [colors] = await colorsFor('accent-color', [value]);
    expect(colors?.onAccent).toBe(DARK);
  });

  it('a dark accent in any syntax keeps white text', async () => {
    const colors = await colorsFor('accent-color', ['oklch(0.35 0.15 265)', 'hsl(243 75% 40%)', 'navy']);
    expect(colors.map((each) => each.onAccent)).toEqual([LIGHT, LIGHT, LIGHT]);
  });
});

describe('translucent colours', () => {
  it.each([
    ['transparent'],
    ['#4f46e510'],
    ['rgb(79 70 229 / 6%)'],
    ['linear-gradient(135deg, transparent, #4f46e522)'],
  ])('primary %s is painted flattened on white, with dark text that reads', async (value) => {
    const [colors] = await colorsFor('primary-gradient', [value]);
    expect(colors?.onPrimary).toBe(DARK);
    // No colour left that lets the page show through: every colour is opaque.
    expect(colors?.primary).not.toMatch(/transparent|#[0-9a-f]{8}\b|\/|rgba/i);
  });
});
