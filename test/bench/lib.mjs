// Shared helpers of the benchmarks: statistics, Chromium trace analysis and CDP metrics.

export function median(values) {
  return percentile(values, 50);
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const round = (value, digits = 1) => Number(value.toFixed(digits));

/** Trace categories for main-thread tasks and frames. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel'];

/**
 * The renderer main thread's top-level tasks and its frame starts, from a Chromium trace. Each task has
 * its start, its wall-clock duration and its CPU time (ms). CPU time is the work itself: on a shared
 * machine the wall clock also counts the time the thread waited for a core or the disk. With several
 * renderers, the busiest one is the page's.
 */
export function mainThreadActivity(traceBuffer) {
  const trace = JSON.parse(traceBuffer.toString());
  const events = trace.traceEvents ?? trace;
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  let best = { tasks: [], frames: [] };
  for (const main of mains) {
    const onThread = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
    const tasks = onThread
      .filter(
        (event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && typeof event.dur === 'number',
      )
      .map((event) => ({ start: event.ts / 1000, duration: event.dur / 1000, cpu: (event.tdur ?? event.dur) / 1000 }));
    const frames = onThread
      .filter((event) => event.name === 'BeginMainThreadFrame')
      .map((event) => event.ts / 1000)
      .sort((a, b) => a - b);
    if (tasks.length > best.tasks.length) best = { tasks, frames };
  }
  return best;
}

/** Main-thread work (CPU time) per frame: the tasks that started between one frame start and the next. */
export function workPerFrame({ tasks, frames }) {
  const work = [];
  let taskIndex = 0;
  const sorted = [...tasks].sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < frames.length; i++) {
    let sum = 0;
    while (taskIndex < sorted.length && sorted[taskIndex].start < frames[i]) taskIndex++;
    let j = taskIndex;
    while (j < sorted.length && sorted[j].start < frames[i + 1]) sum += sorted[j++].cpu;
    taskIndex = j;
    work.push(sum);
  }
  return work;
}

/** Runs `action` while tracing the page; returns the main thread's activity during it. */
export async function traced(browser, page, action) {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  let buffer;
  try {
    await action();
  } finally {
    buffer = await browser.stopTracing();
  }
  return mainThreadActivity(buffer);
}

/** CDP Performance metrics as an object (ScriptDuration in s, JSHeapUsedSize in bytes, ...). */
export async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

/** Collects garbage and returns the used JS heap in bytes. */
export async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metrics(cdp)).JSHeapUsedSize;
}

/** A page URL of the bench server with the widget carrying `attributes`. */
export function pageUrl(server, attributes) {
  return `${server.url}/page?attributes=${encodeURIComponent(attributes)}`;
}
