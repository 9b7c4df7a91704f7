// Lighthouse on a phone, the way a store owner would check the widget (`npm run bench -- --only lighthouse`):
// the same product page without any widget, with our floating launcher (its script deferred, as the
// documentation pastes it, and served gzipped as a CDN serves it) and with the floor of our bytes (the
// same bytes, running nothing: what the bytes alone cost), in turn, `runs` times each, in Lighthouse's
// mobile preset, performance only. Medians of the score, TBT, FCP, LCP and the boot-up time of our
// script; the targets are in test/bench/lighthouse-rows.mjs. Then the script's own task with and
// without the debugger Lighthouse turns on, Lighthouse not involved (test/bench/script-task.mjs).
//
// Throttling: Lighthouse's default, "simulate", loads the page unthrottled and multiplies every main-thread
// task it saw by 4, whatever caused it. On a shared 2-core machine that counts the machine's own hiccups:
// the product page without a single script of its own came out at 36, 74 and 233 ms of TBT in three runs,
// so a 10 ms target could not be read from it. "devtools" throttles the browser itself (the CPU 4× slower,
// the mobile preset's latency and bandwidth) and times the page's real tasks; there the page without the
// widget measures 0 ms of TBT run after run, and what the widget adds is the widget's. It costs time: each
// run waits the longer quiet windows Lighthouse uses for it (about 17 s a run here).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { launchChromium } from '../support/chromium.mjs';
import { figuresOf, lighthouseRows, mediansOf } from './lighthouse-rows.mjs';
import { bytesFloor } from './mobile-pages.mjs';
import { benchScriptTask } from './script-task.mjs';
import { startBenchServer } from './server.mjs';

/**
 * The pages compared (test/bench/mobile-pages.mjs): the product page without any widget, with ours, and
 * with the floor of our bytes (the same bytes, running nothing), each deferred as the documentation pastes it.
 */
const WITHOUT = 'product';
const WITH_WIDGET = 'ours-product-deferred';
const WITH_FLOOR = 'floor-product-deferred';
/** The order of each run's loads: a different page first each time. */
const ORDERS = [
  [WITHOUT, WITH_WIDGET, WITH_FLOOR],
  [WITH_WIDGET, WITH_FLOOR, WITHOUT],
  [WITH_FLOOR, WITHOUT, WITH_WIDGET],
];

/** Lighthouse's default configuration (the mobile preset), the performance category only. */
const CONFIG = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance'], throttlingMethod: 'devtools' },
  // "bootup-time" lists only the scripts over 50 ms by default; ours is wanted whatever it costs.
  audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }],
};

/** A port free at the moment (Chromium is told to listen on it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Chromium (the project's own, test/support/chromium.mjs) with its DevTools endpoint on a loopback port,
 * which Lighthouse connects to. The port was free a moment before Chromium took it: the endpoint must
 * list a page this browser opened, or another program holds the port and nothing is measured on it.
 */
async function launchWithDevToolsPort() {
  const port = await freePort();
  const browser = await launchChromium([`--remote-debugging-port=${port}`]);
  try {
    const marker = `about:blank#lighthouse-${process.pid}-${Date.now()}`;
    const page = await browser.newPage();
    await page.goto(marker);
    const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    await page.close();
    if (!targets.some((target) => target.url === marker))
      throw new Error(`Port ${port} is not the DevTools port of the Chromium just launched; run the benchmark again.`);
    return { browser, port };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** One Lighthouse run of `subject`: its figures. */
async function lighthouseOnce(server, port, subject) {
  const result = await lighthouse(`${server.url}/mobile/${subject}?bare`, { port, logLevel: 'error' }, CONFIG);
  if (!result) throw new Error(`Lighthouse returned nothing for ${subject}`);
  return figuresOf(result.lhr);
}

/** Runs the group: `runs` Lighthouse runs of each page, alternating which goes first. */
export async function benchLighthouse(runs) {
  const started = Date.now();
  const bundle = await readFile(new URL('../../dist/store-assistant.js', import.meta.url), 'utf8');
  const server = await startBenchServer({ compress: true, floors: { bytes: bytesFloor(bundle) } });
  const { browser, port } = await launchWithDevToolsPort();
  const chromium = browser.version();
  const samples = { [WITHOUT]: [], [WITH_WIDGET]: [], [WITH_FLOOR]: [] };
  let scriptTask;
  try {
    for (let run = 0; run < runs; run++)
      for (const subject of ORDERS[run % ORDERS.length])
        samples[subject].push(await lighthouseOnce(server, port, subject));
    // Then, Lighthouse not involved: the script's task with and without the debugger it turns on.
    scriptTask = await benchScriptTask(browser, server, runs);
  } finally {
    await browser.close();
    await server.close();
  }
  const without = mediansOf(samples[WITHOUT]);
  const withWidget = mediansOf(samples[WITH_WIDGET]);
  const floor = mediansOf(samples[WITH_FLOOR]);
  return {
    rows: [...lighthouseRows(without, withWidget, floor), ...scriptTask.rows],
    figures: {
      runs,
      lighthouse: createRequire(import.meta.url)('lighthouse/package.json').version,
      throttling: CONFIG.settings.throttlingMethod,
      chromium,
      seconds: Math.round((Date.now() - started) / 1000),
      without,
      withWidget,
      floor,
      samples,
      scriptTask: scriptTask.samples,
    },
  };
}
