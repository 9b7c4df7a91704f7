// @ts-check
// The pages of the mobile profile: one per subject, each a blank store page with one widget pasted the
// way its documentation says, and the floors (the same bytes doing nothing; React rendering an empty
// element). Each page marks `painted` once its widget's first view is on the screen (mobile-instrument.js).
import { readFile } from 'node:fs/promises';

/**
 * Our element, as a store pastes it; the demo voice provider lets the benchmark start a call, and the
 * webhook answers with a typical first reply (text, a list and three cards).
 */
const OURS = 'webhook-url="/api/chat?reply=first" store-domain="shop.example" voice-provider="demo"';

/**
 * `host.shadowRoot.querySelector(selector)` visible, as a predicate's source.
 * @param {string} host
 * @param {string} selector
 */
const inShadow = (host, selector) =>
  `__bench.visible(document.querySelector('${host}')?.shadowRoot?.querySelector('${selector}'))`;

/**
 * The call a previous page of the store kept in this tab (src/voice/kept-call.ts), written before the
 * widget's script runs: the page that loads next rejoins it (the demo voice, so nothing leaves the bench).
 */
const KEPT_CALL = `<script>(() => {
  const now = Date.now();
  sessionStorage.setItem('store-assistant:kept-call', JSON.stringify({
    origin: location.origin, expiresAt: now + 30000, provider: 'demo',
    webCall: { id: 'demo-call', webCallUrl: 'demo:call' }, muted: false, seconds: 12, startedAt: now - 12000,
    transcript: [{ role: 'user', text: 'Show me the linen shirt', timestamp: now - 4000 }], lastFragments: {},
  }));
})();</script>`;

/**
 * A store's product page as themes write one: the product's schema.org JSON-LD (where the widget reads the
 * page's facts and the product an invitation asks about), its photo, title, price and a sticky buy bar.
 */
const PRODUCT_PAGE = {
  head: `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Linen Shirt',
    category: 'Apparel > Shirts',
    sku: 'LS-M',
    offers: { '@type': 'Offer', price: '64.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  })}</script>`,
  body: `<main><img src="/product-0.png" width="390" height="292" alt="Linen Shirt"><h1>Linen Shirt</h1>
<p>€64.00</p><p>Stonewashed European flax that softens with every wash.</p></main>
<form action="/cart/add" method="post" style="position:fixed;inset:auto 0 0 0;padding:12px;background:#fff">
<button style="width:100%;height:48px">Add to cart</button></form>`,
};

/**
 * Each subject: what goes in the head and the body, and when its first view counts as shown.
 * `painted` is the whole inline card for the inline subjects, the launcher button for the floating ones;
 * `then`, when given, is what the page shows next, timed from navigation too.
 */
export const SUBJECTS = {
  blank: { label: 'blank page', head: '', body: '', shown: 'true' },
  'ours-inline': {
    label: 'this widget, inline (whole card)',
    head: '<script src="/store-assistant.js"></script>',
    body: `<store-assistant ${OURS}></store-assistant>`,
    shown: `${inShadow('store-assistant', '[part~="card"]')} && document.querySelector('store-assistant').shadowRoot.querySelector('[part~="card"]').childElementCount > 0`,
  },
  'ours-floating': {
    label: 'this widget, floating (launcher)',
    head: '<script src="/store-assistant.js"></script>',
    body: `<store-assistant mode="floating" ${OURS}></store-assistant>`,
    shown: inShadow('store-assistant', '[part~="launcher"]'),
  },
  'ours-rejoin': {
    label: 'this widget, floating, rejoining a kept call (launcher or call strip)',
    head: `${KEPT_CALL}<script src="/store-assistant.js"></script>`,
    body: `<store-assistant mode="floating" ${OURS}></store-assistant>`,
    // The rejoined call opens the card with its strip: whichever of the two is drawn first.
    shown: `${inShadow('store-assistant', '[part~="launcher"]')} || ${inShadow('store-assistant', '[part~="call-bar"]')}`,
    // And then the strip, saying "Reconnecting…".
    then: inShadow('store-assistant', '[part~="call-bar"]'),
  },
  // The product page without any widget, and with our floating launcher pasted as the documentation says
  // (a deferred script): the Lighthouse group compares the two, which differ only by the script and the
  // element. Only that group loads them.
  product: {
    label: 'a product page, no widget',
    head: PRODUCT_PAGE.head,
    body: PRODUCT_PAGE.body,
    shown: 'true',
    lighthouseOnly: true,
  },
  'ours-product-deferred': {
    label: 'this widget, floating, on a product page, its script deferred as documented (launcher)',
    head: `${PRODUCT_PAGE.head}<script src="/store-assistant.js" defer></script>`,
    body: `${PRODUCT_PAGE.body}<store-assistant mode="floating" ${OURS}></store-assistant>`,
    shown: inShadow('store-assistant', '[part~="launcher"]'),
    lighthouseOnly: true,
  },
  'floor-product-deferred': {
    label: 'the same product page with the floor of our bytes (a script that does nothing), deferred',
    head: `${PRODUCT_PAGE.head}<script src="/floor/bytes.js" defer></script>`,
    body: `${PRODUCT_PAGE.body}<store-assistant mode="floating" ${OURS}></store-assistant>`,
    shown: 'true',
    lighthouseOnly: true,
  },
  'ours-product': {
    label: 'this widget, floating, on a product page (launcher)',
    head: `${PRODUCT_PAGE.head}<script src="/store-assistant.js"></script>`,
    body: `${PRODUCT_PAGE.body}<store-assistant mode="floating" ${OURS}></store-assistant>`,
    shown: inShadow('store-assistant', '[part~="launcher"]'),
  },
  'ours-product-invite': {
    label: 'this widget, floating, on a product page inviting at once with the webhook’s questions (launcher)',
    head: `${PRODUCT_PAGE.head}<script src="/store-assistant.js"></script>`,
    body: `${PRODUCT_PAGE.body}<store-assistant mode="floating" invite="time:0" ${OURS}></store-assistant>`,
    shown: inShadow('store-assistant', '[part~="launcher"]'),
    // Then the invitation, once the webhook's questions for the page have come (asked in idle time after load).
    then: inShadow('store-assistant', '[part~="invite"]'),
  },
  vapi: {
    label: 'Vapi widget (launcher)',
    head: '<script src="/vendor/vapi/dist/embed/widget.umd.js"></script>',
    body: '<vapi-widget public-key="bench-public-key" assistant-id="bench-assistant" mode="hybrid" title="Shop assistant"></vapi-widget>',
    shown: `__bench.visible(document.querySelector('vapi-widget .vapi-widget-wrapper > div > div'))`,
  },
  'n8n-window': {
    label: 'n8n chat (launcher)',
    head: '<link href="/vendor/n8n/dist/style.css" rel="stylesheet">',
    body: `<script type="module">import { createChat } from '/vendor/n8n/dist/chat.bundle.es.js'; createChat({ webhookUrl: '/api/chat', mode: 'window' });</script>`,
    shown: `__bench.visible(document.querySelector('.chat-window-toggle'))`,
  },
  'n8n-fullscreen': {
    label: 'n8n chat, embedded (whole chat)',
    head: '<link href="/vendor/n8n/dist/style.css" rel="stylesheet">',
    body: `<div id="n8n-chat" style="height:600px"></div><script type="module">import { createChat } from '/vendor/n8n/dist/chat.bundle.es.js'; createChat({ webhookUrl: '/api/chat', mode: 'fullscreen', target: '#n8n-chat' });</script>`,
    shown: `__bench.visible(document.querySelector('#n8n-chat textarea'))`,
  },
  'floor-bytes': {
    label: 'floor: a script of our bytes that does nothing',
    head: '<script src="/floor/bytes.js"></script>',
    body: '',
    shown: 'true',
  },
  // The first-view group's reference launchers (reference-launcher.js): our bytes never called, and a
  // launcher drawn by a few lines: with a few rules of its own, and with the widget's first-view
  // stylesheet and markup. Only that group loads them.
  'floor-launcher': {
    label: 'reference: our bytes never called, and a launcher drawn by a few lines (a few rules)',
    head: '<script src="/floor/launcher.js"></script>',
    body: `<store-assistant mode="floating" ${OURS}></store-assistant>`,
    shown: inShadow('store-assistant', '[part~="launcher"]'),
    firstViewOnly: true,
  },
  'floor-launcher-styled': {
    label: 'reference: our bytes never called, and a launcher drawn by a few lines (our stylesheet and markup)',
    head: '<script src="/floor/launcher-styled.js"></script>',
    body: `<store-assistant mode="floating" ${OURS}></store-assistant>`,
    shown: inShadow('store-assistant', '[part~="launcher"]'),
    firstViewOnly: true,
  },
  'floor-react': {
    label: 'floor: React rendering an empty element in a shadow root',
    head: '<script src="/floor/react.js"></script>',
    body: '<floor-host></floor-host>',
    shown: inShadow('floor-host', '#floor-rendered'),
  },
};

/**
 * The HTML of subject `name`. A `bare` page is the store's page alone, without the instrumentation, whose
 * frame-by-frame check for the first view would weigh on what Lighthouse measures.
 * @param {string} name
 * @param {{ bare?: boolean }} [options]
 */
export function mobilePage(name, { bare = false } = {}) {
  const subject = /** @type {Record<string, { label: string; head: string; body: string; shown: string }>} */ (
    SUBJECTS
  )[name];
  if (!subject) return null;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${bare ? 'A store' : subject.label}</title>
${bare ? '' : '<script src="/mobile-instrument.js"></script>\n'}${subject.head}
</head><body>
${subject.body}
${bare ? '' : `<script>__bench.paintedWhen(() => ${subject.shown});</script>\n`}</body></html>`;
}

/**
 * The "same bytes, doing nothing" floor: the bundle as the body of a function that is never called.
 * @param {string} bundle
 */
export function bytesFloor(bundle) {
  const code = bundle.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  return `function storeAssistantNeverCalled(){\n${code}\n}\n`;
}

/** The bare reference launcher's own rules: a 56-pixel round button in the corner, its icon 24 pixels. */
const BARE_LAUNCHER_STYLESHEET =
  '.launcher{position:fixed;right:20px;bottom:20px;display:grid;place-items:center;width:56px;height:56px;padding:0;border:0;border-radius:50%;color:var(--sa-on-primary);background:var(--sa-primary-gradient);box-shadow:0 8px 24px rgba(15,23,42,.25)}svg{width:24px;height:24px}';

/**
 * The floors with a reference launcher (reference-launcher.js) after our bytes: `launcher` with a few
 * rules of its own, `launcher-styled` with the widget's first-view stylesheet (as the build minifies it)
 * and the markup the widget draws first (element/launcher-shell.ts).
 * @param {string} bundle the built script
 * @param {string} firstViewStylesheet the widget's first-view stylesheet
 * @param {readonly string[]} iconPaths the launcher icon's path data
 */
export async function launcherFloors(bundle, firstViewStylesheet, iconPaths) {
  const script = await readFile(new URL('./pages/reference-launcher.js', import.meta.url), 'utf8');
  const icon = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconPaths.map((data) => `<path d="${data}"></path>`).join('')}</svg>`;
  const widgetMarkup = `<div class="root launcher-shell" part="root" lang="en" dir="ltr" data-scheme="light"><section class="widget" aria-label="Shop"><button type="button" class="launcher" part="launcher" aria-label="Chat with Shop" aria-expanded="false"><span aria-hidden="true" class="icon icon-launcher">${icon}</span></button></section></div>`;
  const bareMarkup = `<button type="button" class="launcher" part="launcher" aria-label="Chat with Shop">${icon}</button>`;
  /** @param {string} stylesheet @param {string} markup */
  const withLauncher = (stylesheet, markup) =>
    `${bytesFloor(bundle)}${script}defineReferenceLauncher(${JSON.stringify(stylesheet)}, ${JSON.stringify(markup)});\n`;
  return {
    launcher: withLauncher(BARE_LAUNCHER_STYLESHEET, bareMarkup),
    'launcher-styled': withLauncher(firstViewStylesheet, widgetMarkup),
  };
}
