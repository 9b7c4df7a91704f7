// Reading a Chromium trace and a CPU profile of the same moment (test/bench/trace.mjs): the main
// thread's long tasks, what the trace says each spent its time on, and which functions and original
// source files the profile's samples inside it fall in.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeSegments } from '../../build/bundle-parts.mjs';

/** The source map of `file`, as a lookup from a generated position (0-based) to `src/<file>:line`. */
export async function loadSourceMap(file) {
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  const lines = decodeSegments(map.mappings);
  const name = (source) => source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  return {
    url: path.basename(file),
    lookup(line, column) {
      const segments = lines[line] ?? [];
      let low = 0;
      let high = segments.length - 1;
      let found = null;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (segments[middle][0] <= column) {
          found = segments[middle];
          low = middle + 1;
        } else high = middle - 1;
      }
      if (!found || found[1] < 0) return null;
      return { file: name(map.sources[found[1]]), line: found[2] + 1 };
    },
  };
}

/** The renderer main thread with the most tasks (the page's, when several renderers traced). */
function mainThread(events) {
  let best = { tasks: [], onThread: [] };
  for (const main of events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')) {
    const onThread = events.filter(
      (event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && typeof event.dur === 'number',
    );
    const tasks = onThread.filter((event) => event.name === 'ThreadControllerImpl::RunTask');
    if (tasks.length > best.tasks.length) best = { tasks, onThread };
  }
  return best;
}

/** Self time per event name of `events` nested inside one task (a stack over start-sorted events). */
function selfTimes(events) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) stack.pop();
  };
  for (const event of sorted) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur / 1000);
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur / 1000);
    stack.push({ name: event.name, end: event.ts + event.dur });
  }
  return [...self].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]);
}

/**
 * The main thread's tasks over `thresholdMs`, each with its start (ms after the first task), duration,
 * CPU time, window (µs, the trace's clock) and the trace's breakdown by event name (self times).
 */
export function summariseTask(events, thresholdMs) {
  const { tasks, onThread } = mainThread(events);
  const origin = Math.min(...tasks.map((task) => task.ts));
  return tasks
    .filter((task) => task.dur / 1000 > thresholdMs)
    .map((task) => {
      const inside = onThread.filter(
        (event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur,
      );
      return {
        start: (task.ts - origin) / 1000,
        duration: task.dur / 1000,
        cpu: (task.tdur ?? task.dur) / 1000,
        from: task.ts,
        to: task.ts + task.dur,
        breakdown: selfTimes(inside).slice(0, 12),
      };
    });
}

/** Where the profile's samples inside `task` went: self time by function and by original file. */
export function attribute(profile, task, map) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map();
  const files = new Map();
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index];
    const next = profile.timeDeltas[index + 1] ?? 0;
    if (time < task.from || time > task.to) continue;
    const frame = nodes.get(profile.samples[index]).callFrame;
    const mapped = frame.url.endsWith(map.url) ? map.lookup(frame.lineNumber, frame.columnNumber) : null;
    const file = mapped ? mapped.file : frame.url ? path.basename(frame.url) : frame.functionName || '(native)';
    const where = mapped ? `${mapped.file}:${mapped.line}` : file;
    const label = `${frame.functionName || '(anonymous)'} [${where}]`;
    functions.set(label, (functions.get(label) ?? 0) + next / 1000);
    files.set(file, (files.get(file) ?? 0) + next / 1000);
  }
  const sorted = (entries) => [...entries].sort((a, b) => b[1] - a[1]);
  return { functions: sorted(functions), files: sorted(files) };
}
