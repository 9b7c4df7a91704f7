import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { startDemoServer } from '../../demo/server.mjs';
import { recordQuestionRequests } from '../support/question-requests';

/**
 * Records the page's console errors, uncaught errors and unhandled rejections in
 * `window.__engineConsole` and in the tab's session storage (so a reload keeps them). WebDriver reports
 * no console, so the page keeps its own.
 */
const CONSOLE_RECORDER = `(() => {
  const key = 'engine-console';
  const record = (line) => {
    const lines = JSON.parse(sessionStorage.getItem(key) || '[]');
    lines.push(String(line).slice(0, 500));
    sessionStorage.setItem(key, JSON.stringify(lines));
  };
  const error = console.error.bind(console);
  console.error = (...args) => { record('console.error: ' + args.map(String).join(' ')); error(...args); };
  addEventListener('error', (event) => record('error: ' + event.message));
  addEventListener('unhandledrejection', (event) => record('unhandled rejection: ' + event.reason));
})();
`;

const RECORDER_PATH = '/__engines/console.js';

/**
 * Resolves `window.__launcherPainted` with the time (ms since navigation) of the first frame in which the
 * floating widget's launcher is laid out: the frame that paints it.
 */
const LAUNCHER_PAINT = `<script>
window.__launcherPainted = new Promise((resolve) => {
  const check = (now) => {
    const launcher = document.querySelector('store-assistant')?.shadowRoot?.querySelector('[part~="launcher"]');
    if (launcher && launcher.getBoundingClientRect().width > 0) return resolve(now);
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
});
</script>`;

/** The question requests' recorder (see {@link recordQuestionRequests}), and the page's Product markup. */
const SUGGEST_RECORDER = `<script>(${recordQuestionRequests.toString()})();</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen Shirt","category":"Apparel"}</script>`;

/** The flows' own pages (a widget set up as a flow needs it), next to the demo's. */
const PAGES: Record<string, string> = {
  '/__engines/dark-arabic': page('color-scheme="dark" lang="ar"'),
  '/__engines/voice-consent': page(
    'voice-provider="demo" voice-consent="Calls are recorded. Read our [privacy notice](https://lumen.example/privacy)."',
  ),
  '/__engines/launcher-paint': page('mode="floating"', LAUNCHER_PAINT),
  '/__engines/product-invite': page('mode="floating" invite="time:1"', SUGGEST_RECORDER),
};

function page(attributes: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><script src="/store-assistant.js" defer></script>
${head}</head><body><store-assistant webhook-url="/api/chat" brand-name="Lumen" ${attributes}></store-assistant></body></html>`;
}

/** Puts the console recorder first in an HTML page's head, before any script of the page. */
function withRecorder(html: string): string {
  const tag = `<script src="${RECORDER_PATH}"></script>`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${tag}`) : `${tag}${html}`;
}

function forward(request: IncomingMessage, response: ServerResponse, target: URL): void {
  const upstream = httpRequest(
    target,
    { method: request.method, headers: { ...request.headers, host: target.host } },
    (reply) => {
      const type = String(reply.headers['content-type'] ?? '');
      if (!type.startsWith('text/html')) {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        const body = withRecorder(Buffer.concat(chunks).toString('utf8'));
        const headers = { ...reply.headers, 'content-length': String(Buffer.byteLength(body)) };
        response.writeHead(reply.statusCode ?? 502, headers).end(body);
      });
    },
  );
  upstream.on('error', (error) => response.writeHead(502).end(String(error)));
  request.pipe(upstream);
}

/**
 * The demo server (its pages, mock webhook and store), behind a front server that adds the console
 * recorder to every page and serves the flows' own pages.
 */
export async function startEngineServer() {
  const demo = await startDemoServer({ port: 0 });
  const front = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://engines.local');
    if (url.pathname === RECORDER_PATH) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(CONSOLE_RECORDER);
    }
    const own = PAGES[url.pathname];
    if (own !== undefined) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void response.end(withRecorder(own));
    }
    forward(request, response, new URL(`${url.pathname}${url.search}`, demo.url));
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const address = front.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    async close(): Promise<void> {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await demo.close();
    },
  };
}
