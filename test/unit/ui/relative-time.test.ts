import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../src/ui/relative-time';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ago = (seconds: number) => NOW - seconds * 1000;

describe('relativeTime', () => {
  it.each([
    [ago(5), 'en', 'now'],
    [ago(-30), 'en', 'now'],
    [ago(5 * 60), 'en', '5 min. ago'],
    [ago(3 * 3600), 'en', '3 hr. ago'],
    [ago(26 * 3600), 'en', 'yesterday'],
    [ago(3 * 86_400), 'en', '3 days ago'],
    [ago(5 * 60), 'de', 'vor 5 Min.'],
    [ago(26 * 3600), 'fr', 'hier'],
  ])('%i reads %j in %s', (then, lang, expected) => {
    expect(relativeTime(then, NOW, lang)).toBe(expected);
  });

  it('gives a short date from a week back', () => {
    expect(relativeTime(Date.UTC(2026, 10, 2, 12), NOW, 'en')).toBe('Nov 2');
  });
});
