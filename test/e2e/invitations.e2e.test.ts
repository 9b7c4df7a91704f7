import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, type FixtureServer } from './fixture-server';
import type { ReceivedRequest } from './guided-replies-fixtures';
import { axeViolations } from './axe';
import { recordQuestionRequests } from '../support/question-requests';
import { afterFrames, startSession, type E2eSession } from './harness';

/**
 * Invitations in Chromium against the built bundle, their timing driven by the page clock: each trigger
 * and each cap, a closed invitation remembered and forgotten as `persist` says, none on checkout pages
 * or while the visitor types in the page's own fields, the keyboard and screen reader's view, a phone
 * with a sticky buy bar, and the webhook's questions asked after load in idle time.
 */
let session: E2eSession;
let fixtures: FixtureServer;
const requests: ReceivedRequest[] = [];
const SUGGESTED = ['Is the linen pre-washed?', 'Which size fits me?'];

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/chat', (request, response, body) => {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    requests.push({ method: request.method ?? '', headers: request.headers, body: parsed });
    if (parsed.action === 'suggest') return replyJson(response, { suggestions: SUGGESTED });
    replyJson(response, { output: `You said: ${String(parsed.message)}` });
  });
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const PRODUCT = { '@context': 'https://schema.org', '@type': 'Product', name: 'Linen Shirt', category: 'Apparel' };
const QUESTIONS = JSON.stringify({ apparel: ['Does {product} run small?', 'How do I wash it?'], '*': ['Any help?'] });

/** A product page of a store: its Product markup, a field of its own, its cart form, room to scroll. */
function productPage(attributes: string, extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Linen Shirt · Acme</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js"></script>
<script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head>
<body style="margin:0"><main><h1>Linen Shirt</h1>
<label>Newsletter <input id="newsletter" type="email"></label>
<form id="buy" action="/cart/add" method="post" onsubmit="event.preventDefault()"><input type="hidden" name="id" value="1"><button>Add to cart</button></form>
<div style="height:3000px"></div>${extra}</main>
<store-assistant mode="floating" brand-name="Acme" webhook-url="/chat" ${attributes}></store-assistant></body></html>`;
}

interface Opened {
  page: Page;
  context: BrowserContext;
  url: string;
  pageErrors: string[];
}

/** Opens a product page with `attributes` on a page clock the test drives; `path` ends its address. */
async function openProduct(
  attributes: string,
  options: { path?: string; extra?: string; context?: Parameters<E2eSession['newPage']>[0] } = {},
): Promise<Opened> {
  const opened = await session.newPage(options.context);
  await opened.page.clock.install();
  await recordInviteEvents(opened.page);
  const url = fixtures.page(
    `/invite-${Math.random().toString(36).slice(2)}${options.path ?? '/products/linen-shirt'}`,
    productPage(attributes, options.extra),
  );
  await opened.page.goto(url);
  await launcher(opened.page).waitFor();
  return { ...opened, url };
}

/** Opens `url` again in a new tab of `context` (the same localStorage, a new sessionStorage). */
async function openTab(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.clock.install();
  await recordInviteEvents(page);
  await page.goto(url);
  await launcher(page).waitFor();
  return page;
}

/** Records every store-assistant:invite detail in `window.__invites`, on every load of the page. */
async function recordInviteEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const details: unknown[] = [];
    (window as unknown as { __invites: unknown[] }).__invites = details;
    document.addEventListener('store-assistant:invite', (event) => details.push((event as CustomEvent).detail));
  });
}

const inviteEvents = (page: Page) => page.evaluate(() => (window as unknown as { __invites: unknown[] }).__invites);
const widget = (page: Page) => page.locator('store-assistant');
const invitation = (page: Page) => widget(page).getByRole('group', { name: 'Questions about Linen Shirt?' });
const launcher = (page: Page) => widget(page).getByRole('button', { name: 'Open chat with Acme' });

/** Lets a quiet minute pass on the page's clock, then checks that no invitation showed. */
async function expectNoInvitation(page: Page): Promise<void> {
  await page.clock.fastForward(60_000);
  await afterFrames(page);
  expect(await inviteEvents(page)).toEqual([]);
  expect(await widget(page).locator('[part~="invite"]').count()).toBe(0);
}

/** Lets the page load and go idle, then `seconds` pass: a `time:` trigger of that many seconds fires. */
async function waitSeconds(page: Page, seconds: number): Promise<void> {
  await page.clock.fastForward(seconds * 1000);
}

describe('invitations: the triggers', () => {
  it("time: after the store's delay, the product's questions; a tap asks one and the reply comes", async () => {
    const { page, pageErrors } = await openProduct(`invite="time:10" invite-questions='${QUESTIONS}'`);
    await waitSeconds(page, 9);
    expect(await inviteEvents(page)).toEqual([]);
    await waitSeconds(page, 1);
    await invitation(page).waitFor();
    expect(await inviteEvents(page)).toEqual([
      { action: 'shown', trigger: 'time', questions: ['Does Linen Shirt run small?', 'How do I wash it?'] },
    ]);
    await invitation(page).getByRole('button', { name: 'Does Linen Shirt run small?' }).click();
    await widget(page).locator('.message').filter({ hasText: 'You said: Does Linen Shirt run small?' }).waitFor();
    expect(await widget(page).getAttribute('open')).toBe('');
    expect(await invitation(page).count()).toBe(0);
    expect((await inviteEvents(page)).at(-1)).toEqual({
      action: 'asked',
      index: 0,
      question: 'Does Linen Shirt run small?',
    });
    expect(pageErrors).toEqual([]);
  });

  it('scroll: once the visitor has scrolled that far down the page', async () => {
    const { page } = await openProduct(`invite="scroll:50" invite-questions='${QUESTIONS}'`);
    await waitSeconds(page, 30);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.2));
    await afterFrames(page);
    expect(await inviteEvents(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await invitation(page).waitFor();
    expect(await inviteEvents(page)).toMatchObject([{ action: 'shown', trigger: 'scroll' }]);
  });

  it('exit: a mouse leaving through the top of the window, on a desktop', async () => {
    const { page } = await openProduct(`invite="exit" invite-questions='${QUESTIONS}'`);
    await waitSeconds(page, 5);
    await page.mouse.move(400, 300);
    await page.mouse.move(400, 200);
    await afterFrames(page);
    expect(await inviteEvents(page)).toEqual([]);
    await page.mouse.move(400, -20);
    await invitation(page).waitFor();
    expect(await inviteEvents(page)).toMatchObject([{ action: 'shown', trigger: 'exit' }]);
  });

  it('exit: never on a touch screen', async () => {
    const { page } = await openProduct(`invite="exit" invite-questions='${QUESTIONS}'`, {
      context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
    await waitSeconds(page, 5);
    await page.evaluate(() =>
      document.documentElement.dispatchEvent(
        new MouseEvent('mouseout', { bubbles: true, clientX: 200, clientY: -1, relatedTarget: null }),
      ),
    );
    await expectNoInvitation(page);
  });

  it("add-to-cart: the page's own cart form", async () => {
    const { page } = await openProduct(`invite="add-to-cart" invite-questions='${QUESTIONS}'`);
    await waitSeconds(page, 30);
    expect(await inviteEvents(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await invitation(page).waitFor();
    expect(await inviteEvents(page)).toMatchObject([{ action: 'shown', trigger: 'add-to-cart' }]);
  });

  it('returning: not on the first visit, on the next one', async () => {
    const { page, context, url } = await openProduct(`invite="returning" invite-questions='${QUESTIONS}'`);
    await expectNoInvitation(page);
    const next = await openTab(context, url);
    await waitSeconds(next, 5);
    await invitation(next).waitFor();
    expect(await inviteEvents(next)).toMatchObject([{ action: 'shown', trigger: 'returning' }]);
  });
});

describe('invitations: the caps', () => {
  it('once per page and invite-limit per session', async () => {
    const { page } = await openProduct(`invite="time:2 add-to-cart" invite-limit="1" invite-questions='${QUESTIONS}'`);
    await waitSeconds(page, 2);
    await invitation(page).waitFor();
    await invitation(page).getByRole('button', { name: 'Close the questions' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.clock.fastForward(60_000);
    expect(await inviteEvents(page)).toHaveLength(2);
    expect(await widget(page).locator('[part~="invite"]').count()).toBe(0);
    // The same session, another page: the one invitation of the session has been used.
    const limited = await openProduct(
      `invite="time:2" invite-limit="1" invite-snooze="0" invite-questions='${QUESTIONS}'`,
    );
    await waitSeconds(limited.page, 2);
    await invitation(limited.page).waitFor();
    await limited.page.reload();
    await launcher(limited.page).waitFor();
    await expectNoInvitation(limited.page);
  });

  it('no invitation on a checkout or cart page, unless invite-on-checkout', async () => {
    for (const path of ['/checkout', '/cart']) {
      const { page } = await openProduct(`invite="time:1" invite-questions='${QUESTIONS}'`, { path });
      await expectNoInvitation(page);
    }
    const allowed = await openProduct(`invite="time:1" invite-on-checkout="on" invite-questions='${QUESTIONS}'`, {
      path: '/checkout',
    });
    await waitSeconds(allowed.page, 1);
    await invitation(allowed.page).waitFor();
  });

  it("never while the visitor types in the page's own field; once they leave it", async () => {
    const { page } = await openProduct(`invite="time:5" invite-questions='${QUESTIONS}'`);
    await page.locator('#newsletter').click();
    await page.keyboard.type('ada@');
    await waitSeconds(page, 30);
    await afterFrames(page);
    expect(await inviteEvents(page)).toEqual([]);
    expect(await widget(page).locator('[part~="invite"]').count()).toBe(0);
    await page.locator('h1').click();
    await invitation(page).waitFor();
  });
});

describe('invitations: closed, remembered as persist allows', () => {
  /** Shows the invitation on a new page with `persist`, closes it, and returns the page. */
  async function closeOne(persist: string): Promise<Opened> {
    const opened = await openProduct(
      `invite="time:1" invite-limit="20" persist="${persist}" invite-questions='${QUESTIONS}'`,
    );
    await waitSeconds(opened.page, 1);
    await invitation(opened.page).getByRole('button', { name: 'Close the questions' }).click();
    await invitation(opened.page).waitFor({ state: 'detached' });
    expect((await inviteEvents(opened.page)).at(-1)).toEqual({ action: 'dismissed' });
    return opened;
  }

  it('persist="local": away after a reload and in a new tab', async () => {
    const { page, context, url } = await closeOne('local');
    await page.reload();
    await launcher(page).waitFor();
    await expectNoInvitation(page);
    await expectNoInvitation(await openTab(context, url));
  });

  it('persist="session": away after a reload, back in a new tab', async () => {
    const { page, context, url } = await closeOne('session');
    await page.reload();
    await launcher(page).waitFor();
    await expectNoInvitation(page);
    const tab = await openTab(context, url);
    await waitSeconds(tab, 1);
    await invitation(tab).waitFor();
  });

  it('persist="none": back on the next page', async () => {
    const { page } = await closeOne('none');
    await page.reload();
    await launcher(page).waitFor();
    await waitSeconds(page, 1);
    await invitation(page).waitFor();
  });
});

describe('invitations: keyboard, screen reader, phone, motion', () => {
  it('is a named group, announced once, its questions reached and asked from the keyboard', async () => {
    const { page } = await openProduct(`invite="time:1" invite-questions='${QUESTIONS}'`);
    await waitSeconds(page, 1);
    await invitation(page).waitFor();
    const status = widget(page).getByRole('status').filter({ hasText: 'Questions about Linen Shirt?' });
    expect(await status.count()).toBe(1);
    const inWidget = (await axeViolations(page)).filter((violation) =>
      violation.targets.some((target) => target.includes('store-assistant')),
    );
    expect(inWidget).toEqual([]);
    expect(await invitation(page).getByRole('button').allTextContents()).toEqual([
      '',
      'Does Linen Shirt run small?',
      'How do I wash it?',
    ]);
    await page.locator('h1').click();
    const question = invitation(page).getByRole('button', { name: 'How do I wash it?' });
    for (let presses = 0; presses < 10 && !(await question.evaluate((button) => button.matches(':focus'))); presses++)
      await page.keyboard.press('Tab');
    expect(await question.evaluate((button) => button.matches(':focus'))).toBe(true);
    const before = requests.length;
    await page.keyboard.press('Enter');
    await widget(page).locator('.message').filter({ hasText: 'You said: How do I wash it?' }).waitFor();
    // Asked once: one request.
    expect(requests.slice(before).map((request) => request.body.message)).toEqual(['How do I wash it?']);
  });

  it('on a 390×844 phone it sits beside the launcher, in its row, above the sticky buy bar it does not cover', async () => {
    const bar =
      '<div id="buy-bar" style="position:fixed;left:0;right:0;bottom:0;height:72px;background:#111"><button>Buy now</button></div><style>store-assistant{--sa-launcher-offset:72px}</style>';
    const { page } = await openProduct(`invite="time:1" invite-questions='${QUESTIONS}'`, {
      extra: bar,
      context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
    await waitSeconds(page, 1);
    await invitation(page).waitFor();
    await widget(page).evaluate((host) =>
      Promise.all(
        (host.shadowRoot?.querySelector('.invite')?.getAnimations() ?? []).map((animation) => animation.finished),
      ),
    );
    const boxes = await page.evaluate(() => {
      const host = document.querySelector('store-assistant');
      const rect = (element: Element | null | undefined) => {
        const box = element?.getBoundingClientRect();
        return box ? { left: box.left, right: box.right, top: box.top, bottom: box.bottom } : null;
      };
      return {
        invite: rect(host?.shadowRoot?.querySelector('.invite')),
        launcher: rect(host?.shadowRoot?.querySelector('.launcher')),
        bar: rect(document.getElementById('buy-bar')),
      };
    });
    const { invite, launcher: button, bar: buyBar } = boxes;
    if (!invite || !button || !buyBar) throw new Error(`missing boxes: ${JSON.stringify(boxes)}`);
    expect(invite.left).toBeGreaterThanOrEqual(8);
    expect(invite.right).toBeLessThanOrEqual(390 - 8);
    // Beside the launcher, in its row: no higher up the page than the launcher itself.
    expect(invite.right).toBeLessThanOrEqual(button.left);
    expect(invite.top).toBeGreaterThanOrEqual(button.top);
    expect(invite.bottom).toBeLessThanOrEqual(button.bottom);
    expect(invite.bottom).toBeLessThanOrEqual(buyBar.top);
    expect(button.bottom).toBeLessThanOrEqual(buyBar.top);
    // The store's own buy button stays clickable: nothing of the widget lies over it.
    await page.getByRole('button', { name: 'Buy now' }).click({ trial: true });
    const onTop = await page.evaluate(() => {
      const button = document.querySelector('#buy-bar button')?.getBoundingClientRect();
      return button ? document.elementFromPoint(button.left + 2, button.top + 2)?.textContent : null;
    });
    expect(onTop).toBe('Buy now');
  });

  it.each([
    ['no-preference', true],
    ['reduce', false],
  ] as const)('with prefers-reduced-motion: %s it animates: %s', async (reducedMotion, animated) => {
    const { page } = await openProduct(`invite="time:1" invite-questions='${QUESTIONS}'`, {
      context: { reducedMotion },
    });
    await waitSeconds(page, 1);
    await invitation(page).waitFor();
    const animation = await widget(page)
      .locator('[part~="invite"]')
      .evaluate((element) => getComputedStyle(element).animationName);
    expect(animation !== 'none').toBe(animated);
  });
});

describe("invitations: the webhook's questions", () => {
  it('are asked after load, in idle time, once, with the page facts, and shown', async () => {
    const { page } = await session.newPage();
    await page.addInitScript(() => {
      const original = window.fetch.bind(window);
      const seen: unknown[] = [];
      (window as unknown as { __asked: unknown[] }).__asked = seen;
      window.fetch = (input, init) => {
        if (typeof init?.body === 'string' && init.body.includes('"suggest"')) seen.push(document.readyState);
        return original(input, init);
      };
    });
    await page.clock.install();
    await recordInviteEvents(page);
    const before = requests.length;
    const url = fixtures.page(
      `/suggest-${Math.random().toString(36).slice(2)}/products/linen-shirt`,
      productPage('invite="time:3"'),
    );
    await page.goto(url);
    await launcher(page).waitFor();
    await waitSeconds(page, 3);
    await invitation(page).waitFor();
    expect(await invitation(page).getByRole('button').allTextContents()).toEqual(['', ...SUGGESTED]);
    const asked = requests.slice(before).filter((request) => request.body.action === 'suggest');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toMatchObject({
      action: 'suggest',
      context: { page: { title: 'Linen Shirt · Acme', product: { name: 'Linen Shirt', category: 'Apparel' } } },
    });
    expect(typeof asked[0]?.body.sessionId).toBe('string');
    expect(await page.evaluate(() => (window as unknown as { __asked: unknown[] }).__asked)).toEqual(['complete']);
  });

  it('are not asked on the product pages where no invitation can show: after a close, and past invite-limit', async () => {
    const asked = (page: Page) => page.evaluate(() => (window as unknown as { __asked: unknown[] }).__asked.length);
    /** Opens a product page whose invitation asks the webhook for its questions, recording each ask. */
    const open = async (attributes: string) => {
      const { page } = await session.newPage();
      await page.addInitScript(recordQuestionRequests);
      await page.clock.install();
      await recordInviteEvents(page);
      const url = `/suggest-${Math.random().toString(36).slice(2)}/products/linen-shirt`;
      await page.goto(fixtures.page(url, productPage(attributes)));
      await launcher(page).waitFor();
      await waitSeconds(page, 1);
      await invitation(page).waitFor();
      expect(await asked(page)).toBe(1);
      return page;
    };
    /** The next product pages of the visit (reloads): a quiet minute each, no invitation and no ask. */
    const expectNothingAsked = async (page: Page) => {
      for (const round of [1, 2]) {
        await page.reload();
        await launcher(page).waitFor();
        await expectNoInvitation(page);
        expect({ round, asked: await asked(page) }).toEqual({ round, asked: 0 });
      }
    };

    // Closed: snoozed for invite-snooze (a week by default).
    const closed = await open('invite="time:1" invite-limit="20"');
    await invitation(closed).getByRole('button', { name: 'Close the questions' }).click();
    await invitation(closed).waitFor({ state: 'detached' });
    await expectNothingAsked(closed);

    // Shown as many times as invite-limit allows this session, never closed.
    const limited = await open('invite="time:1" invite-limit="1" invite-snooze="0"');
    await expectNothingAsked(limited);
  });

  // On the browser's own clock: on the page clock the widget's wait for a frame runs on fake time, which
  // the test's fast-forward can run before the browser has drawn anything.
  it("are asked only once the page has drawn a frame (the browser's own frames, counted from the start)", async () => {
    const { page } = await session.newPage();
    await page.addInitScript(recordQuestionRequests);
    const url = fixtures.page(
      `/suggest-${Math.random().toString(36).slice(2)}/products/linen-shirt`,
      productPage('invite="time:1"'),
    );
    await page.goto(url);
    await invitation(page).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __asked: unknown[] }).__asked)).toEqual([
      { readyState: 'complete', framesRendered: true },
    ]);
  });
});
