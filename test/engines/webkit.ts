import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '../support/patience';
import type { EngineDriver, EnginePage, Key, ViewportSize } from './driver';

/** Debian's webkit2gtk-driver and the MiniBrowser of libwebkit2gtk; the environment overrides them. */
const DRIVER = process.env.WEBKIT_DRIVER_PATH ?? 'WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide, wider than a phone: this GTK stylesheet
 * shrinks it to nothing, so the window can be as narrow as the viewport asked for.
 */
const GTK_CSS =
  'toolbar, toolbar *, entry, button, headerbar { min-width: 0; min-height: 0; padding: 0; margin: 0; ' +
  'border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.01); }\n';

/** W3C WebDriver key codes. */
const KEYS: Record<Key, string> = { Enter: '\uE007', Tab: '\uE004', Escape: '\uE00C' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** One WebDriver session: its commands as HTTP calls. */
function webDriverClient(base: string) {
  return async function command<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${route}: ${reply.value.error}: ${reply.value.message}`);
    return reply.value;
  };
}

type Command = ReturnType<typeof webDriverClient>;

/** Waits for the driver to answer its status (it starts in well under a second). */
async function driverReady(command: Command, driver: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (driver.exitCode !== null) throw new Error(`${DRIVER} exited with ${driver.exitCode}`);
    try {
      await command('GET', '/status');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${DRIVER} did not answer`);
}

/** The script WebDriver runs: the call's source, its promise settled through the async callback. */
function asyncScript(source: string): string {
  return `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => ${source}).then(
  (value) => done({ value: value === undefined ? null : value }),
  (error) => done({ error: String((error && error.stack) || error) }),
);`;
}

/**
 * A window of the session. WebDriver has one current window per session, so each command first makes
 * this one current (a second MiniBrowser tab never answers pointer actions: each page has a window).
 */
function webKitPage(
  session: Command,
  handle: string,
  current: { handle: string },
  release: () => Promise<void>,
): EnginePage {
  const inWindow = async <T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> => {
    if (current.handle !== handle) {
      await session('POST', '/window', { handle });
      current.handle = handle;
    }
    return session<T>(method, route, body);
  };
  const keys = (text: string) =>
    inWindow('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [...text].flatMap((value) => [
            { type: 'keyDown', value },
            { type: 'keyUp', value },
          ]),
        },
      ],
    });
  return {
    goto: async (url) => void (await inWindow('POST', '/url', { url })),
    reload: async () => void (await inWindow('POST', '/refresh', {})),
    async evaluate(fn, ...args) {
      const source = `(${fn.toString()})(...${JSON.stringify(args)})`;
      const result = await inWindow<{ value?: unknown; error?: string }>('POST', '/execute/async', {
        script: asyncScript(source),
        args: [],
      });
      if (result.error !== undefined) throw new Error(`in the page: ${result.error}`);
      return result.value as never;
    },
    async click(x, y) {
      await inWindow('POST', '/actions', {
        actions: [
          {
            type: 'pointer',
            id: 'mouse',
            parameters: { pointerType: 'mouse' },
            actions: [
              { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      });
    },
    type: async (text) => void (await keys(text)),
    press: async (key) => void (await keys(KEYS[key])),
    screenshot: async () => Buffer.from(await inWindow<string>('GET', '/screenshot'), 'base64'),
    close: release,
  };
}

/**
 * Sizes the current window so that its viewport (the window less MiniBrowser's shrunk toolbar) is `size`.
 * A new window applies a size some time after the command returns, later on a busy machine: each try
 * reads the window and its viewport as they are now, and asks for the window the difference calls for,
 * until the viewport is `size`.
 */
async function sizeWindow(session: Command, size: ViewportSize): Promise<void> {
  await session('POST', '/window/rect', size);
  await eventually(async () => {
    const [width, height] = await session<[number, number]>('POST', '/execute/sync', {
      script: 'return [innerWidth, innerHeight]',
      args: [],
    });
    if (width === size.width && height === size.height) return;
    const window = await session<{ width: number; height: number }>('GET', '/window/rect');
    const wanted = { width: window.width + size.width - width, height: window.height + size.height - height };
    // Read while a resize was still being applied, the two disagree: the next try reads them again.
    if (wanted.width > 0 && wanted.height > 0) await session('POST', '/window/rect', wanted);
    throw new Error(`the viewport is ${width}×${height}, not yet ${size.width}×${size.height}`);
  });
}

/**
 * Safari's engine: WebKitGTK's MiniBrowser driven by WebKitWebDriver over plain W3C WebDriver, inside a
 * virtual X display (xvfb-run).
 */
export async function launchWebKitDriver(): Promise<EngineDriver> {
  const port = await freePort();
  const config = await mkdtemp(path.join(tmpdir(), 'engines-webkit-'));
  await mkdir(path.join(config, 'gtk-3.0'));
  await writeFile(path.join(config, 'gtk-3.0', 'gtk.css'), GTK_CSS);
  const driver = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24', DRIVER, `--port=${port}`], {
    // Without a UTF-8 locale the engine reports navigator.language as "C".
    env: { ...process.env, LANG: 'en_US.UTF-8', XDG_CONFIG_HOME: config },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await driverReady(webDriverClient(base), driver);
  const { sessionId } = await webDriverClient(base)<{ sessionId: string }>('POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
  });
  const session = webDriverClient(`${base}/session/${sessionId}`);
  const first = await session<string>('GET', '/window');
  const current = { handle: first };
  let firstFree = true;
  return {
    engine: 'webkit',
    async open(url, size) {
      let handle = first;
      if (!firstFree) handle = (await session<{ handle: string }>('POST', '/window/new', { type: 'window' })).handle;
      firstFree = false;
      await session('POST', '/window', { handle });
      current.handle = handle;
      await sizeWindow(session, size);
      const release = async () => {
        // The session's first window stays, blank, for the next page: closing the last window ends the session.
        if (handle === first) {
          await page.goto('about:blank');
          firstFree = true;
          return;
        }
        await page.evaluate(() => undefined);
        await session('DELETE', '/window');
        current.handle = '';
      };
      const page = webKitPage(session, handle, current, release);
      await page.goto(url);
      return page;
    },
    async close() {
      await session('DELETE', '').catch(() => undefined);
      if (driver.pid !== undefined) process.kill(-driver.pid);
      await rm(config, { recursive: true, force: true });
    },
  };
}
