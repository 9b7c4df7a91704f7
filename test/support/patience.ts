import { vi } from 'vitest';

/**
 * How long a test waits for something the code under test does by itself (a render, a reply from a fake
 * webhook, a saved conversation) before counting it as a hang. On a loaded two-core machine such a wait
 * can take seconds. It is a bound, not a delay: every wait ends as soon as what it waits for has happened.
 */
export const PATIENCE_MS = 20_000;

/** The time limit of a test that waits at most a few times {@link PATIENCE_MS}. */
export const TEST_TIMEOUT_MS = 60_000;

/**
 * The time limit of a test that runs a real esbuild build (or evaluates a large bundle): a second when the
 * machine is idle, several when both cores are busy. It bounds a hang, nothing more.
 */
export const BUILD_TIMEOUT_MS = 60_000;

/** Waits until `check` stops throwing; `timeout` only bounds a hang. */
export function eventually(check: () => void, timeout = PATIENCE_MS): Promise<void> {
  return vi.waitFor(check, { timeout, interval: 10 });
}
