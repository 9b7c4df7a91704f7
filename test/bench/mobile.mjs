// The mobile profile of `npm run bench`: a phone's screen and a CPU slowed four times, ours against the
// published Vapi and n8n widgets, a blank page and the floors, in one run. Returns the table's rows
// (each target a pass/fail row) and the figures docs/performance.md's mobile table is written from.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle } from '../../build.mjs';
import { launchChromium } from '../support/chromium.mjs';
import { round } from './lib.mjs';
import { CONVERSATION_SIZES, measureConversation } from './mobile-conversation.mjs';
import { measureInteractions } from './mobile-interactions.mjs';
import { measureLoads } from './mobile-load.mjs';
import { bytesFloor, SUBJECTS } from './mobile-pages.mjs';
import { CPU_SLOWDOWN } from './mobile-session.mjs';
import { ensurePublishedWidget, versionOf } from './published-widgets.mjs';
import { startBenchServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '../..');
/** A microphone that says yes: the first call's start is measured. */
const FAKE_MICROPHONE = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** The floors' scripts: our bundle's bytes doing nothing, and React rendering an empty element. */
async function buildFloors() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-assistant-floor-'));
  try {
    const file = path.join(dir, 'floor-react.js');
    await buildBundle({ quiet: true, entry: path.join(here, 'floor-react-entry.ts'), file });
    return {
      bytes: bytesFloor(await readFile(path.join(root, 'dist/store-assistant.js'), 'utf8')),
      react: await readFile(file, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A row of the table; with `max`, a target met at `max` or below (strictly below with `below`). */
const row = (name, value, unit, max, below = false) => ({
  group: 'mobile',
  name,
  value: round(value, unit === 'x' ? 2 : 1),
  unit,
  ...(max === undefined ? {} : { budget: below ? { max, below } : { max }, pass: below ? value < max : value <= max }),
});

/** The rows of the load table and its targets. */
function loadRows(loads) {
  const rows = [];
  for (const [subject, load] of Object.entries(loads)) {
    const label = SUBJECTS[subject].label;
    rows.push(
      row(`${label}: navigation to painted`, load.painted, 'ms'),
      row(`${label}: script until painted`, load.script, 'ms'),
    );
    rows.push(row(`${label}: TBT until settled`, load.tbt, 'ms'), row(`${label}: longest task`, load.longest, 'ms'));
  }
  const blank = loads.blank.tbt;
  for (const mode of ['inline', 'floating']) {
    const ours = loads[`ours-${mode}`];
    rows.push(row(`ours, ${mode}: own blocking time (TBT minus the blank page's)`, ours.tbt - blank, 'ms', 50));
    rows.push(row(`ours, ${mode}: longest task`, ours.longest, 'ms', 100));
  }
  if (loads['ours-rejoin'])
    rows.push(
      // No slower, within 5%: medians of 9 cold loads of one page differ by up to 10% from run to run on
      // this shared machine, so read these ratios from --runs 15 or more.
      row(
        'ours, floating: rejoining a kept call painted / no call painted',
        loads['ours-rejoin'].painted / loads['ours-floating'].painted,
        'x',
        1.05,
      ),
      row('ours, floating, rejoining a kept call: navigation to its strip drawn', loads['ours-rejoin'].next, 'ms'),
    );
  const [product, inviting] = [loads['ours-product'], loads['ours-product-invite']];
  if (product && inviting)
    rows.push(
      row('ours, product page: inviting painted / not inviting painted', inviting.painted / product.painted, 'x', 1.05),
      row('ours, product page, inviting: navigation to the invitation drawn', inviting.next, 'ms'),
      // No new long task: the invitation's own work (its questions asked, its view) adds none.
      row(
        'ours, product page: long tasks after the launcher painted, inviting minus not inviting',
        inviting.longAfter - product.longAfter,
        'tasks',
        0,
      ),
    );
  const vapi = loads.vapi.painted;
  rows.push(row('ours, floating: painted / Vapi launcher painted', loads['ours-floating'].painted / vapi, 'x', 0.8));
  rows.push(
    row('ours, inline (whole card): painted / Vapi launcher painted', loads['ours-inline'].painted / vapi, 'x', 1),
  );
  return rows;
}

/** The rows of the interactions and the phases after the load. */
function useRows(use) {
  return [
    row('tap the launcher: input to next paint (Event Timing)', use.open.median, 'ms', 100, true),
    row('type a character: input to next paint', use.type.median, 'ms', 100, true),
    row('tap Send: input to next paint', use.send.median, 'ms', 100, true),
    row('idle markdown preload: longest task', use.preload.median, 'ms', 50),
    row('first reply (text, list, 3 cards): longest task', use.reply.median, 'ms', 50),
    row('first call start (demo voice): longest task', use.call.median, 'ms', 50),
  ];
}

/** The rows of the long saved conversation. */
function conversationRows(conversation) {
  const largest = conversation[CONVERSATION_SIZES.at(-1)];
  const smallest = conversation[CONVERSATION_SIZES[0]];
  const growth = largest.open / smallest.open;
  const sizeRatio = CONVERSATION_SIZES.at(-1) / CONVERSATION_SIZES[0];
  return [
    ...CONVERSATION_SIZES.map((size) =>
      row(
        `saved conversation of ${size.toLocaleString('en')} (${conversation[size].shown} kept): tap to its newest messages drawn`,
        conversation[size].open,
        'ms',
        size === CONVERSATION_SIZES.at(-1) ? 250 : undefined,
        true,
      ),
    ),
    row(
      `saved conversation of ${CONVERSATION_SIZES.at(-1).toLocaleString('en')}: tap to every kept message in the page`,
      largest.complete,
      'ms',
    ),
    row(
      `saved conversation of ${CONVERSATION_SIZES.at(-1).toLocaleString('en')}: longest task from the tap until then`,
      largest.openLongest,
      'ms',
      50,
    ),
    row(
      `saved conversation of ${CONVERSATION_SIZES.at(-1).toLocaleString('en')}: longest task of a fast scroll through it`,
      largest.scroll,
      'ms',
      50,
    ),
    row(
      `open time at ${CONVERSATION_SIZES.at(-1)} / at ${CONVERSATION_SIZES[0]} messages (linear: ${sizeRatio})`,
      growth,
      'x',
      sizeRatio,
    ),
  ];
}

/**
 * Runs the mobile profile: `runs` cold loads of every subject, `runs` phones for the interactions and
 * for each conversation size. `parts` limits it to some of 'load', 'use', 'conversation'.
 */
export async function benchMobile(runs, parts = ['load', 'use', 'conversation']) {
  const [vapi, n8n, floors] = await Promise.all([
    ensurePublishedWidget('vapi'),
    ensurePublishedWidget('n8n'),
    buildFloors(),
  ]);
  const server = await startBenchServer({ vendors: { vapi, n8n }, floors });
  const browser = await launchChromium(FAKE_MICROPHONE);
  try {
    const loads = parts.includes('load') ? await measureLoads(browser, server, runs) : null;
    const use = parts.includes('use') ? await measureInteractions(browser, server, runs) : null;
    const conversation = parts.includes('conversation') ? await measureConversation(browser, server, runs) : null;
    const rows = [
      ...(loads ? loadRows(loads) : []),
      ...(use ? useRows(use) : []),
      ...(conversation ? conversationRows(conversation) : []),
    ];
    const figures = {
      slowdown: CPU_SLOWDOWN,
      runs,
      chromium: browser.version(),
      versions: { vapi: versionOf('vapi'), n8n: versionOf('n8n') },
      loads,
      use,
      conversation,
    };
    return { rows, figures };
  } finally {
    await browser.close();
    await server.close();
  }
}
