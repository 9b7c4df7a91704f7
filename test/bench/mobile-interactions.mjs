// After the load, on the phone profile: what a visitor does with the widget.
// - Input to next paint (Event Timing, INP's measure) of opening the floating card with a tap, typing
//   a character and tapping Send.
// - The longest task of the idle markdown preload, of the first reply (text, a list, three cards, at
//   the default typing speed) and of the first call's start (the demo voice provider).
import { blocking, inputToNextPaint, longTasksBetween, medianOf, openPhone, SETTLE_MS } from './mobile-session.mjs';

const HOST = 'store-assistant';
const now = (page) => page.evaluate(() => performance.now());

/** Opens the floating card, types and sends, each a measured interaction. */
async function interactOnce(browser, server) {
  const { context, page } = await openPhone(browser, server);
  try {
    await page.goto(`${server.url}/mobile/ours-floating`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.__bench.painted());
    await page.waitForTimeout(SETTLE_MS);
    const open = await inputToNextPaint(page, () => page.tap(`${HOST} [part~="launcher"]`));
    await page.evaluate((host) => document.querySelector(host).startChat(), HOST);
    await page.waitForTimeout(300);
    await page.tap(`${HOST} textarea`);
    await page.waitForTimeout(300);
    const type = await inputToNextPaint(page, () => page.keyboard.type('H'));
    await page.keyboard.type('ow long is delivery?');
    await page.waitForTimeout(300);
    const send = await inputToNextPaint(page, () => page.tap(`${HOST} .send-button`));
    return { open, type, send };
  } finally {
    await context.close();
  }
}

/** Resolves in the page once `mark` exists, or fails after `timeout` ms. */
const markTime = (page, mark, timeout = 20_000) =>
  page.evaluate(
    ([name, limit]) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const check = () => {
          const entry = performance.getEntriesByName(name)[0];
          if (entry) resolve(entry.startTime);
          else if (performance.now() - started > limit) reject(new Error(`no ${name} mark`));
          else setTimeout(check, 50);
        };
        check();
      }),
    [mark, timeout],
  );

/** The idle preload, the first reply and the first call in one inline widget: each one's longest task. */
async function phasesOnce(browser, server) {
  const { context, page } = await openPhone(browser, server);
  try {
    await page.goto(`${server.url}/mobile/ours-inline`, { waitUntil: 'domcontentloaded' });
    const painted = await page.evaluate(() => window.__bench.painted());
    const evaluated = await markTime(page, 'store-assistant:markdown-evaluated');
    await page.waitForTimeout(500);
    const preload = blocking(await longTasksBetween(page, painted + SETTLE_MS));

    const replyStart = await now(page);
    await page.evaluate(async (host) => {
      const element = document.querySelector(host);
      element.sendMessage('Do you have linen shirts?');
      await window.__bench.drawn(() => {
        const root = element.shadowRoot;
        return root.querySelectorAll('.product-card').length >= 3 && !root.querySelector('.typing-cursor');
      });
    }, HOST);
    await page.waitForTimeout(300);
    const reply = blocking(await longTasksBetween(page, replyStart));

    const callStart = await now(page);
    await page.evaluate(async (host) => {
      const element = document.querySelector(host);
      const connected = new Promise((resolve) =>
        element.addEventListener('store-assistant:call-start', resolve, { once: true }),
      );
      void element.startCall();
      await connected;
    }, HOST);
    await page.waitForTimeout(1000);
    const call = blocking(await longTasksBetween(page, callStart));
    return {
      preload: preload.longest,
      reply: reply.longest,
      call: call.longest,
      preloadAfterPaint: evaluated - painted,
    };
  } finally {
    await context.close();
  }
}

/** `runs` fresh phones for each: medians and worst runs of the interactions and the phases. */
export async function measureInteractions(browser, server, runs) {
  const interactions = [];
  const phases = [];
  for (let run = 0; run < runs; run++) {
    interactions.push(await interactOnce(browser, server));
    phases.push(await phasesOnce(browser, server));
  }
  const summary = (list, keys) =>
    Object.fromEntries(
      keys.map((key) => [key, { median: medianOf(list, key), worst: Math.max(...list.map((sample) => sample[key])) }]),
    );
  return {
    ...summary(interactions, ['open', 'type', 'send']),
    ...summary(phases, ['preload', 'reply', 'call']),
    samples: { interactions, phases },
  };
}
