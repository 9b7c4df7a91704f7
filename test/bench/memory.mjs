// Memory: 50 cycles of adding and removing the element, each with a conversation and a demo call. The
// JS heap must end within 10% of the first cycle's, with no timers, animation frames, window or document
// listeners or audio elements left behind.
//
// A few unmeasured cycles come first: V8 compiles and optimises code over the first cycles (feedback,
// baseline and optimised code live in the heap too), which is warm-up, not growth. React's one
// document listener, added once per page with the first root, is part of the baseline for the same reason.
// The widget goes into a box of fixed size and resource timings are cleared each cycle, so the browser's
// own buffers (layout-shift and resource-timing entries) do not count as the widget's growth.
import { heapAfterGc, pageUrl, round } from './lib.mjs';

export const CYCLES = 50;
export const WARM_UP_CYCLES = 10;

export async function benchMemory(browser, server, cycles = CYCLES) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${pageUrl(server, '')}&empty`);
  let baseline = null;
  const heaps = [];
  const leftovers = [];
  for (let cycle = -WARM_UP_CYCLES; cycle < cycles; cycle++) {
    await page.evaluate(async () => {
      const el = document.createElement('store-assistant');
      for (const [name, value] of Object.entries({
        'webhook-url': '/api/chat?reply=short',
        'typing-speed': '0',
        'voice-provider': 'demo',
        persist: 'none',
      }))
        el.setAttribute(name, value);
      const ready = new Promise((resolve) => el.addEventListener('store-assistant:ready', resolve, { once: true }));
      let box = document.getElementById('box');
      if (!box) {
        box = document.createElement('div');
        box.id = 'box';
        box.style.cssText = 'position:fixed;inset:0;overflow:hidden';
        document.body.append(box);
      }
      box.append(el);
      await ready;
      const replied = new Promise((resolve) =>
        el.addEventListener('store-assistant:message', (event) => event.detail.sender === 'bot' && resolve(), {
          once: false,
        }),
      );
      el.sendMessage('Do you ship to Canada?');
      await replied;
      const connected = new Promise((resolve) =>
        el.addEventListener('store-assistant:call-start', resolve, { once: true }),
      );
      const heard = new Promise((resolve) =>
        el.addEventListener('store-assistant:transcript', resolve, { once: true }),
      );
      el.startCall();
      await connected;
      await heard;
      el.remove();
      performance.clearResourceTimings();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const active = await page.evaluate(() => window.__bench.active());
    if (cycle < 0) {
      baseline = active;
      continue;
    }
    leftovers.push(active);
    if (cycle === 0 || cycle === cycles - 1) heaps.push(await heapAfterGc(cdp));
  }
  await context.close();
  const [first, last] = heaps;
  const growth = (last - first) / first;
  const left = leftovers.map((active) => ({
    timers: active.timers - baseline.timers,
    frames: active.frames - baseline.frames,
    listeners: active.listeners - baseline.listeners,
    audio: active.audio - baseline.audio,
  }));
  const worst = (key) => Math.max(...left.map((entry) => entry[key]));
  const audio = Math.max(...leftovers.map((active) => active.audio));
  const clean = ['timers', 'frames', 'listeners'].every((key) => worst(key) <= 0) && audio === 0;
  return [
    {
      group: 'memory',
      name: `JS heap after cycle 1 (after ${WARM_UP_CYCLES} warm-up cycles)`,
      value: round(first / 1024 / 1024, 2),
      unit: 'MB',
    },
    { group: 'memory', name: `JS heap after cycle ${cycles}`, value: round(last / 1024 / 1024, 2), unit: 'MB' },
    {
      group: 'memory',
      name: `heap growth over ${cycles} add/remove cycles`,
      value: round(growth * 100, 1),
      unit: '%',
      budget: { max: 10 },
      pass: growth <= 0.1,
    },
    {
      group: 'memory',
      name: 'left behind after removal: timers / frames / listeners / audio',
      value: `${worst('timers')} / ${worst('frames')} / ${worst('listeners')} / ${audio}`,
      unit: '',
      budget: { max: 0 },
      pass: clean,
    },
  ];
}
