// A long saved conversation on the phone profile. The storage is seeded before the widget loads with a
// conversation of 50, 200 or 1,000 messages, every reply with markdown and two product cards; the
// inline widget loads on its welcome view and the visitor taps the recent conversation. Measured: tap to
// its newest message drawn on the screen (opened), tap to every kept message in the page (complete),
// the longest task from the tap until complete, a fast scroll through it with its longest task, and
// how the open time grows with the conversation. The widget keeps the latest
// 200 messages of a conversation (MAX_MESSAGES_PER_CONVERSATION), so 1,000 saved messages open as 200.
import { median } from './lib.mjs';
import { blocking, longTasksBetween, openPhone } from './mobile-session.mjs';

const HOST = 'store-assistant';
export const CONVERSATION_SIZES = [50, 200, 1000];
/** The most messages the widget keeps of a conversation (src/chat/conversations/conversation-storage.ts). */
const KEPT = 200;
const WEBHOOK = '/api/chat?reply=first';

/** The saved form of a conversation of `size` messages (the storage format the widget reads). */
export function savedConversation(size, now = Date.now()) {
  const messages = Array.from({ length: size }, (_, index) => {
    const timestamp = now - (size - index) * 60_000;
    if (index % 2 === 0)
      return {
        id: `q${index}`,
        sender: 'user',
        content: `Question ${index}: do you have the linen shirt in size M?`,
        timestamp,
      };
    return {
      id: `a${index}`,
      sender: 'bot',
      content: `Answer ${index}: **yes**, the *linen shirt* comes in M.\n\n- Six colours\n- Free returns within 30 days\n\nSee the [size guide](https://shop.example/sizes).`,
      timestamp,
      products: [0, 1].map((card) => ({
        title: `Linen shirt ${index}-${card}`,
        description: 'Relaxed fit, mother-of-pearl buttons.',
        url: `https://shop.example/p/${index}-${card}`,
        image: `/product-${card}.png`,
        price: 59 + card,
      })),
    };
  });
  return { version: 2, id: 'bench-conversation', updatedAt: now, messages, removed: [] };
}

/** Puts `conversation` in localStorage as the open one for the page's webhook, before any script runs. */
function seed({ webhook, conversation }) {
  const url = new URL(webhook, location.href).href;
  localStorage.setItem(`store-assistant:chat:${url} ${conversation.id}`, JSON.stringify(conversation));
  localStorage.setItem(`store-assistant:open:${url}`, conversation.id);
}

/** The longest task of a fast scroll from the newest message towards the oldest (at most 20,000 px). */
async function scrollThrough(page, cdp) {
  const box = await page.evaluate((host) => {
    const scroller = document.querySelector(host).shadowRoot.querySelector('[part~="messages"]');
    const rect = scroller.getBoundingClientRect();
    return {
      x: rect.left + rect.width / 2,
      y: rect.top + rect.height / 2,
      height: scroller.scrollHeight,
      top: scroller.scrollTop,
    };
  }, HOST);
  const start = await page.evaluate(() => performance.now());
  // Positive yDistance scrolls up: towards the oldest messages, at 6,000 px/s, a hard flick held. The
  // gesture is the compositor's smooth scroll (its touch source does not scroll in headless Chromium).
  await cdp.send('Input.synthesizeScrollGesture', {
    x: Math.round(box.x),
    y: Math.round(box.y),
    yDistance: Math.min(box.height, 20_000),
    speed: 6000,
    gestureSourceType: 'mouse',
  });
  await page.waitForTimeout(300);
  const moved = await page.evaluate(
    (host) => document.querySelector(host).shadowRoot.querySelector('[part~="messages"]').scrollTop,
    HOST,
  );
  if (moved === box.top) throw new Error('the conversation did not scroll');
  return blocking(await longTasksBetween(page, start)).longest;
}

/** One phone: seed, load, tap the recent conversation, scroll. */
async function openOnce(browser, server, size) {
  const { context, page, cdp } = await openPhone(browser, server);
  try {
    await context.addInitScript(seed, { webhook: WEBHOOK, conversation: savedConversation(size) });
    await page.goto(`${server.url}/mobile/ours-inline`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.__bench.painted());
    // The visitor taps once the page has settled: the markdown renderer is loaded by then.
    await page.waitForFunction(
      () => performance.getEntriesByName('store-assistant:markdown-evaluated').length > 0,
      null,
      { timeout: 20_000, polling: 200 },
    );
    await page.waitForTimeout(500);
    const shown = Math.min(size, KEPT);
    await page.evaluate(
      ([host, count, newest]) => {
        const root = document.querySelector(host).shadowRoot;
        const messages = () => root.querySelectorAll('.message');
        document.addEventListener('pointerdown', (event) => (window.__bench.tapAt = event.timeStamp), {
          capture: true,
          once: true,
        });
        // Opened: the newest message is on the screen. Complete: every kept message is in the page.
        window.__bench.opened = window.__bench.drawn(() => {
          const last = [...messages()].at(-1);
          return last?.textContent.includes(newest) && window.__bench.visible(last);
        });
        window.__bench.complete = window.__bench.drawn(() => messages().length >= count);
      },
      [HOST, shown, `Answer ${size - 1}:`],
    );
    await page.tap(`${HOST} section[aria-labelledby="recent-conversation-title"] .list-action`);
    const { tapAt, openedAt, completeAt } = await page.evaluate(async () => ({
      openedAt: await window.__bench.opened,
      completeAt: await window.__bench.complete,
      tapAt: window.__bench.tapAt,
    }));
    await page.waitForTimeout(300);
    const opening = blocking(await longTasksBetween(page, tapAt));
    const scroll = size === CONVERSATION_SIZES.at(-1) ? await scrollThrough(page, cdp) : null;
    return { open: openedAt - tapAt, complete: completeAt - tapAt, openLongest: opening.longest, scroll };
  } finally {
    await context.close();
  }
}

/** `runs` phones per size: per size the median open time and longest task; the scroll of the largest. */
export async function measureConversation(browser, server, runs) {
  const bySize = {};
  for (const size of CONVERSATION_SIZES) {
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await openOnce(browser, server, size));
    bySize[size] = {
      shown: Math.min(size, KEPT),
      open: median(samples.map((sample) => sample.open)),
      complete: median(samples.map((sample) => sample.complete)),
      openLongest: median(samples.map((sample) => sample.openLongest)),
      scroll: samples[0].scroll === null ? null : median(samples.map((sample) => sample.scroll)),
      samples,
    };
  }
  return bySize;
}
