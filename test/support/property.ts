import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FixtureText } from './arbitraries';

/**
 * Property-based tests run this many generated inputs per property: modest by default, so `npm test`
 * stays quick. PROPERTY_RUNS=5000 (for example) runs more; CI may set it.
 */
export const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

/**
 * Checks `property` on {@link PROPERTY_RUNS} inputs (or `runs`, for slow properties, scaled the same
 * way). On failure fast-check's error, shown by vitest, names the seed and the path of the smallest
 * failing input: PROPERTY_SEED=<seed> PROPERTY_PATH=<path> replays exactly that run. Add the input it
 * prints to test/fixtures/messy-replies.json, so it is replayed on every run from then on.
 */
export function checkProperty<T>(property: fc.IProperty<T>, runs = PROPERTY_RUNS): void {
  const seed = process.env.PROPERTY_SEED;
  fc.assert(property, {
    numRuns: runs,
    seed: seed === undefined ? undefined : Number(seed),
    path: process.env.PROPERTY_PATH,
  });
}

/** Runs per property for one that is `factor` times slower than most (a React render, say). */
export function scaledRuns(factor: number): number {
  return Math.max(10, Math.round(PROPERTY_RUNS / factor));
}

/** Regression inputs found by the property tests (and by hand), replayed by table tests. */
export interface MessyFixtures {
  /** Bot replies' markdown. */
  markdown: { note: string; input: FixtureText }[];
  /** Webhook reply bodies: a JSON value, or a string with the content type it came with. */
  replies: { note: string; body: unknown; servedAsJson?: boolean }[];
  /** Product objects as a reply may hold them. */
  products: { note: string; input: unknown }[];
}

/** test/fixtures/messy-replies.json. */
export const messyFixtures = JSON.parse(
  readFileSync(path.join(__dirname, '../fixtures/messy-replies.json'), 'utf8'),
) as MessyFixtures;
