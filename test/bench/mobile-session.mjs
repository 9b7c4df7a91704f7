// A phone in headless Chromium: a 390×844 touch screen at 3× density (a mid-range phone of 2022 on),
// its CPU slowed four times (Lighthouse's mobile preset), nothing but the bench server reachable.
import { median } from './lib.mjs';

/** The CPU slowdown: Lighthouse's mobile preset. */
export const CPU_SLOWDOWN = 4;
/** How long after `painted` the load still counts: work a widget defers just past its first paint is its load too. */
export const SETTLE_MS = 1000;
/** A task the Long Tasks API reports, and the part of it that blocks (TBT): over this. */
export const LONG_TASK_MS = 50;

/** A fresh (cold: empty cache and storage) phone context, its CPU slowed; returns the context, page and CDP session. */
export async function openPhone(browser, server, { slowdown = CPU_SLOWDOWN } = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 7a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split('.')[0]}.0.0.0 Mobile Safari/537.36`,
  });
  // The published widgets call their vendors' services; here nothing but the bench server answers.
  await context.route(
    (url) => !url.href.startsWith(server.url),
    (route) => route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Performance.enable');
  return { context, page, cdp };
}

/** Blocking time (the part of each task over 50 ms, summed) and the longest task of `tasks`. */
export function blocking(tasks) {
  return {
    tbt: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
    longest: Math.max(0, ...tasks.map((task) => task.duration)),
  };
}

/** The long tasks the page saw that started in [from, to) (page milliseconds). */
export async function longTasksBetween(page, from, to = Infinity) {
  const tasks = await page.evaluate(() => window.__bench.longTasks);
  return tasks.filter((task) => task.start >= from && task.start < to);
}

/** Milliseconds of script the page has run so far (CDP's ScriptDuration). */
export async function scriptMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ScriptDuration').value * 1000;
}

/** The median of `key` over `samples`. */
export const medianOf = (samples, key) => median(samples.map((sample) => sample[key]));

/**
 * Input to next paint of the interaction that `act` causes, as Event Timing measures it (INP's unit):
 * the longest entry of the interactions that started after `act` began. Interactions faster than 16 ms
 * make no entry (the API's smallest threshold); they count as 16.
 */
export async function inputToNextPaint(page, act, settleMs = 600) {
  const before = await page.evaluate(() => performance.now());
  await act();
  await page.waitForTimeout(settleMs);
  const entries = await page.evaluate(
    (from) => window.__bench.events.filter((entry) => entry.interactionId > 0 && entry.start >= from),
    before,
  );
  return Math.max(16, ...entries.map((entry) => entry.duration));
}
