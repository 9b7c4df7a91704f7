// The demo server: the QA page at /, the mock store webhook at /api/chat, the takeover desk (the
// visitor's stream at /api/events, the agent page at /agent), the shop (product pages with
// JSON-LD, a cart behind Shopify's Ajax Cart API, the /cart page), product images, static assets, the
// built bundle and configurator script, and the 404 page elsewhere. `?lang=<tag>` on any page sets its
// <html lang> (demo/page-language.mjs).
//   node demo/server.mjs          (PORT overrides 5173; HOST overrides 127.0.0.1)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleChat, productImage } from './mock-webhook.mjs';
import { handleStore } from './store.mjs';
import { handleTakeover } from './takeover-desk.mjs';
import { handleShopper } from './orders.mjs';
import { withPageLanguage } from './page-language.mjs';

const demoDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(demoDir, '..', 'dist');
/** The demo's own built scripts (the configurator's), written by build.mjs. */
const demoBuildDir = path.join(demoDir, 'build');
/** Scripts build.mjs writes, by address: a missing one is reported in the console, not as a 404 page. */
const BUILT_SCRIPTS = new Map([
  ['/store-assistant.js', 'dist/store-assistant.js'],
  ['/build/configurator.js', 'demo/build/configurator.js'],
]);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

/** Pages served at fixed paths. */
const PAGES = {
  '/': 'pages/index.html',
  '/index.html': 'pages/index.html',
  '/csp': 'pages/index.html',
  '/configurator': 'pages/configurator.html',
  '/agent': 'pages/agent.html',
  '/agent.js': 'pages/agent.js',
  '/desk-markdown.js': 'pages/desk-markdown.js',
};

/**
 * The agent desk's Content-Security-Policy: scripts from the demo only, so nothing a message holds could
 * run there even if it reached the page as HTML (desk-markdown.js escapes every message first).
 */
const DESK_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'";

/**
 * The strict Content-Security-Policy of the /csp page: no inline script or style, no eval. The widget
 * must render and chat under it without a single violation.
 */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'";

/** Reads `relative` inside `base`, refusing anything that escapes it. Null when missing. */
async function readInside(base, relative) {
  const file = path.resolve(base, `.${path.posix.normalize(`/${relative}`)}`);
  if (!file.startsWith(base + path.sep)) return null;
  try {
    return { body: await readFile(file), type: TYPES[path.extname(file)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/** A page's HTML in the language its address asks for (`?lang=`); any other file as it is. */
function asPage(file, url) {
  return file.type === TYPES['.html'] ? withPageLanguage(file.body.toString('utf8'), url) : file.body;
}

function send(response, status, body, type, headers = {}) {
  response.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(body);
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://demo.local');
  if (await handleChat(request, response, url)) return;
  if (await handleTakeover(request, response, url)) return;
  if (handleShopper(request, response, url)) return;
  if (await handleStore(request, response, url)) return;
  const productImageMatch = /^\/assets\/products\/([a-z0-9-]+)\.svg$/.exec(url.pathname);
  const image = productImageMatch && productImage(productImageMatch[1]);
  if (image) return send(response, 200, image, TYPES['.svg']);
  const page = PAGES[url.pathname];
  if (page && (request.method === 'GET' || request.method === 'HEAD')) {
    const file = await readInside(demoDir, page);
    const policy = url.pathname === '/csp' ? STRICT_CSP : url.pathname === '/agent' ? DESK_CSP : null;
    const headers = policy ? { 'Content-Security-Policy': policy } : {};
    if (file) return send(response, 200, asPage(file, url), file.type, headers);
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const asset = url.pathname.startsWith('/assets/')
      ? await readInside(path.join(demoDir, 'assets'), url.pathname.slice('/assets/'.length))
      : /^\/store-assistant(?:\.[a-z0-9-]+)?\.js(\.map|\.LEGAL\.txt)?$/.test(url.pathname)
        ? await readInside(distDir, url.pathname.slice(1))
        : url.pathname.startsWith('/build/')
          ? await readInside(demoBuildDir, url.pathname.slice('/build/'.length))
          : null;
    if (asset) return send(response, 200, asset.body, asset.type);
    const missing = BUILT_SCRIPTS.get(url.pathname);
    if (missing) return send(response, 503, `console.error("${missing} is missing: run npm run build")`, TYPES['.js']);
  }
  const notFound = await readInside(demoDir, 'pages/404.html');
  send(response, 404, notFound ? asPage(notFound, url) : 'Not found', TYPES['.html']);
}

/** Starts the demo server; resolves once it listens. Port 0 picks a free port. */
export function startDemoServer({ port = 5173, host = '127.0.0.1' } = {}) {
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error('[demo] request failed', error);
      if (!response.headersSent) send(response, 500, 'Internal error', TYPES['.txt']);
      else response.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
      resolve({
        url,
        server,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 5173);
  const { url } = await startDemoServer({ port, host: process.env.HOST ?? '127.0.0.1' });
  console.log(`store-assistant demo: ${url}/  (Ctrl+C to stop)`);
}
