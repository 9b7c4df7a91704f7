// What each long task is, on the phone profile: one cold load (or one action after it) traced with
// Chromium's performance trace and sampled with the DevTools protocol's CPU profiler at the same time.
// For every main-thread task over 50 ms it prints the trace's breakdown (script evaluation, style,
// layout, paint, ...) and where the script time went: the functions and the original source files,
// read through the bundle's source map.
//   node test/bench/trace.mjs [ours-inline|ours-floating|vapi|...] [--action load|preload|open|reply|conversation] [--slowdown 4]
// Build first (npm run build): the trace reads dist/store-assistant.js.map.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/chromium.mjs';
import { savedConversation } from './mobile-conversation.mjs';
import { openPhone } from './mobile-session.mjs';
import { ensurePublishedWidget } from './published-widgets.mjs';
import { startBenchServer } from './server.mjs';
import { attribute, loadSourceMap, summariseTask } from './trace-analysis.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const subject = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'ours-inline';
const action = argument('action', 'load');
const slowdown = Number(argument('slowdown', 4));
/** Tasks over this many ms are printed (50: the long tasks; lower it to see the whole critical path). */
const threshold = Number(argument('over', 50));
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink',
  'blink.user_timing',
  'loading',
];

/** The scenario traced: after `ready` (the page loaded and settled, untraced) unless it is the load. */
const scenarios = {
  load: {
    prepare: async () => {},
    ready: async () => {},
    act: async (page, server) => {
      await page.goto(`${server.url}/mobile/${subject}`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => window.__bench.painted());
      await page.waitForTimeout(1000);
    },
  },
  preload: {
    prepare: async () => {},
    ready: async (page, server) => {
      await page.goto(`${server.url}/mobile/${subject}`, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => window.__bench.painted());
    },
    act: (page) => page.waitForTimeout(4000),
  },
  // Tapping the floating launcher (trace ours-floating): the interaction whose input-to-paint the benchmark measures.
  open: {
    prepare: async () => {},
    ready: settled,
    act: async (page) => {
      await page.tap('store-assistant [part~="launcher"]');
      await page.evaluate(() =>
        window.__bench.drawn(() =>
          document.querySelector('store-assistant').shadowRoot.querySelector('.floating-card:not([hidden])'),
        ),
      );
      await page.waitForTimeout(300);
    },
  },
  reply: {
    prepare: async () => {},
    ready: settled,
    act: async (page) => {
      await page.evaluate(async () => {
        const element = document.querySelector('store-assistant');
        element.sendMessage('Do you have linen shirts?');
        await window.__bench.drawn(
          () =>
            element.shadowRoot.querySelectorAll('.product-card').length >= 3 &&
            !element.shadowRoot.querySelector('.typing-cursor'),
        );
      });
      await page.waitForTimeout(300);
    },
  },
  conversation: {
    prepare: (context) =>
      context.addInitScript(
        ({ conversation }) => {
          const url = new URL('/api/chat?reply=first', location.href).href;
          localStorage.setItem(`store-assistant:chat:${url} ${conversation.id}`, JSON.stringify(conversation));
          localStorage.setItem(`store-assistant:open:${url}`, conversation.id);
        },
        { conversation: savedConversation(1000) },
      ),
    ready: settled,
    act: async (page, server, cdp) => {
      await page.tap('store-assistant section[aria-labelledby="recent-conversation-title"] .list-action');
      await page.evaluate(() =>
        window.__bench.drawn(
          () => document.querySelector('store-assistant').shadowRoot.querySelectorAll('.message').length >= 200,
        ),
      );
      await page.waitForTimeout(300);
      // Then a fast scroll through it, as the benchmark does.
      const box = await page.evaluate(
        () => document.querySelector('store-assistant').shadowRoot.querySelector('[part~="messages"]').scrollHeight,
      );
      await cdp.send('Input.synthesizeScrollGesture', {
        x: 195,
        y: 300,
        yDistance: Math.min(box, 20_000),
        speed: 6000,
        gestureSourceType: 'mouse',
      });
    },
  },
};

/** Loads the page untraced and waits until the markdown renderer has been preloaded. */
async function settled(page, server) {
  await page.goto(`${server.url}/mobile/${subject}`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => window.__bench.painted());
  await page.waitForFunction(
    () => performance.getEntriesByName('store-assistant:markdown-evaluated').length > 0,
    null,
    { timeout: 20_000, polling: 200 },
  );
  await page.waitForTimeout(500);
}

const scenario = scenarios[action];
if (!scenario) throw new Error(`--action must be one of ${Object.keys(scenarios).join(', ')}`);
const [vapi, n8n] = await Promise.all([ensurePublishedWidget('vapi'), ensurePublishedWidget('n8n')]);
const server = await startBenchServer({ vendors: { vapi, n8n } });
const browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
try {
  const { context, page, cdp } = await openPhone(browser, server, { slowdown });
  await scenario.prepare(context);
  await scenario.ready(page, server);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser.startTracing(page, { categories: CATEGORIES });
  await cdp.send('Profiler.start');
  await scenario.act(page, server, cdp);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const map = await loadSourceMap(path.join(here, '../../dist/store-assistant.js'));
  const tasks = summariseTask(trace.traceEvents ?? trace, threshold);
  console.log(`${subject}, ${action}, CPU slowed ${slowdown}×: ${tasks.length} task(s) over ${threshold} ms`);
  for (const task of tasks) {
    console.log(
      `\n■ task at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms (CPU ${task.cpu.toFixed(0)} ms)`,
    );
    console.log(`  trace: ${task.breakdown.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`);
    const { functions, files } = attribute(profile, task, map);
    console.log(
      `  files (self time, ms): ${files
        .slice(0, 10)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ')}`,
    );
    console.log(
      `  functions: ${functions
        .slice(0, 12)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ')}`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
