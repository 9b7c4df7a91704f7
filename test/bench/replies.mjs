// Replies: revealing a 3,000-character markdown reply with product cards at 8 ms per character,
// parsing a 5 MB reply, and rendering hostile replies (deep nesting, long delimiter runs, many links).
import { HOSTILE_REPLIES } from './hostile-replies.mjs';
import { median, metrics, pageUrl, percentile, round, traced, workPerFrame } from './lib.mjs';

async function openWidget(browser, server, attributes) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(pageUrl(server, attributes));
  await page.waitForFunction(() => performance.getEntriesByName('painted').length > 0);
  return { context, page, cdp };
}

export async function benchReveal(browser, server) {
  const { context, page, cdp } = await openWidget(
    browser,
    server,
    `webhook-url="/api/chat?reply=long" typing-speed="8"`,
  );
  // Load the markdown stack first, as the idle preload does on a real page, so only the reveal is measured.
  await page.evaluate(() => document.querySelector('store-assistant').startChat());
  await page.waitForFunction(
    () => performance.getEntriesByName('store-assistant:markdown-evaluated').length > 0,
    null,
    { timeout: 10_000 },
  );
  const before = await metrics(cdp);
  let revealStart = 0;
  let revealEnd = 0;
  const activity = await traced(browser, page, async () => {
    await page.evaluate(() => document.querySelector('store-assistant').sendMessage('Tell me about the linen shirt'));
    await page.waitForFunction(() =>
      document.querySelector('store-assistant').shadowRoot.querySelector('.typing-cursor'),
    );
    revealStart = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.waitForFunction(
      () => {
        const root = document.querySelector('store-assistant').shadowRoot;
        return root.querySelector('.product-card') && !root.querySelector('.typing-cursor');
      },
      null,
      { timeout: 60_000, polling: 250 },
    );
    revealEnd = await page.evaluate(() => performance.timeOrigin + performance.now());
  });
  const after = await metrics(cdp);
  await context.close();
  // Trace timestamps are monotonic microseconds; only frames inside the reveal count. The trace's clock
  // and the page's differ, so the window is taken as the frames between the first and last busy ones.
  const frames = workPerFrame(activity);
  const busy = frames.map((work, index) => (work > 0 ? index : -1)).filter((index) => index >= 0);
  const revealFrames = busy.length ? frames.slice(busy[0], busy[busy.length - 1] + 1) : [];
  const p95 = percentile(revealFrames, 95);
  return [
    {
      group: 'replies',
      name: `reveal of 3,000 characters + 6 cards: frames`,
      value: revealFrames.length,
      unit: 'frames',
    },
    {
      group: 'replies',
      name: 'main-thread work (CPU) per frame, p50',
      value: round(percentile(revealFrames, 50), 2),
      unit: 'ms',
    },
    {
      group: 'replies',
      name: 'main-thread work (CPU) per frame, p95',
      value: round(p95, 2),
      unit: 'ms',
      budget: { max: 4 },
      pass: p95 < 4,
    },
    {
      group: 'replies',
      name: 'main-thread work (CPU) per frame, max',
      value: round(Math.max(...revealFrames), 2),
      unit: 'ms',
    },
    {
      group: 'replies',
      name: 'scripting time of the reveal, total',
      value: round((after.ScriptDuration - before.ScriptDuration) * 1000),
      unit: 'ms',
    },
    { group: 'replies', name: 'reveal duration', value: round((revealEnd - revealStart) / 1000, 1), unit: 's' },
  ];
}

export async function benchHugeReply(browser, server, runs = 5) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await openWidget(
      browser,
      server,
      `webhook-url="/api/chat?reply=huge" typing-speed="0" persist="none"`,
    );
    await page.evaluate(() => document.querySelector('store-assistant').startChat());
    await page.waitForFunction(
      () => performance.getEntriesByName('store-assistant:markdown-evaluated').length > 0,
      null,
      { timeout: 10_000 },
    );
    samples.push(
      await page.evaluate(async () => {
        const el = document.querySelector('store-assistant');
        const start = performance.now();
        el.sendMessage('Show me everything');
        await new Promise((resolve) => {
          const check = () => (el.shadowRoot.querySelector('.message.bot') ? resolve() : setTimeout(check, 20));
          check();
        });
        // Let the message paint, so its rendering counts too.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
        const tasks = window.__bench.longTasks.filter((task) => task.start >= start);
        const bot = el.shadowRoot.querySelector('.message.bot');
        return {
          longest: Math.max(0, ...tasks.map((task) => task.duration)),
          total: tasks.reduce((sum, task) => sum + task.duration, 0),
          elapsed: performance.now() - start,
          shown:
            bot.textContent.includes('Big catalogue answer') && bot.querySelectorAll('.product-card').length === 12,
        };
      }),
    );
    if (!samples[samples.length - 1].shown) throw new Error('the 5 MB reply was not shown with its text and 12 cards');
    await context.close();
  }
  const of = (key) => samples.map((sample) => sample[key]);
  const longest = median(of('longest'));
  return [
    {
      group: 'replies',
      name: `5 MB reply: longest main-thread task (median of ${runs})`,
      value: round(longest),
      unit: 'ms',
      budget: { max: 100 },
      pass: longest <= 100,
    },
    {
      group: 'replies',
      name: '5 MB reply: longest main-thread task, worst run',
      value: round(Math.max(...of('longest'))),
      unit: 'ms',
    },
    { group: 'replies', name: '5 MB reply: long-task time, total', value: round(median(of('total'))), unit: 'ms' },
    { group: 'replies', name: '5 MB reply: send to shown', value: round(median(of('elapsed'))), unit: 'ms' },
  ];
}

/**
 * Hostile replies (test/bench/hostile-replies.mjs), each as long as the widget shows: the main-thread
 * work (CPU time, from a trace) from sending until the reply is shown and announced, per reply. Each
 * reply gets a new conversation, so none pays for the ones before it.
 */
export async function benchHostileReplies(browser, server, runs = 3) {
  const { context, page } = await openWidget(
    browser,
    server,
    `webhook-url="/api/chat?reply=short" typing-speed="0" persist="none"`,
  );
  await page.evaluate(() => document.querySelector('store-assistant').startChat());
  await page.waitForFunction(
    () => performance.getEntriesByName('store-assistant:markdown-evaluated').length > 0,
    null,
    { timeout: 10_000 },
  );
  const results = [];
  // A short reply first, for comparison: what any reply costs (the request, a new conversation's render).
  for (const name of ['a short reply, for comparison', ...Object.keys(HOSTILE_REPLIES)]) {
    const kind = name in HOSTILE_REPLIES ? `hostile:${name}` : 'short';
    const samples = [];
    for (let run = 0; run < runs; run++) {
      await page.evaluate((kind) => {
        const el = document.querySelector('store-assistant');
        el.setAttribute('webhook-url', `/api/chat?reply=${encodeURIComponent(kind)}`);
        el.newChat();
      }, kind);
      await page.waitForTimeout(50);
      const activity = await traced(browser, page, async () => {
        await page.evaluate(() => document.querySelector('store-assistant').sendMessage('Go on'));
        await page.waitForFunction(
          () =>
            /^Assistant: /.test(
              document.querySelector('store-assistant').shadowRoot.querySelector('[aria-live="polite"]')?.textContent ??
                '',
            ),
          null,
          { timeout: 30_000, polling: 50 },
        );
        // Let the reply paint, so its layout and paint count too.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      });
      const failed = await page.evaluate(() =>
        Boolean(document.querySelector('store-assistant').shadowRoot.querySelector('.render-error')),
      );
      if (failed) throw new Error(`the reply "${name}" broke the widget`);
      const cpu = activity.tasks.map((task) => task.cpu);
      samples.push({ longest: Math.max(0, ...cpu), total: cpu.reduce((sum, value) => sum + value, 0) });
    }
    results.push({
      name,
      longest: median(samples.map((sample) => sample.longest)),
      total: median(samples.map((sample) => sample.total)),
    });
  }
  await context.close();
  const hostile = results.slice(1);
  const worst = (key) => hostile.reduce((a, b) => (b[key] > a[key] ? b : a));
  const longest = worst('longest');
  const total = worst('total');
  return [
    {
      group: 'hostile',
      name: `${hostile.length} hostile replies of 10,000 characters: longest main-thread task (CPU), worst reply ("${longest.name}")`,
      value: round(longest.longest),
      unit: 'ms',
      budget: { max: 50 },
      pass: longest.longest <= 50,
    },
    {
      group: 'hostile',
      name: `main-thread work (CPU) per reply, worst reply ("${total.name}")`,
      value: round(total.total),
      unit: 'ms',
    },
    {
      group: 'hostile',
      name: 'main-thread work (CPU) per reply, median',
      value: round(median(hostile.map((result) => result.total))),
      unit: 'ms',
    },
    ...results.map((result) => ({
      group: 'hostile',
      name: `"${result.name}": longest task (all work ${round(result.total)} ms)`,
      value: round(result.longest),
      unit: 'ms',
    })),
  ];
}

/**
 * A megabyte pasted into the message box, the caret moved to its end, two keys typed and Enter pressed
 * (refused: it is over the limit): the longest main-thread task while the widget handles it.
 */
export async function benchHugePaste(browser, server, runs = 5) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await openWidget(
      browser,
      server,
      `webhook-url="/api/chat" typing-speed="0" persist="none"`,
    );
    await page.evaluate(() => document.querySelector('store-assistant').startChat());
    const box = page.locator('store-assistant').getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    const start = await page.evaluate(() => performance.now());
    // A paste arrives as one input event carrying the whole text.
    await box.evaluate(
      (element, text) => {
        element.focus();
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(element, text);
        element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      },
      'Lorem ipsum dolor sit amet.\n'.repeat(40_000).slice(0, 1_000_000),
    );
    await box.press('End');
    await box.pressSequentially('!?');
    await box.press('Enter');
    await page.locator('store-assistant [part~="character-count"]').waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    samples.push(
      await page.evaluate(
        (since) =>
          Math.max(0, ...window.__bench.longTasks.filter((task) => task.start >= since).map((task) => task.duration)),
        start,
      ),
    );
    await context.close();
  }
  const longest = median(samples);
  return [
    {
      group: 'replies',
      name: `1 MB paste into the message box: longest main-thread task (median of ${runs})`,
      value: round(longest),
      unit: 'ms',
      budget: { max: 1_500 },
      pass: longest <= 1_500,
    },
  ];
}
