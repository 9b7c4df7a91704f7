/** How long to wait before trying again: doubled on each failure in a row, from `baseMs` up to `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait after `failures` failures in a row (0: the first): the exponential step (`baseMs` doubled
 * per failure, at most `maxMs`), of which half is fixed and half random. Many widgets that lost the same
 * server at the same moment so come back spread over the second half of each step instead of all at
 * once, and none comes back sooner than half a step.
 */
export function backoffDelay(failures: number, backoff: Backoff, random: () => number = Math.random): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, failures));
  const share = Math.min(1, Math.max(0, random()));
  return Math.round(step / 2 + (step / 2) * share);
}

/** `Retry-After` as seconds: one or more digits, nothing else. */
const DELAY_SECONDS = /^\d+$/;

/**
 * The wait a `Retry-After` header asks for, in milliseconds, at time `now`: its delay in seconds
 * (`120`) or until its HTTP date (`Fri, 27 Nov 2026 10:00:00 GMT`; a date already past: no wait).
 * Null when there is no header or it is neither (`soon`, `-1`, `1.5`).
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim() ?? '';
  if (DELAY_SECONDS.test(value)) return Number(value) * 1000;
  // An HTTP date names its day or month in letters; a bare number in another form is not one.
  if (!/[a-z]/i.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
