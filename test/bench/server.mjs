// The benchmark's own server: the built bundle, the instrumentation script, generated test pages and a
// webhook whose replies the benchmarks choose (?reply=short|long|huge|hostile:<name>).
import { createServer } from 'node:http';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOSTILE_REPLIES } from './hostile-replies.mjs';
import { mobilePage } from './mobile-pages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '../..');

/** The questions the webhook suggests for a product page's invitation. */
const SUGGESTIONS = JSON.stringify({
  suggestions: ['Does the Linen Shirt run small?', 'How do I wash linen?', 'When would it arrive?'],
});

/** A 3,000-character markdown reply with six product cards. */
export function longReply() {
  const paragraph =
    'Our **linen shirt** is cut from *stonewashed* European flax, so it softens with every wash. It comes in six colours and sizes XS to XXL; see the [size guide](https://shop.example/sizes) for measurements.';
  const parts = [];
  while (parts.join('\n\n').length < 2700)
    parts.push(parts.length % 3 === 2 ? `- ${paragraph.slice(0, 90)}\n- ${paragraph.slice(90, 180)}` : paragraph);
  const text = parts.join('\n\n').slice(0, 3000);
  const products = Array.from({ length: 6 }, (_, i) => ({
    title: `Product ${i + 1}`,
    description: 'A short description of the product that fits on two lines.',
    url: `https://shop.example/p/${i}`,
    image: `/product-${i}.svg`,
    price: 39 + i,
  }));
  return JSON.stringify({ output: { reply: text, products } });
}

/** A reply of 5 MB: a long text plus a large array of products. */
export function hugeReply() {
  const products = Array.from({ length: 15_000 }, (_, i) => ({
    title: `Product ${i}`,
    description: 'x'.repeat(120),
    url: `https://shop.example/p/${i}`,
    image: 'https://shop.example/i.png',
    price: i,
  }));
  const json = JSON.stringify({ output: { reply: '', products } });
  const text = 'Big catalogue answer. '.repeat(Math.ceil((5 * 1024 * 1024 - json.length) / 22));
  return JSON.stringify({ output: { reply: text, products } });
}

/**
 * A product photo as stores serve them: a raster image (here a 160×120 PNG of one colour), which the
 * browser decodes off the main thread, unlike an SVG.
 */
function productPhoto() {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const [width, height] = [160, 120];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [165, 180, 252]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PRODUCT_PHOTO = productPhoto();

/** A typical first answer: a short paragraph, a list and three product cards (about 500 characters). */
export function firstReply() {
  const text = [
    'Yes! Our **linen shirts** come in six colours and sizes XS to XXL, and they ship within *two working days*.',
    '- Stonewashed European flax, softer with every wash\n- Free returns within 30 days\n- See the [size guide](https://shop.example/sizes) for measurements',
    'Here are the three most popular:',
  ].join('\n\n');
  const products = Array.from({ length: 3 }, (_, i) => ({
    title: `Linen shirt ${i + 1}`,
    description: 'Relaxed fit, mother-of-pearl buttons.',
    url: `https://shop.example/p/${i}`,
    image: `/product-${i}.png`,
    price: 59 + i * 10,
  }));
  return JSON.stringify({ output: { reply: text, products } });
}

const replies = {
  short: () => JSON.stringify({ output: 'Thanks! **Noted.**' }),
  long: longReply,
  huge: hugeReply,
  first: firstReply,
};
// ?reply=hostile:<name>: one of the hostile replies, as the reply's markdown.
for (const [name, text] of Object.entries(HOSTILE_REPLIES))
  replies[`hostile:${name}`] = () => JSON.stringify({ output: text });
const cache = new Map();

function page(attributes, withElement) {
  return `<!doctype html><html><head><meta charset="utf-8">
<script src="/instrument.js"></script>
<script>performance.mark('script-start')</script>
<script src="/store-assistant.js"></script>
<script>performance.mark('script-end')</script>
</head><body>
${withElement ? `<store-assistant ${attributes}></store-assistant>` : ''}
<script>
document.addEventListener('store-assistant:ready', () => {
  performance.mark('ready');
  window.__bench.markdownAtReady = performance.getEntriesByName('store-assistant:markdown-evaluated').length > 0;
  requestAnimationFrame(() => setTimeout(() => performance.mark('painted'), 0));
}, { once: true });
</script>
</body></html>`;
}

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** A file of an unpacked published widget (`/vendor/<key>/<path>`), never outside its folder. */
async function vendorFile(vendors, pathname) {
  const [, , key, ...rest] = pathname.split('/');
  const dir = vendors[key];
  if (!dir) return null;
  const file = path.resolve(dir, decodeURIComponent(rest.join('/')));
  if (!file.startsWith(`${dir}${path.sep}`)) return null;
  return { body: await readFile(file), type: TYPES[path.extname(file)] ?? 'application/octet-stream' };
}

/**
 * Starts the server on a free port. The mobile profile adds `vendors` (the folders of the published
 * widgets, served under /vendor/<key>/) and `floors` (the floor scripts' code by name, /floor/<name>.js).
 * With `compress`, the widget's scripts go out gzipped to a browser that accepts it, as a CDN serves them:
 * Lighthouse's simulated network counts the bytes transferred.
 */
export async function startBenchServer({ vendors = {}, floors = {}, compress = false } = {}) {
  const gzipped = new Map();
  /** `body` as the response to `request`: gzipped (once per path) when asked for and accepted. */
  const encoded = (request, pathname, body) => {
    if (!compress || !/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return { body, headers: {} };
    if (!gzipped.has(pathname)) gzipped.set(pathname, gzipSync(body));
    return { body: gzipped.get(pathname), headers: { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } };
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench.local');
    try {
      if (url.pathname.startsWith('/mobile/')) {
        const html = mobilePage(url.pathname.slice('/mobile/'.length), { bare: url.searchParams.has('bare') });
        if (html === null) return response.writeHead(404).end();
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return response.end(html);
      }
      if (url.pathname === '/mobile-instrument.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        return response.end(await readFile(path.join(here, 'pages/mobile-instrument.js')));
      }
      if (url.pathname.startsWith('/vendor/')) {
        const file = await vendorFile(vendors, url.pathname);
        if (!file) return response.writeHead(404).end();
        response.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' });
        return response.end(file.body);
      }
      const floor = /^\/floor\/([a-z-]+)\.js$/.exec(url.pathname);
      if (floor && floor[1] in floors) {
        response.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
        return response.end(floors[floor[1]]);
      }
      // The widget's script and the parts beside it (the voice SDK, languages).
      if (/^\/store-assistant(?:\.[a-z0-9-]+)?\.js$/.test(url.pathname)) {
        const script = await readFile(path.join(root, 'dist', url.pathname.slice(1)));
        const { body, headers } = encoded(request, url.pathname, script);
        response.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store', ...headers });
        return response.end(body);
      }
      if (url.pathname === '/instrument.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        return response.end(await readFile(path.join(here, 'pages/instrument.js')));
      }
      if (url.pathname === '/page') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return response.end(page(url.searchParams.get('attributes') ?? '', !url.searchParams.has('empty')));
      }
      if (/^\/product-\d+\.png$/.test(url.pathname)) {
        response.writeHead(200, { 'Content-Type': 'image/png' });
        return response.end(PRODUCT_PHOTO);
      }
      if (/^\/product-\d+\.svg$/.test(url.pathname)) {
        response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        return response.end(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#a5b4fc"/></svg>',
        );
      }
      if (url.pathname === '/api/chat' && request.method === 'POST') {
        let body = '';
        for await (const chunk of request) body += chunk;
        // An invitation's request for the page's questions (docs/webhook.md, "Questions for an invitation").
        if (body.includes('"action":"suggest"')) {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          return response.end(SUGGESTIONS);
        }
        const kind = url.searchParams.get('reply') ?? 'short';
        if (!cache.has(kind)) cache.set(kind, (replies[kind] ?? replies.short)());
        response.writeHead(200, { 'Content-Type': 'application/json' });
        return response.end(cache.get(kind));
      }
      response.writeHead(404).end();
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
