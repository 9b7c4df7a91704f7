// The engine load run: simulated visitors speaking the widget's webhook contract and n8n's chat (with its
// socket) against n8n in queue mode (main, two workers, Redis, Postgres), then the same against one n8n
// process on SQLite, both on loopback. Each run is test/bench/engine-load/engine-load.load.ts, run through
// vitest (vitest.load.config.ts); it stops by itself at its time limit and ends every process it started.
//   npm run bench -- --only engine-load [--visitors 200] [--messages 5] [--minutes 10] [--think 8]
//     [--ramp 120] [--modes queue,single]
// A run fails (a missed budget) on any lost or doubled message, or a visitor left without an answer or
// the failure shown.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};

/** The run's options from the command line, the target by default. */
export function engineLoadOptions() {
  return {
    visitors: Number(argument('visitors', 200)),
    messages: Number(argument('messages', 5)),
    minutes: Number(argument('minutes', 10)),
    thinkMs: Number(argument('think', 8)) * 1000,
    rampSeconds: Number(argument('ramp', 120)),
    modes: argument('modes', 'queue,single').split(','),
  };
}

function vitestBin() {
  const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
  return path.join(path.dirname(vitestPackage), JSON.parse(readFileSync(vitestPackage, 'utf8')).bin.vitest);
}

/** One run in `mode`; its result, or null when it did not finish. */
function runMode(mode, options, results) {
  const { modes: _modes, ...rest } = options;
  const run = spawnSync(process.execPath, [vitestBin(), 'run', '--config', 'vitest.load.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ENGINE_LOAD: JSON.stringify({ ...rest, mode, results }) },
    // The run bounds itself; this is the last resort should vitest itself hang.
    timeout: (options.minutes + 20) * 60_000,
    killSignal: 'SIGTERM',
  });
  if (run.status !== 0 || !existsSync(results)) return null;
  return JSON.parse(readFileSync(results, 'utf8'));
}

const MODE_NAMES = { queue: 'queue mode (main + 2 workers, Redis, Postgres)', single: 'one process (SQLite)' };

const round = (value) => (Number.isFinite(value) ? Math.round(value) : NaN);

/** The rows of one result: figures, and the counts that must be zero as budgets. */
function rowsOf(result) {
  const group = `engine-load ${result.mode}`;
  const errors = Object.entries(result.errors);
  // A count that must be zero: a budget of its own, failing the run otherwise.
  const none = (name, value) => ({ group, name, value, unit: '', budget: { max: 0 }, pass: value === 0 });
  return [
    { group, name: 'conversations per minute', value: result.conversationsPerMinute, unit: '/min' },
    { group, name: `conversations completed (of ${result.visitors})`, value: result.conversationsCompleted, unit: '' },
    { group, name: `messages sent (of ${result.visitors * result.messagesEach})`, value: result.sent, unit: '' },
    { group, name: 'time to first reply, p50', value: round(result.firstReply.p50), unit: 'ms' },
    { group, name: 'time to first reply, p95', value: round(result.firstReply.p95), unit: 'ms' },
    { group, name: 'time to first reply, p99', value: round(result.firstReply.p99), unit: 'ms' },
    none('lost messages', result.lost.length),
    none('doubled messages', result.doubled.length),
    none('messages never sent (the visitor left after a failure, or the time limit)', result.notSent),
    none('visitors left silent', result.visitorsLeftSilent),
    { group, name: 'visitors shown "queued" (busy)', value: result.visitorsShownBusy, unit: '' },
    { group, name: 'repeats dropped by the workflow', value: result.repeatsDropped, unit: '' },
    { group, name: 'executions taken up again after a missed lock', value: result.executionsRunAgain, unit: '' },
    ...errors.map(([kind, count]) => ({
      group,
      name: `errors: ${kind}`,
      value: count,
      unit: '',
    })),
    { group, name: 'visitors part / n8n start', value: `${result.driveSeconds} / ${result.startSeconds}`, unit: 's' },
    {
      group,
      name: `load average 1/5/15 min, ${result.load.cores} cores`,
      value: result.load.after.map((value) => value.toFixed(1)).join(' / '),
      unit: '',
    },
  ];
}

/** Prints `results` side by side, one column per mode, each row under its name (modes differ in error kinds). */
function printSideBySide(results) {
  const columns = results.map(
    (result) => new Map(rowsOf(result).map((row) => [row.name, `${row.value} ${row.unit}`.trim()])),
  );
  const names = [...new Set(columns.flatMap((column) => [...column.keys()]))];
  const table = [
    ['', ...results.map((result) => MODE_NAMES[result.mode] ?? result.mode)],
    ...names.map((name) => [
      name,
      ...columns.map((column) => column.get(name) ?? (name.startsWith('errors:') ? '0' : '–')),
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((line) => String(line[column]).length)));
  console.log(
    `\nEngine load, ${new Date().toISOString()}, ${os.cpus().length} cores, load average now ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')}`,
  );
  for (const line of table)
    console.log(
      line
        .map((cell, column) => String(cell).padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
}

/** Runs each mode in turn; rows for the bench table (a missing run is a missed budget). */
export async function benchEngineLoad() {
  const options = engineLoadOptions();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-engine-load-'));
  try {
    const results = [];
    const rows = [];
    for (const mode of options.modes) {
      const result = runMode(mode, options, path.join(dir, `${mode}.json`));
      if (result) {
        results.push(result);
        rows.push(...rowsOf(result));
      } else
        rows.push({
          group: `engine-load ${mode}`,
          name: 'the run finished',
          value: 0,
          unit: '',
          budget: { min: 1 },
          pass: false,
        });
    }
    if (results.length) printSideBySide(results);
    for (const result of results)
      if (result.evidence.length)
        console.log(
          `\n${result.mode}: lost or doubled, what each side saw:\n${JSON.stringify(result.evidence, null, 1)}`,
        );
    return { rows, results };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
