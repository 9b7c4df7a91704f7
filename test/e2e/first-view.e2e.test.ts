import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyJson, startFixtureServer, widgetPage, type FixtureServer } from './fixture-server';
import { afterFrames, startSession, type E2eSession } from './harness';

// What a store page pays before the visitor reaches for the widget, and the first tap
// (src/element/store-assistant-element.tsx, src/element/launcher-shell.ts): an element the page's parser
// connects draws its first view at once (the launcher, with the first view's stylesheet alone) and sets
// up the rest once that is painted and the page is idle, or sooner when the visitor reaches for it; a
// method called meanwhile sets it up at once; and a tap on the launcher's first frame opens the card
// once, with the welcome view, however little of the widget is ready.

let session: E2eSession;
let fixtures: FixtureServer;

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  fixtures.handle('/api/chat', (_request, response) => replyJson(response, { output: 'Hello' }));
});
afterAll(async () => {
  await Promise.all([session?.close(), fixtures?.close()]);
});

const ATTRIBUTES = 'mode="floating" brand-name="Acme" webhook-url="/api/chat" typing-speed="0"';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const uniquePath = (name: string) => `/${name}-${Math.random().toString(36).slice(2)}`;

/** The page's own script right after the element, in the same parse: what it saw, into `window.seen`. */
const afterElement = (script: string) =>
  `<script>{const element = document.querySelector('store-assistant'); window.seen = (${script})(element);}</script>`;

/** The page's idle callbacks come `ms` late, as on a store busy loading for that long. */
const delayIdleCallbacks = (page: Page, ms: number) =>
  page.addInitScript((delay) => {
    const idle = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => window.setTimeout(() => idle(callback, options), delay);
  }, ms);

const welcomeShown = (page: Page) =>
  page.evaluate(() => {
    const title = document.querySelector('store-assistant')?.shadowRoot?.querySelector('.floating-card .home-title');
    return Boolean(title && title.getBoundingClientRect().height > 0);
  });

describe('before the visitor reaches for the widget', () => {
  it('an element the page parses draws its launcher in that parse, and nothing more of the widget', async () => {
    const { page, pageErrors } = await session.newPage();
    const html = widgetPage(ATTRIBUTES).replace(
      '</body>',
      `${afterElement(`(element) => ({
        launchers: [...element.shadowRoot.querySelectorAll('[part~="launcher"]')].map((launcher) => launcher.closest('.launcher-shell') !== null),
        stylesheets: element.shadowRoot.adoptedStyleSheets.length,
        views: element.shadowRoot.querySelectorAll('.root:not(.launcher-shell)').length,
        open: element.hasAttribute('open'),
      })`)}</body>`,
    );
    await page.goto(fixtures.page(uniquePath('parsed'), html));
    // In the parse that created it, the element has drawn its first view: the launcher in plain DOM, with
    // the first view's stylesheet alone, and no view of React's.
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({
      launchers: [true],
      stylesheets: 1,
      views: 0,
      open: false,
    });
    // Then the rest sets up (here in idle time) and React's launcher takes over, with the whole stylesheet.
    await expect
      .poll(() => page.locator('store-assistant .launcher-shell').count(), { interval: 20, timeout: 10_000 })
      .toBe(0);
    expect(await page.locator('store-assistant [part~="launcher"]').count()).toBe(1);
    expect(
      await page.evaluate(() => document.querySelector('store-assistant')?.shadowRoot?.adoptedStyleSheets.length),
    ).toBe(2);
    expect(pageErrors).toEqual([]);
  });

  it('the rest waits for idle time, unless the visitor reaches for the launcher: then it sets up at once', async () => {
    const { page, pageErrors } = await session.newPage();
    // The page's idle callbacks come 60 s late, as on a store busy loading for that long.
    await delayIdleCallbacks(page, 60_000);
    await page.addInitScript(() => {
      const record = window as unknown as { ready?: boolean };
      document.addEventListener('store-assistant:ready', () => (record.ready = true));
    });
    await page.goto(fixtures.page(uniquePath('waits'), widgetPage(ATTRIBUTES)));
    await expect.poll(() => page.locator('store-assistant .launcher-shell').count()).toBe(1);
    // Frames and tasks go by (more than the set-up takes when it may go on): the first view stays alone.
    for (let round = 0; round < 5; round++) await afterFrames(page);
    const alone = () =>
      page.evaluate(() => ({
        shell: document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll('.launcher-shell').length,
        stylesheets: document.querySelector('store-assistant')?.shadowRoot?.adoptedStyleSheets.length,
        ready: (window as unknown as { ready?: boolean }).ready ?? false,
      }));
    expect(await alone()).toEqual({ shell: 1, stylesheets: 1, ready: false });
    // A pointer over the launcher: everything sets up, React's launcher takes over, long before idle time.
    await page.locator('store-assistant [part~="launcher"]').hover();
    await expect.poll(alone, { interval: 20, timeout: 10_000 }).toEqual({ shell: 0, stylesheets: 2, ready: true });
    await page.locator('store-assistant [part~="launcher"]').click();
    await expect.poll(() => welcomeShown(page), { interval: 20, timeout: 10_000 }).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('looks as React’s launcher looks, its icon drawn inline: the pixels hardly differ when React takes over', async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    // Idle callbacks wait until the test lets them run: the first view stays alone until then.
    await page.addInitScript(() => {
      const waiting: (() => void)[] = [];
      window.requestIdleCallback = (callback) =>
        waiting.push(() => callback({ didTimeout: false, timeRemaining: () => 50 })) && 0;
      (window as unknown as { releaseIdle: () => void }).releaseIdle = () => {
        for (const run of waiting.splice(0)) run();
        window.requestIdleCallback = (callback) =>
          window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0);
      };
    });
    await page.goto(fixtures.page(uniquePath('looks'), widgetPage(ATTRIBUTES)));
    await expect.poll(() => page.locator('store-assistant .launcher-shell').count()).toBe(1);
    await afterFrames(page);
    const box = await page.locator('store-assistant [part~="launcher"]').boundingBox();
    if (!box) throw new Error('no launcher');
    const clip = { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24 };
    const drawnFirst = await page.screenshot({ clip });
    await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
    await expect
      .poll(() => page.locator('store-assistant .launcher-shell').count(), { interval: 20, timeout: 10_000 })
      .toBe(0);
    await afterFrames(page);
    const react = await page.screenshot({ clip });
    // The share of pixels whose colour moved by more than a rounding (antialiasing may differ by a step).
    const differing = await page.evaluate(
      async ([first, second]) => {
        const pixels = async (base64: string) => {
          const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
          context?.drawImage(image, 0, 0);
          return context?.getImageData(0, 0, image.width, image.height).data ?? new Uint8ClampedArray();
        };
        const [a, b] = await Promise.all([pixels(first as string), pixels(second as string)]);
        let moved = 0;
        for (let index = 0; index < a.length; index += 4) {
          const distance = [0, 1, 2].reduce(
            (sum, channel) => sum + Math.abs((a[index + channel] ?? 0) - (b[index + channel] ?? 0)),
            0,
          );
          if (distance > 48) moved++;
        }
        return a.length === b.length && a.length > 0 ? moved / (a.length / 4) : 1;
      },
      [drawnFirst.toString('base64'), react.toString('base64')],
    );
    expect(differing).toBeLessThan(0.02);
    expect(pageErrors).toEqual([]);
  });

  it('pasted with defer, as the README says, the first view’s code runs in the task after the script’s, its attributes are read in the next, it is drawn in the one after, and the rest waits', async () => {
    const { page, pageErrors } = await session.newPage();
    await delayIdleCallbacks(page, 60_000);
    // Counted from the script's own task, as it defines the element (which upgrades it and posts the set-up's
    // first task): what is drawn one task later (the first view's code evaluated, nothing drawn yet), two
    // tasks later (its attributes read, nothing drawn yet) and three tasks later (the launcher). A script of
    // the page's own, before ours, wraps the definition: a second deferred script would run after ours only
    // once it has downloaded, and a busy machine lets our tasks run before it.
    const countTasks = `<script>{const define = customElements.define.bind(customElements);
      customElements.define = (name, definition, options) => { define(name, definition, options);
        const root = document.querySelector('store-assistant').shadowRoot;
        const drawn = () => ({ launchers: root.querySelectorAll('.launcher-shell [part~="launcher"]').length,
          stylesheets: root.adoptedStyleSheets.length, views: root.querySelectorAll('.root:not(.launcher-shell)').length });
        const inNextTask = (then) => { const channel = new MessageChannel(); channel.port1.onmessage = then; channel.port2.postMessage(null); };
        inNextTask(() => { const seen = [drawn()]; inNextTask(() => { seen.push(drawn());
          inNextTask(() => { seen.push(drawn()); window.seen = seen; }); }); }); };}</script>`;
    const html = `<!doctype html><html><head><meta charset="utf-8">${countTasks}<script defer src="/store-assistant.js"></script>
</head><body><store-assistant ${ATTRIBUTES}></store-assistant></body></html>`;
    await page.goto(fixtures.page(uniquePath('deferred'), html));
    const nothing = { launchers: 0, stylesheets: 0, views: 0 };
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen?: unknown }).seen))
      .toEqual([nothing, nothing, { launchers: 1, stylesheets: 1, views: 0 }]);
    for (let round = 0; round < 5; round++) await afterFrames(page);
    expect(await page.locator('store-assistant .launcher-shell').count()).toBe(1);
    await page.locator('store-assistant [part~="launcher"]').click();
    await expect.poll(() => welcomeShown(page), { interval: 20, timeout: 10_000 }).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('a kept call or a takeover to take up does not wait for idle time', async () => {
    const { page, pageErrors } = await session.newPage();
    await delayIdleCallbacks(page, 60_000);
    await page.addInitScript(() => {
      // A takeover saved by a previous page of the store (its record is read by the widget once set up).
      sessionStorage.setItem('store-assistant:handoff:earlier-conversation', '{}');
    });
    await page.goto(fixtures.page(uniquePath('resumes'), widgetPage(ATTRIBUTES)));
    await expect
      .poll(
        () => page.evaluate(() => document.querySelector('store-assistant')?.shadowRoot?.adoptedStyleSheets.length),
        { interval: 20, timeout: 10_000 },
      )
      .toBe(2);
    expect(pageErrors).toEqual([]);
  });

  it('a method the page calls in that same parse sets the store up at once: open() opens the card', async () => {
    const { page, pageErrors } = await session.newPage();
    const html = widgetPage(ATTRIBUTES).replace(
      '</body>',
      `${afterElement('(element) => { element.open(); return element.hasAttribute("open"); }')}</body>`,
    );
    await page.goto(fixtures.page(uniquePath('early-open'), html));
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toBe(true);
    await expect.poll(() => welcomeShown(page), { interval: 20, timeout: 10_000 }).toBe(true);
    expect(await page.locator('store-assistant [part~="launcher"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('an element removed in that same parse sets nothing up, and one put back sets up once', async () => {
    const { page, pageErrors } = await session.newPage();
    const html = widgetPage(ATTRIBUTES).replace(
      '</body>',
      `${afterElement('(element) => { element.remove(); window.removed = element; return element.isConnected; }')}</body>`,
    );
    await page.goto(fixtures.page(uniquePath('removed'), html));
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toBe(false);
    // After more message tasks than its set-up takes (queued behind them), and a frame, nothing was drawn in it.
    await page.evaluate(async () => {
      for (let task = 0; task < 4; task++)
        await new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(null);
        });
    });
    await afterFrames(page);
    expect(
      await page.evaluate(
        () => (window as unknown as { removed: HTMLElement }).removed.shadowRoot?.childElementCount ?? -1,
      ),
    ).toBe(0);
    await page.evaluate(() => document.body.append((window as unknown as { removed: HTMLElement }).removed));
    await expect
      .poll(() => page.locator('store-assistant [part~="launcher"]').count(), { interval: 20, timeout: 10_000 })
      .toBe(1);
    await page.locator('store-assistant [part~="launcher"]').click();
    await expect.poll(() => welcomeShown(page), { interval: 20, timeout: 10_000 }).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe('an inline card', () => {
  it('draws its greeting in the parse, where React’s card then draws it: no box moves, nothing is drawn twice', async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 390, height: 844 } });
    const INLINE = 'brand-name="Acme" webhook-url="/api/chat" typing-speed="0"';
    // The boxes of the card, its greeting and its title, and whose they are (the first view's or React's).
    const boxes = `(element) => {
      const box = (selector) => {
        const found = [...element.shadowRoot.querySelectorAll(selector)];
        const rect = found[0]?.getBoundingClientRect();
        return { count: found.length, box: rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : null };
      };
      return {
        shell: element.shadowRoot.querySelectorAll('.card-shell').length,
        card: box('[part~="card"]'),
        hero: box('[part~="hero"]'),
        title: box('.home-title'),
        titleText: element.shadowRoot.querySelector('.home-title')?.textContent ?? null,
        heroColor: getComputedStyle(element.shadowRoot.querySelector('[part~="hero"]')).color,
      };
    }`;
    const html = widgetPage(INLINE).replace('</body>', `${afterElement(boxes)}</body>`);
    await page.goto(fixtures.page(uniquePath('inline'), html));
    const first = await page.evaluate(() => (window as unknown as { seen: Record<string, unknown> }).seen);
    expect(first).toMatchObject({ shell: 1, titleText: 'Welcome to Acme' });
    // React's card takes over: the first view is gone, and the greeting is where it was.
    await expect
      .poll(() => page.locator('store-assistant .card-shell').count(), { interval: 20, timeout: 10_000 })
      .toBe(0);
    await expect.poll(() => page.locator('store-assistant .home-body').count()).toBe(1);
    const react = await page.evaluate(
      (source) => new Function(`return (${source})`)()(document.querySelector('store-assistant')),
      boxes,
    );
    expect(react).toEqual({ ...first, shell: 0 });
    expect(pageErrors).toEqual([]);
  });
});

describe('a tap on the launcher’s first frame', () => {
  it('opens the card once and shows the welcome view: the tap is not lost, nothing is drawn twice', async () => {
    const { page, pageErrors } = await session.newPage(phone);
    // Before anything of the page runs, the launcher's first frame is found in an animation frame (its
    // box, and whether it is still the one drawn before React), and every open and close is counted.
    // The page's idle callbacks come 3 s late, as on a store still busy loading: React waits for a
    // visitor reaching for the launcher, so the tap lands on the launcher drawn before React.
    await page.addInitScript(() => {
      const idle = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (callback, options) => window.setTimeout(() => idle(callback, options), 3000);
      const record = window as unknown as Record<string, unknown>;
      const events: string[] = (record.events = []);
      for (const name of ['open', 'close'])
        document.addEventListener(`store-assistant:${name}`, () => events.push(name));
      const look = () => {
        const launcher = document.querySelector('store-assistant')?.shadowRoot?.querySelector('[part~="launcher"]');
        const box = launcher?.getBoundingClientRect();
        if (!launcher || !box?.width) return requestAnimationFrame(look);
        record.launcher = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        record.earlyAtFirstFrame = launcher.closest('.launcher-shell') !== null;
      };
      requestAnimationFrame(look);
      // Where the tap landed: on the launcher drawn before React, or React's.
      window.addEventListener(
        'pointerdown',
        (event) => {
          record.tappedEarly ??= event
            .composedPath()
            .some((node) => (node as Element).classList?.contains('launcher-shell'));
        },
        { capture: true },
      );
    });
    await page.goto(fixtures.page(uniquePath('first-tap'), widgetPage(ATTRIBUTES)), { waitUntil: 'commit' });
    const at = (await (
      await page.waitForFunction(() => (window as unknown as { launcher?: unknown }).launcher, null, { polling: 'raf' })
    ).jsonValue()) as { x: number; y: number };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect.poll(() => welcomeShown(page), { interval: 20, timeout: 10_000 }).toBe(true);
    await afterFrames(page);
    const seen = await page.evaluate(() => {
      const record = window as unknown as Record<string, unknown>;
      const root = document.querySelector('store-assistant')!.shadowRoot!;
      return {
        earlyAtFirstFrame: record.earlyAtFirstFrame,
        tappedEarly: record.tappedEarly,
        events: record.events,
        cards: root.querySelectorAll('.floating-card').length,
        launchers: root.querySelectorAll('[part~="launcher"]').length,
        open: document.querySelector('store-assistant')!.hasAttribute('open'),
      };
    });
    // The launcher's first frame is the one drawn before React, and that is the one tapped.
    expect(seen.earlyAtFirstFrame).toBe(true);
    expect(seen.tappedEarly).toBe(true);
    expect(seen).toMatchObject({ events: ['open'], cards: 1, launchers: 1, open: true });
    expect(pageErrors).toEqual([]);
  });
});
