// Renders the widget's key views into docs/screenshots/, for the README: welcome, a chat with markdown
// and product cards, a live call (the demo voice provider), an error, Chats, FAQ, the dark scheme,
// Arabic, a person taking over (the demo's desk) and a signed-in shopper's order card, each on a 390 x 844 phone and a 1280 x 800 desktop, in headless Chromium against the demo
// server (started on a free port) and the built bundle.
//   npm run screenshots          (builds first)
//   node demo/screenshots.mjs    (uses dist/ as it is)
//   node demo/screenshots.mjs orders takeover    (only those views' pictures)
import { createHmac } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../test/support/chromium.mjs';
import { startDemoServer } from './server.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'screenshots');

const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

const FAQ = JSON.stringify([
  { q: 'How long does shipping take?', a: 'Orders ship within 24 hours and arrive in 2–4 business days.' },
  { q: 'Can I return an item?', a: 'Yes: returns are free within 30 days of delivery.' },
  { q: 'Do courses have a certificate?', a: 'Every course ends with a certificate you can download and share.' },
]);

/** A plain store page (flat colours keep the pictures small), light or dark, with the widget in floating mode. */
function storePage(attributes, dark = false) {
  const darkPage = dark
    ? 'body{color:#e7e5e4;background:#1c1917}header{border-color:#292524;background:#0c0a09}.photo{background:#292524}.buy{color:#1c1917;background:#e7e5e4}'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>Lumen</title><script src="/store-assistant.js"></script>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#fafaf9}header{display:flex;gap:24px;align-items:center;padding:20px 48px;border-bottom:1px solid #e7e5e4;background:#fff}
header b{font-size:20px;margin-right:auto}main{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:48px;max-width:1100px;margin:40px auto;padding:0 48px}
.photo{aspect-ratio:1;border-radius:16px;background:#e7e5e4}h1{margin:0 0 8px;font-size:32px}.price{font-size:22px;font-weight:600}
.buy{display:inline-block;margin-top:16px;padding:12px 28px;border-radius:999px;color:#fff;background:#1f2937}@media (max-width:700px){header{padding:16px 20px}main{grid-template-columns:1fr;margin:20px auto;padding:0 20px;gap:20px}}${darkPage}</style></head>
<body><header><b>Lumen</b><span>Courses</span><span>Shop</span><span>Cart (0)</span></header>
<main><div class="photo"></div><div><h1>Linen Shirt</h1><p class="price">$64</p><p>Breathable European linen, garment-washed for a soft, lived-in feel.</p><span class="buy">Add to cart</span></div></main>
<store-assistant mode="floating" webhook-url="/api/chat" store-domain="lumen.shop" store-url="/" brand-name="Lumen" logo-url="/assets/images/logo.svg"
  badge-images="/assets/images/badge-secure.svg /assets/images/badge-returns.svg" voice-provider="demo" typing-speed="0" faq='${FAQ}' ${attributes}></store-assistant>
</body></html>`;
}

const widget = (page) => page.locator('store-assistant');
/** What the demo's desk (/agent) does to a conversation: join, send, leave. */
async function desk(server, action, sessionId, text) {
  const response = await fetch(`${server.url}/api/agent/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId, text }),
  });
  if (!response.ok) throw new Error(`the desk refused ${action}: ${response.status}`);
}

const press = (page, name) => widget(page).getByRole('button', { name, exact: true }).first().click();

async function send(page, text) {
  const box = widget(page).getByRole('textbox');
  await box.fill(text);
  await box.press('Enter');
}

/** Waits until the number of bot messages reaches `count` and the reply is settled. */
async function replies(page, count) {
  await page.waitForFunction(
    (n) =>
      document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll('.message.bot, .system-line.failed')
        .length >= n && !document.querySelector('store-assistant')?.shadowRoot?.querySelector('.typing-indicator'),
    count,
  );
}

/** Each view: the attributes it needs and the steps that bring it on screen (the card is open). */
const VIEWS = {
  welcome: { steps: async () => {} },
  chat: {
    steps: async (page) => {
      await press(page, 'Ask a question');
      await replies(page, 1);
      await send(page, 'What is your size guide?');
      await replies(page, 2);
      await send(page, 'Shop new arrivals');
      await replies(page, 3);
    },
  },
  call: {
    // Taken while the assistant speaks its second line: no settling time, the call moves on.
    settle: 0,
    steps: async (page) => {
      await press(page, 'Start a live call');
      await widget(page).getByText('Yes, the linen shirt is').waitFor({ timeout: 30_000 });
    },
  },
  error: {
    steps: async (page) => {
      await press(page, 'Ask a question');
      await replies(page, 1);
      await send(page, 'Please fail once');
      await replies(page, 2);
    },
  },
  chats: {
    steps: async (page) => {
      for (const first of ['New arrivals', 'Ask a question']) {
        await press(page, first);
        await replies(page, 1);
        await press(page, 'New chat');
        await press(page, 'Back');
      }
      await press(page, 'Chats');
    },
  },
  faq: {
    steps: async (page) => {
      await press(page, 'FAQ');
      await widget(page).getByText('Can I return an item?').click();
    },
  },
  dark: {
    attributes: 'color-scheme="dark"',
    dark: true,
    steps: async (page) => {
      await press(page, 'New arrivals');
      await replies(page, 1);
    },
  },
  takeover: {
    attributes: 'events-url="/api/events"',
    steps: async (page, server) => {
      await press(page, 'Ask a question');
      await replies(page, 1);
      const [request] = await Promise.all([
        page.waitForRequest((candidate) => candidate.url().endsWith('/api/chat') && candidate.method() === 'POST'),
        send(page, 'Can I talk to a real person, please?'),
      ]);
      const { sessionId } = request.postDataJSON();
      await replies(page, 2);
      await desk(server, 'join', sessionId);
      await desk(
        server,
        'send',
        sessionId,
        "Hi, I'm Sam. Your parcel left our warehouse today: it arrives on **Friday**.",
      );
      await widget(page).locator('.message.from-agent', { hasText: 'it arrives on' }).waitFor();
    },
  },
  orders: {
    // The demo's signed-in shopper, signed with the demo store's secret as a store's template would.
    attributes: `customer-id="7001" customer-name="Ada" customer-signature="${createHmac('sha256', 'lumen-demo-secret').update('7001').digest('hex')}"`,
    steps: async (page) => {
      await press(page, 'Ask a question');
      await replies(page, 1);
      await send(page, 'Where is my order?');
      await replies(page, 2);
      await widget(page).locator('[part~="order-card"]').first().waitFor();
    },
  },
  arabic: {
    attributes: 'lang="ar"',
    steps: async (page) => {
      await widget(page).locator('.pill-button').first().click();
      await replies(page, 1);
      await send(page, 'Shop new arrivals');
      await replies(page, 2);
    },
  },
};

async function shoot(browser, server, device, name, view) {
  const context = await browser.newContext(DEVICES[device]);
  const page = await context.newPage();
  const url = `${server.url}/screenshot-store`;
  await page.route(url, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: storePage(view.attributes ?? '', view.dark) }),
  );
  await page.goto(url);
  await widget(page).locator('.launcher').click();
  await widget(page).locator('.home-title').waitFor();
  await view.steps(page, server);
  // Images and fonts settle, the pop-in and message animations finish, and no caret blinks.
  await page.waitForFunction(() =>
    [...(document.querySelector('store-assistant')?.shadowRoot?.querySelectorAll('img') ?? [])].every(
      (img) => img.complete || img.loading === 'lazy',
    ),
  );
  await page.waitForTimeout(view.settle ?? 600);
  const file = path.join(outDir, `${name}-${device}.png`);
  await page.screenshot({ path: file, caret: 'hide', animations: 'disabled' });
  await context.close();
  return file;
}

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !Object.hasOwn(VIEWS, name));
if (unknown.length > 0)
  throw new Error(`No such view: ${unknown.join(', ')} (the views: ${Object.keys(VIEWS).join(', ')})`);
const chosen = Object.entries(VIEWS).filter(([name]) => asked.length === 0 || asked.includes(name));

await mkdir(outDir, { recursive: true });
// Only this script's pictures are made anew: the desk pages' pictures beside them come from their tests.
for (const [name] of chosen)
  for (const device of Object.keys(DEVICES)) await rm(path.join(outDir, `${name}-${device}.png`), { force: true });
const [browser, server] = await Promise.all([launchChromium(), startDemoServer({ port: 0 })]);
let total = 0;
try {
  for (const [name, view] of chosen) {
    for (const device of Object.keys(DEVICES)) {
      const file = await shoot(browser, server, device, name, view);
      const { size } = await stat(file);
      total += size;
      console.log(`${path.relative(root, file)}  ${(size / 1024).toFixed(0)} KB`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`total ${(total / 1024).toFixed(0)} KB`);
