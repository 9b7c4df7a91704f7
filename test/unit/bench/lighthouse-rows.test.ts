import { describe, expect, it } from 'vitest';
import { figuresOf, lighthouseRows, mediansOf, type LighthouseFigures } from '../../bench/lighthouse-rows.mjs';

// The Lighthouse group's arithmetic (test/bench/lighthouse-rows.mjs): what is read from a Lighthouse result
// and how the page with the widget is judged against the page without it. A wrong comparison here would
// pass a widget that costs the store its score.

const PAGE = 'http://127.0.0.1:4100/mobile/ours-product-deferred?bare';

/** A Lighthouse result (the parts the group reads) with these figures. */
function result({ score = 0.99, tbt = 120, lcp = 1250, fcp = 700, scripts = [] as [string, number][] } = {}) {
  return {
    requestedUrl: PAGE,
    categories: { performance: { score } },
    audits: {
      'total-blocking-time': { numericValue: tbt },
      'largest-contentful-paint': { numericValue: lcp },
      'first-contentful-paint': { numericValue: fcp },
      'bootup-time': { details: { items: scripts.map(([url, total]) => ({ url, total, scripting: total })) } },
    },
  };
}

const figures = (overrides: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  score: 100,
  tbt: 0,
  lcp: 1250,
  fcp: 700,
  bootup: 0,
  ...overrides,
});

/** The pass/fail of the two targets for these medians. */
function targets(without: Partial<LighthouseFigures>, withWidget: Partial<LighthouseFigures>) {
  const rows = lighthouseRows(figures(without), figures(withWidget)).filter((row) => row.budget);
  expect(rows).toHaveLength(2);
  const [score, tbt] = rows;
  return { score: score?.pass, tbt: tbt?.pass, tbtAdded: tbt?.value };
}

describe('the Lighthouse group: reading a result', () => {
  it('reads the score as the report shows it (out of 100), the timings, and our script’s boot-up time', () => {
    const read = figuresOf(
      result({
        score: 0.987,
        scripts: [
          ['Unattributable', 150],
          ['http://127.0.0.1:4100/store-assistant.voice.js', 400],
          ['http://127.0.0.1:4100/store-assistant.js', 231.4],
          ['http://127.0.0.1:4100/mobile/ours-product-deferred?bare', 120],
        ],
      }),
    );
    expect(read).toEqual({ score: 99, tbt: 120, lcp: 1250, fcp: 700, bootup: 231.4 });
  });

  it('gives a boot-up time of 0 on a page without our script', () => {
    expect(figuresOf(result({ scripts: [['Unattributable', 150]] })).bootup).toBe(0);
  });

  it('refuses a run Lighthouse could not measure, naming the page and the reason', () => {
    const failed = { ...result(), runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } };
    expect(() => figuresOf(failed)).toThrow(`Lighthouse could not measure ${PAGE}: NO_FCP`);
    expect(() => figuresOf(result({ score: null as unknown as number }))).toThrow('no performance score');
  });

  it('takes the median of each figure over the runs', () => {
    const runs = [figures({ score: 97, tbt: 140 }), figures({ score: 100, tbt: 60 }), figures({ score: 99, tbt: 90 })];
    expect(mediansOf(runs)).toMatchObject({ score: 99, tbt: 90 });
  });
});

describe('the Lighthouse group: the targets', () => {
  it('the same score with and without the widget is met; one point less is missed; more is met', () => {
    expect(targets({ score: 100 }, { score: 100 }).score).toBe(true);
    expect(targets({ score: 100 }, { score: 99 }).score).toBe(false);
    expect(targets({ score: 97 }, { score: 98 }).score).toBe(true);
  });

  it('judges the TBT the widget adds, not the page’s TBT: 10 ms more is met, 10.5 ms more is missed', () => {
    expect(targets({ tbt: 40 }, { tbt: 50 })).toMatchObject({ tbt: true, tbtAdded: 10 });
    expect(targets({ tbt: 40 }, { tbt: 50.5 })).toMatchObject({ tbt: false, tbtAdded: 10.5 });
    expect(targets({ tbt: 0 }, { tbt: 84 })).toMatchObject({ tbt: false, tbtAdded: 84 });
  });

  it('a page with the widget blocking less than without it meets the TBT target', () => {
    expect(targets({ tbt: 60 }, { tbt: 35 })).toMatchObject({ tbt: true, tbtAdded: -25 });
  });

  it('shows what the floor of our bytes adds before the targets, with no target of its own', () => {
    const rows = lighthouseRows(figures({ tbt: 3 }), figures({ tbt: 20 }), figures({ tbt: 15 }));
    const floorRows = rows.filter((row) => row.name.includes('floor of our bytes'));
    expect(floorRows.map((row) => row.value)).toEqual([15, 12]);
    expect(floorRows.every((row) => row.budget === undefined)).toBe(true);
    expect(rows.slice(-2).map((row) => row.budget)).toEqual([{ min: 100 }, { max: 10 }]);
    expect(lighthouseRows(figures({}), figures({})).some((row) => row.name.includes('floor'))).toBe(false);
  });

  it('shows both pages side by side, with the targets last', () => {
    const rows = lighthouseRows(figures({ tbt: 3 }), figures({ score: 98, tbt: 91, bootup: 205 }));
    expect(rows.every((row) => row.group === 'lighthouse')).toBe(true);
    expect(rows.map((row) => [row.name, row.value])).toContainEqual([
      'product page with the widget: performance score',
      98,
    ]);
    expect(rows.map((row) => [row.name, row.value])).toContainEqual(['product page without the widget: TBT', 3]);
    expect(rows.at(-2)).toMatchObject({ budget: { min: 100 }, value: 98, pass: false });
    expect(rows.at(-1)).toMatchObject({ budget: { max: 10 }, value: 88, pass: false });
  });
});
