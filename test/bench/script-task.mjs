// What the script's own task costs a visitor, against what Lighthouse sees of it. Lighthouse turns on
// DevTools' debugger for every run (`Debugger.enable`: its list of scripts, the initiators' async stacks),
// and with the debugger on, Chromium compiles a script on the main thread as it runs, although it was
// parsed while it downloaded. Here the same product page (the widget's script deferred, as documented) and
// the floor of our bytes (the script inside a function never called) load on the phone profile with the
// mobile preset's network, with and without the debugger, Lighthouse not involved; a trace gives the
// script's evaluation task (`EvaluateScript`) and its main-thread compile (`v8.compile`). The visitor's
// figure, without the debugger, has a budget: the script's own task is no long task.
import { median, round } from './lib.mjs';
import { openPhone } from './mobile-session.mjs';

/** The mobile preset's network, as Lighthouse's "devtools" throttling applies it (latency, bandwidth). */
const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/**
 * The pages loaded, the script each one's task runs, and with the debugger on or off: ours both ways, the
 * floor only with it (without it, the floor's task is a few milliseconds of nothing).
 */
const PAGES = [
  { subject: 'ours-product-deferred', script: /\/store-assistant\.js$/, debuggerModes: [false, true] },
  { subject: 'floor-bytes', script: /\/floor\/bytes\.js$/, debuggerModes: [true] },
];
/** The longest the script's own task may be for a visitor: a long task starts at 50 ms. */
const VISITOR_TASK_BUDGET_MS = 50;

/**
 * One cold load of `subject`, traced: the evaluation task of the script matching `script`, and the part
 * of it compiling on the main thread (ms).
 */
async function loadOnce(browser, server, { subject, script }, debuggerOn) {
  const { context, page, cdp } = await openPhone(browser, server);
  try {
    if (debuggerOn) await cdp.send('Debugger.enable');
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.compile'] });
    await page.goto(`${server.url}/mobile/${subject}?bare`, { waitUntil: 'load' });
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    const ours = (name) =>
      traceEvents.find(
        (event) => event.name === name && script.test(event.args?.data?.url ?? event.args?.fileName ?? ''),
      );
    const task = ours('EvaluateScript');
    if (!task) throw new Error(`no evaluation of the script on ${subject}`);
    return { task: task.dur / 1000, compile: (ours('v8.compile')?.dur ?? 0) / 1000 };
  } finally {
    await context.close();
  }
}

/**
 * `runs` loads of each page in each of its debugger modes, alternated; the rows (medians). `server` must
 * serve the floor of our bytes (/floor/bytes.js) and compress as a CDN does.
 */
export async function benchScriptTask(browser, server, runs) {
  /** @type {Record<string, { task: number, compile: number }[]>} */
  const samples = {};
  for (let run = 0; run < runs; run++)
    for (const page of PAGES)
      for (const debuggerOn of run % 2 ? [...page.debuggerModes].reverse() : page.debuggerModes)
        (samples[`${page.subject}:${debuggerOn}`] ??= []).push(await loadOnce(browser, server, page, debuggerOn));
  const medianOf = (key, figure) => median(samples[key].map((sample) => sample[figure]));
  const row = (name, value, max) => ({
    group: 'lighthouse',
    name,
    value: round(value, 1),
    unit: 'ms',
    ...(max === undefined ? {} : { budget: { max }, pass: value <= max }),
  });
  const visitor = medianOf('ours-product-deferred:false', 'task');
  return {
    rows: [
      row('our script’s own task, no debugger attached (what a visitor pays)', visitor, VISITOR_TASK_BUDGET_MS),
      row(
        'our script’s own task, DevTools’ debugger on (as under Lighthouse)',
        medianOf('ours-product-deferred:true', 'task'),
      ),
      row(
        'our script’s own task, debugger on: of it, compiling on the main thread',
        medianOf('ours-product-deferred:true', 'compile'),
      ),
      row('floor of our bytes: its task, debugger on (nothing of ours runs)', medianOf('floor-bytes:true', 'task')),
    ],
    samples,
  };
}
