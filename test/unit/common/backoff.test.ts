import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs } from '../../../src/common/backoff';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);

describe('retryAfterMs', () => {
  it.each<[string, string | null, number | null]>([
    ['seconds', '120', 120_000],
    ['zero seconds', '0', 0],
    ['seconds with spaces around', ' 5 ', 5_000],
    ['an HTTP date', 'Fri, 27 Nov 2026 10:00:30 GMT', 30_000],
    ['an HTTP date already past', 'Fri, 27 Nov 2026 09:59:00 GMT', 0],
    ["RFC 850's old date form", 'Friday, 27-Nov-26 10:01:00 GMT', 60_000],
    ['no header', null, null],
    ['an empty header', '', null],
    ['a negative number', '-5', null],
    ['a fraction', '1.5', null],
    ['words', 'soon', null],
  ])('%s: %s', (_, header, expected) => {
    expect(retryAfterMs(header, NOW)).toBe(expected);
  });
});

describe('backoffDelay', () => {
  const backoff = { baseMs: 1_000, maxMs: 8_000 };

  it('doubles from the base up to the cap, each wait between half its step and the whole step', () => {
    const steps = [1_000, 2_000, 4_000, 8_000, 8_000, 8_000];
    steps.forEach((step, failures) => {
      expect(backoffDelay(failures, backoff, () => 0)).toBe(step / 2);
      expect(backoffDelay(failures, backoff, () => 1)).toBe(step);
      for (let draw = 0; draw < 50; draw++) {
        const wait = backoffDelay(failures, backoff);
        expect(wait).toBeGreaterThanOrEqual(step / 2);
        expect(wait).toBeLessThanOrEqual(step);
      }
    });
  });

  it('spreads the widgets that failed together over the step rather than sending them back at once', () => {
    const waits = new Set(Array.from({ length: 200 }, () => backoffDelay(2, backoff)));
    expect(waits.size).toBeGreaterThan(50);
  });

  it('keeps within its bounds whatever the random source gives', () => {
    expect(backoffDelay(0, backoff, () => -3)).toBe(500);
    expect(backoffDelay(0, backoff, () => 7)).toBe(1_000);
    expect(backoffDelay(-1, backoff, () => 1)).toBe(1_000);
  });
});
