// @ts-check
// The Lighthouse group's arithmetic, apart from the browser (test/bench/lighthouse.mjs runs it): the figures
// read from one Lighthouse result, their medians over the runs, and the rows with the two targets: the
// product page with the widget scores as the same page without it, and its TBT is within 10 ms of it.
import { median, round } from './lib.mjs';

/** The widget's script, as the bench server serves it: Lighthouse's "bootup-time" lists it by its URL. */
export const WIDGET_SCRIPT = '/store-assistant.js';
/** The most the widget may add to the page's Total Blocking Time (ms, median with − median without). */
export const TBT_ALLOWANCE_MS = 10;

/**
 * @typedef {{ score: number, tbt: number, lcp: number, fcp: number, bootup: number }} LighthouseFigures
 * One run: the performance score as the report shows it (0–100), Total Blocking Time, Largest and First
 * Contentful Paint, and the widget script's boot-up time (its main-thread time, 0 without it), in ms.
 */

/**
 * The figures of one Lighthouse result (its `lhr`). A run that failed (no score, a runtime error) throws,
 * naming the page and Lighthouse's reason: a run with no figures must not count as one with good figures.
 * @param {any} lhr
 * @returns {LighthouseFigures}
 */
export function figuresOf(lhr) {
  const score = lhr.categories?.performance?.score;
  if (lhr.runtimeError || typeof score !== 'number') {
    const reason = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no performance score';
    throw new Error(`Lighthouse could not measure ${lhr.requestedUrl}: ${reason}`);
  }
  const numeric = (/** @type {string} */ id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} for ${lhr.requestedUrl}`);
    return value;
  };
  const scripts = lhr.audits['bootup-time']?.details?.items ?? [];
  const widget = scripts.find(
    (/** @type {{ url: string }} */ item) => new URL(item.url, lhr.requestedUrl).pathname === WIDGET_SCRIPT,
  );
  return {
    // The report rounds the score to a whole number out of 100; so do the targets.
    score: Math.round(score * 100),
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    bootup: widget?.total ?? 0,
  };
}

/**
 * The medians of the runs of one page.
 * @param {LighthouseFigures[]} runs
 * @returns {LighthouseFigures}
 */
export function mediansOf(runs) {
  if (runs.length === 0) throw new Error('No Lighthouse run to take the median of');
  const of = (/** @type {keyof LighthouseFigures} */ key) => median(runs.map((run) => run[key]));
  return { score: of('score'), tbt: of('tbt'), lcp: of('lcp'), fcp: of('fcp'), bootup: of('bootup') };
}

/**
 * @typedef {{ group: string, name: string, value: number, unit: string, budget?: { min?: number, max?: number }, pass?: boolean }} Row
 */

/**
 * The rows of the table from the medians without and with the widget: the figures side by side, then the
 * targets. The score target compares the medians of the whole scores: met when the page with the widget
 * scores at least as the page without it. The TBT target compares the medians: met when the one with the
 * widget is at most 10 ms above the one without. With `floor` (the same page with the floor of our bytes,
 * a script of the same bytes that runs nothing), its TBT and what it adds come before the targets: what
 * the bytes alone cost under Lighthouse, whose debugger compiles them on the main thread.
 * @param {LighthouseFigures} without
 * @param {LighthouseFigures} withWidget
 * @param {LighthouseFigures} [floor]
 * @returns {Row[]}
 */
export function lighthouseRows(without, withWidget, floor) {
  /** @type {(name: string, value: number, unit: string, budget?: { min?: number, max?: number }, pass?: boolean) => Row} */
  const row = (name, value, unit, budget, pass) => ({
    group: 'lighthouse',
    name,
    value: round(value, 1),
    unit,
    ...(budget ? { budget, pass } : {}),
  });
  const tbtAdded = withWidget.tbt - without.tbt;
  return [
    row('product page without the widget: performance score', without.score, 'of 100'),
    row('product page with the widget: performance score', withWidget.score, 'of 100'),
    row('product page without the widget: TBT', without.tbt, 'ms'),
    row('product page with the widget: TBT', withWidget.tbt, 'ms'),
    row('product page without the widget: FCP', without.fcp, 'ms'),
    row('product page with the widget: FCP', withWidget.fcp, 'ms'),
    row('product page without the widget: LCP', without.lcp, 'ms'),
    row('product page with the widget: LCP', withWidget.lcp, 'ms'),
    row('the widget’s script: boot-up time (main-thread time)', withWidget.bootup, 'ms'),
    ...(floor
      ? [
          row('product page with the floor of our bytes (nothing of ours runs): TBT', floor.tbt, 'ms'),
          row(
            'TBT with the floor of our bytes − TBT without it (what the bytes alone add)',
            floor.tbt - without.tbt,
            'ms',
          ),
        ]
      : []),
    row(
      'score with the widget (≥ the score without it)',
      withWidget.score,
      'of 100',
      { min: without.score },
      withWidget.score >= without.score,
    ),
    row(
      `TBT with the widget − TBT without it (≤ ${TBT_ALLOWANCE_MS} ms)`,
      tbtAdded,
      'ms',
      { max: TBT_ALLOWANCE_MS },
      tbtAdded <= TBT_ALLOWANCE_MS,
    ),
  ];
}
