const UNITS: [unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago `then` was, in words of `lang`: "now", "5 min. ago", "yesterday", and a date from a
 * week back. Falls back to the browser's language when `lang` is not one Intl knows.
 */
export function relativeTime(then: number, now: number, lang: string): string {
  const seconds = Math.max(0, (now - then) / 1000);
  try {
    if (seconds >= 7 * 86_400) return new Date(then).toLocaleDateString(lang, { month: 'short', day: 'numeric' });
    const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
    for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
    return format.format(0, 'second');
  } catch {
    return '';
  }
}
