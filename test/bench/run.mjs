// npm run bench: builds, runs every measurement, prints one table, writes it as JSON
// (test/bench/results/latest.json) and exits non-zero when a budget is missed.
//   node test/bench/run.mjs [--only size,load,replies,hostile,growth,memory,mobile,first-view,lighthouse,engines,engine-load] [--runs N] [--docs]
// engine-load runs only when asked for by name (minutes of n8n under load; test/bench/engine-load.mjs has its options).
// --docs rewrites the mobile tables of docs/performance.md from this run (test/bench/mobile-tables.mjs).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/chromium.mjs';
import { benchEngineLoad } from './engine-load.mjs';
import { benchEngines } from './engines.mjs';
import { benchFirstView } from './first-view.mjs';
import { benchGrowth } from './growth.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchLoad } from './load.mjs';
import { benchMemory } from './memory.mjs';
import { benchMobile } from './mobile.mjs';
import { mobileMarkdown, writeMobileTable } from './mobile-tables.mjs';
import { benchHostileReplies, benchHugePaste, benchHugeReply, benchReveal } from './replies.mjs';
import { startBenchServer } from './server.mjs';
import { benchSize } from './size.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const only = argument('only')?.split(',');
const runs = Number(argument('runs') ?? process.env.BENCH_RUNS ?? 7);
const wanted = (group) => !only || only.includes(group);
/** The engine load run drives n8n, not the bundle: it runs only when named. */
const onlyEngineLoad = only?.length === 1 && only[0] === 'engine-load';

const rows = [];
let mobile = null;
let firstView = null;
let lighthouse = null;
const started = Date.now();
// The size benchmark builds the bundle every other benchmark loads.
if (!onlyEngineLoad) rows.push(...(await benchSize()));
const browser =
  wanted('load') || wanted('replies') || wanted('hostile') || wanted('growth') || wanted('memory')
    ? await launchChromium()
    : null;
const server = browser ? await startBenchServer() : null;
try {
  if (wanted('load')) rows.push(...(await benchLoad(browser, server, runs)));
  if (wanted('replies')) rows.push(...(await benchReveal(browser, server)), ...(await benchHugeReply(browser, server)));
  if (wanted('replies')) rows.push(...(await benchHugePaste(browser, server)));
  if (wanted('hostile')) rows.push(...(await benchHostileReplies(browser, server)));
  if (wanted('growth')) rows.push(...(await benchGrowth(browser, server)));
  if (wanted('memory')) rows.push(...(await benchMemory(browser, server)));
  if (wanted('mobile')) {
    mobile = await benchMobile(runs);
    rows.push(...mobile.rows);
  }
  if (wanted('first-view')) {
    // Medians of at least 9 cold loads unless --runs says otherwise: the ratios it checks need them.
    firstView = await benchFirstView(argument('runs') || process.env.BENCH_RUNS ? runs : 9);
    rows.push(...firstView.rows);
  }
  if (wanted('lighthouse')) {
    lighthouse = await benchLighthouse(runs);
    rows.push(...lighthouse.rows);
  }
  if (wanted('engines')) rows.push(...(await benchEngines(runs)));
  if (only?.includes('engine-load')) rows.push(...(await benchEngineLoad()).rows);
} finally {
  await browser?.close();
  await server?.close();
}

const budgetText = (row) =>
  row.budget ? `${row.budget.below ? '<' : 'max' in row.budget ? '≤' : '≥'} ${row.budget.max ?? row.budget.min}` : '';
const table = [
  ['group', 'measurement', 'value', 'unit', 'budget', 'result'],
  ...rows.map((row) => [
    row.group,
    row.name,
    String(row.value),
    row.unit,
    budgetText(row),
    row.pass === undefined ? '' : row.pass ? 'ok' : 'MISSED',
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
for (const [index, line] of table.entries()) {
  console.log(
    line
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd(),
  );
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}

const browserVersion = browser
  ? browser.version()
  : (mobile?.figures.chromium ?? firstView?.figures.chromium ?? lighthouse?.figures.chromium ?? null);
const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium: browserVersion,
  },
  runs,
  seconds: Math.round((Date.now() - started) / 1000),
  rows,
  mobile: mobile?.figures,
  firstView: firstView?.figures,
  lighthouse: lighthouse?.figures,
};
if (mobile && process.argv.includes('--docs')) {
  await writeMobileTable(path.join(here, '../../docs/performance.md'), mobileMarkdown(mobile, report));
  console.log('docs/performance.md: mobile tables rewritten');
}
await mkdir(path.join(here, 'results'), { recursive: true });
await writeFile(path.join(here, 'results', 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
const missed = rows.filter((row) => row.pass === false);
console.log(
  `\n${rows.length} measurements in ${report.seconds} s; ${missed.length ? `${missed.length} budget(s) missed: ${missed.map((row) => row.name).join('; ')}` : 'all budgets met'}. JSON: test/bench/results/latest.json`,
);
process.exit(missed.length ? 1 : 0);
