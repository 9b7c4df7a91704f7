// What the one script costs a store's page before the visitor reaches for the widget, side by side in one
// run on the phone profile (`npm run bench -- --only first-view`): cold loads of the blank page, the floor
// of our bytes (the script inside a function never called), Vapi's launcher, our floating launcher and our
// inline card (painted, TBT, longest task), then a tap on our launcher, once the page has had idle time and
// at once on the launcher's first paint: the tap to the welcome view painted, and the tap's input to next
// paint (Event Timing: from the pointerdown to the frame after its handlers). Two reference launchers show
// what the launcher targets leave room for: our bytes never called, then a launcher drawn by a few lines,
// with a few rules of its own or with the widget's own first-view stylesheet and markup (no budget on
// them; pages/reference-launcher.js). Every figure is a median over the runs, and each target is a ratio
// within this run, so a busy moment on the shared machine weighs on both sides of it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { joinedStylesheet } from '../../build/stylesheets.mjs';
import { launchChromium } from '../support/chromium.mjs';
import { round } from './lib.mjs';
import { measureLoads } from './mobile-load.mjs';
import { bytesFloor, launcherFloors } from './mobile-pages.mjs';
import { medianOf, openPhone, SETTLE_MS } from './mobile-session.mjs';
import { ensurePublishedWidget, versionOf } from './published-widgets.mjs';
import { startBenchServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundlePath = path.join(here, '../../dist/store-assistant.js');
/** The loads compared, each `runs` times, in turn. */
const SUBJECTS = [
  'blank',
  'floor-bytes',
  'vapi',
  'ours-floating',
  'ours-inline',
  'floor-launcher',
  'floor-launcher-styled',
];
const HOST = 'store-assistant';
/** The main script's budget (KiB, gzip). */
const MAIN_SCRIPT_BUDGET_KB = 150;

/**
 * One tap on our floating launcher, on a fresh phone: `idle` waits until the page has painted, settled and
 * had an idle callback; `early` taps in the task after the launcher's first frame. Returns the tap (its
 * pointerdown) to the welcome view painted, and the tap's input to next paint.
 */
async function tapOnce(browser, server, when) {
  const { context, page, cdp } = await openPhone(browser, server);
  try {
    await page.goto(`${server.url}/mobile/ours-floating`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.__bench.painted());
    if (when === 'idle') {
      await page.waitForTimeout(2 * SETTLE_MS);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    }
    const at = await page.evaluate((host) => {
      window.__benchTap = null;
      window.addEventListener('pointerdown', (event) => (window.__benchTap ??= event.timeStamp), { capture: true });
      const box = document.querySelector(host).shadowRoot.querySelector('[part~="launcher"]').getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }, HOST);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const welcome = await page.evaluate(
      (host) =>
        window.__bench.drawn(() =>
          window.__bench.visible(document.querySelector(host).shadowRoot.querySelector('.floating-card .home-title')),
        ),
      HOST,
    );
    await page.waitForTimeout(300);
    return await page.evaluate(
      ([drawn, host]) => {
        const tapped = window.__benchTap;
        const entries = window.__bench.events.filter((entry) => entry.interactionId > 0 && entry.start >= tapped - 1);
        return {
          welcome: drawn - tapped,
          // Under 16 ms Event Timing makes no entry: counted as 16.
          inp: Math.max(16, ...entries.map((entry) => entry.duration)),
          cards: document.querySelector(host).shadowRoot.querySelectorAll('.floating-card').length,
          open: document.querySelector(host).hasAttribute('open'),
        };
      },
      [welcome, HOST],
    );
  } finally {
    await context.close();
  }
}

/** `runs` taps of each kind, alternated; medians and the worst run. */
async function measureTaps(browser, server, runs) {
  const samples = { idle: [], early: [] };
  for (let run = 0; run < runs; run++)
    for (const when of run % 2 ? ['early', 'idle'] : ['idle', 'early'])
      samples[when].push(await tapOnce(browser, server, when));
  const summary = (list) => ({
    welcome: medianOf(list, 'welcome'),
    inp: medianOf(list, 'inp'),
    worstInp: Math.max(...list.map((sample) => sample.inp)),
    samples: list,
  });
  return { idle: summary(samples.idle), early: summary(samples.early) };
}

/** A row of the table; with `max`, a target met at `max` or below. */
const row = (name, value, unit, max) => ({
  group: 'first-view',
  name,
  value: round(value, unit === 'x' ? 2 : 1),
  unit,
  ...(max === undefined ? {} : { budget: { max: round(max, unit === 'x' ? 2 : 1) }, pass: value <= max }),
});

/** The measured figures of each subject, then the targets as ratios of this run. */
function rowsOf(loads, taps, mainKb) {
  const label = {
    blank: 'blank page',
    'floor-bytes': 'floor: our bytes inside a function never called',
    vapi: `Vapi widget ${versionOf('vapi')}, launcher`,
    'ours-floating': 'this widget, floating launcher',
    'ours-inline': 'this widget, inline card',
    'floor-launcher': 'reference: a launcher drawn by a few lines, a few rules',
    'floor-launcher-styled': 'reference: a launcher drawn by a few lines, our stylesheet and markup',
  };
  const rows = [];
  for (const subject of SUBJECTS) {
    const load = loads[subject];
    rows.push(
      row(`${label[subject]}: painted`, load.painted, 'ms'),
      row(`${label[subject]}: script until painted`, load.script, 'ms'),
      row(`${label[subject]}: TBT`, load.tbt, 'ms'),
      row(`${label[subject]}: longest task`, load.longest, 'ms'),
    );
  }
  for (const when of ['idle', 'early'])
    rows.push(
      row(`tap ${when === 'idle' ? 'after idle time' : 'at once'}: tap to welcome painted`, taps[when].welcome, 'ms'),
      row(`tap ${when === 'idle' ? 'after idle time' : 'at once'}: input to next paint`, taps[when].inp, 'ms', 100),
      row(
        `tap ${when === 'idle' ? 'after idle time' : 'at once'}: runs with the card opened once`,
        taps[when].samples.filter((sample) => sample.open && sample.cards === 1).length,
        'runs',
      ),
    );
  const [blank, floor, vapi, floating, inline, bare, styled] = SUBJECTS.map((subject) => loads[subject]);
  rows.push(
    // What the launcher targets leave room for: no budget, for reading beside the ratios below.
    row(
      'reference: a launcher drawn by a few lines, a few rules, painted / floor painted',
      bare.painted / floor.painted,
      'x',
    ),
    row(
      'reference: a launcher drawn by a few lines, our stylesheet and markup, painted / floor painted',
      styled.painted / floor.painted,
      'x',
    ),
    row('main script, gzip', mainKb, 'KB', MAIN_SCRIPT_BUDGET_KB),
    row('floating launcher painted / floor painted', floating.painted / floor.painted, 'x', 1.1),
    row('floating launcher painted / Vapi launcher painted', floating.painted / vapi.painted, 'x', 0.5),
    row(
      'floating launcher: longest task (≤ the floor’s, or 50 ms)',
      floating.longest,
      'ms',
      Math.max(floor.longest, 50),
    ),
    row('inline card: longest task (≤ the floor’s, or 50 ms)', inline.longest, 'ms', Math.max(floor.longest, 50)),
    row('floating launcher: TBT (≤ the floor’s + 5 ms)', floating.tbt, 'ms', floor.tbt + 5),
    row('inline card: TBT (≤ the floor’s + 5 ms)', inline.tbt, 'ms', floor.tbt + 5),
    row('inline card painted / Vapi launcher painted', inline.painted / vapi.painted, 'x', 0.8),
    row('tap after idle time: welcome painted / blank page painted', taps.idle.welcome / blank.painted, 'x', 2),
    row('tap at once: welcome painted / blank page painted', taps.early.welcome / blank.painted, 'x', 4),
    // No tap lost, no double render: every tap opened the card, and there is one card.
    row(
      'taps after which the card was not open exactly once',
      [...taps.idle.samples, ...taps.early.samples].filter((sample) => !(sample.open && sample.cards === 1)).length,
      'runs',
      0,
    ),
  );
  return rows;
}

/** Runs the group: `runs` cold loads of each subject and `runs` taps of each kind. */
export async function benchFirstView(runs) {
  const vapi = await ensurePublishedWidget('vapi');
  const bundle = await readFile(bundlePath, 'utf8');
  const firstViewCss = (await joinedStylesheet(path.join(here, '../../src/ui/first-view.css'))).css;
  const { code: firstViewStylesheet } = await transform(firstViewCss, { loader: 'css', minify: true });
  const icons = await transform(await readFile(path.join(here, '../../src/element/launcher-icons.ts'), 'utf8'), {
    loader: 'ts',
    format: 'esm',
  });
  const { LAUNCHER_ICON_PATHS } = await import(`data:text/javascript,${encodeURIComponent(icons.code)}`);
  const references = await launcherFloors(bundle, firstViewStylesheet, LAUNCHER_ICON_PATHS.launcher);
  const server = await startBenchServer({ vendors: { vapi }, floors: { bytes: bytesFloor(bundle), ...references } });
  const browser = await launchChromium();
  try {
    const loads = await measureLoads(browser, server, runs, SUBJECTS);
    const taps = await measureTaps(browser, server, runs);
    const mainKb = gzipSync(bundle, { level: 9 }).length / 1024;
    return {
      rows: rowsOf(loads, taps, mainKb),
      figures: { runs, chromium: browser.version(), loads, taps },
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
