import type { AttributeName } from './attributes';

/** How one attribute is documented. */
export interface AttributeDoc {
  /** What it does (markdown, one line). */
  doc: string;
  /**
   * What applies without it (markdown). A value alone in backticks (`` `8` ``) is the attribute's literal
   * default; anything else describes one.
   */
  default: string;
  /** The values it accepts, when it is one of a few keywords. */
  values?: readonly string[];
  /** A boolean attribute: present or absent (every other attribute is a string). */
  boolean?: true;
}

/**
 * The attributes of `<store-assistant>`, declared once: what each one does, its default and, for
 * keyword attributes, its values. From this table come the README's attribute table, the attributes of
 * custom-elements.json and the attribute types of store-assistant.d.ts (`npm run docs`, `node build.mjs`).
 * The element observes exactly these (ATTRIBUTE_NAMES, in this order; the types and
 * test/build/public-api.types.ts keep them equal). Documentation only: the script does not include it.
 */
export const ATTRIBUTE_DOCS = {
  'webhook-url': { doc: 'The store workflow webhook that answers chat messages (POST, JSON).', default: 'none: visitors read that chat isn\'t available; the console says why' },
  'vapi-public-key': { doc: 'Vapi public key for voice calls.', default: 'none' },
  'vapi-assistant-id': { doc: 'Vapi assistant to call.', default: 'none' },
  'vapi-squad-id': { doc: 'Vapi squad to call (instead of an assistant).', default: 'none' },
  'vapi-workflow-id': { doc: 'Vapi workflow to call (instead of an assistant).', default: 'none' },
  'vapi-api-url': { doc: 'Base URL of the Vapi API, for a proxy.', default: "Vapi's own" },
  'voice-provider': { doc: '`vapi`, or `demo` for a scripted call with no network or microphone.', default: '`vapi`', values: ['vapi', 'demo'] },
  'vapi-assistant-overrides': { doc: 'JSON object of Vapi `assistantOverrides` (first message, voice, your own `variableValues`), at most 8 KB; the widget\'s call variables are merged over it.', default: 'none' },
  'voice-consent': { doc: 'Recording consent shown with "Agree and call" before the first call (markdown links allowed); the answer is remembered per store.', default: 'none: no consent step' },
  'store-url': { doc: '"Track my order" opens this page in a new tab.', default: '`https://{store-domain}/`, or this site\'s home page' },
  'store-domain': { doc: 'The store\'s domain: drives the default brand name and welcome message.', default: "the page's host" },
  'agent-url': { doc: '"Talk to a human agent" opens this page; without it the request goes to the webhook.', default: 'none' },
  'primary-gradient': { doc: 'Header, launcher and visitor bubbles: a colour or gradient.', default: 'indigo to violet' },
  'secondary-gradient': { doc: 'Welcome area background: a colour or gradient.', default: 'pale indigo to white' },
  'accent-color': { doc: 'Buttons, links and focus rings.', default: '`#4f46e5`' },
  'logo-url': { doc: 'Logo image (https:, data:image/ or same origin).', default: "the brand's initial" },
  'brand-name': { doc: 'Name shown in the header and welcome view.', default: '"{Store} store", from store-domain' },
  'welcome-message': { doc: 'Greeting at the top of an empty chat.', default: '"Welcome to {store domain}. How can we assist you today?"' },
  'quick-actions': { doc: 'Suggestion chips in an empty chat: a JSON array or `|`-separated labels.', default: 'New Course, Track my order, Size guide, Contact support' },
  'badge-images': { doc: 'Space-separated badge image URLs; at most two are shown.', default: 'none' },
  mode: { doc: '`inline` (a 600px card in the page) or `floating` (a launcher that opens the card).', default: '`inline`', values: ['inline', 'floating'] },
  position: { doc: 'Floating mode: the bottom corner of the launcher and card, `bottom-right` or `bottom-left`.', default: '`bottom-right`', values: ['bottom-right', 'bottom-left'] },
  open: { doc: 'Floating mode: the card is open. Set and removed by `open()` and `close()`.', default: 'absent (closed)', boolean: true },
  'color-scheme': { doc: '`light`, `dark`, or `auto` to follow the visitor\'s system setting (`prefers-color-scheme`).', default: '`light`', values: ['light', 'dark', 'auto'] },
  'typing-speed': { doc: 'Milliseconds per character of the reply typewriter; `0` shows replies at once.', default: '`8`' },
  persist: { doc: 'Where conversations are kept: `local`, `session` or `none`.', default: '`local`', values: ['local', 'session', 'none'] },
  faq: { doc: 'FAQ entries as JSON: `[{ "q": "...", "a": "..." }]`.', default: 'none' },
  'image-hosts': { doc: 'Space-separated hosts (`cdn.example`, `*.example.com`) or host/path prefixes (`shop.example/media/`) that images in replies may load from, besides the page\'s own image files (see Images in replies).', default: 'the shop platform CDNs' },
  'geo-url': { doc: 'Optional visitor-context lookup (GET, JSON), sent as `context.geo`.', default: 'none: nothing is requested' },
  feedback: { doc: 'Thumbs up and down under each complete bot reply: `on` or `off`.', default: '`on`', values: ['on', 'off'] },
  'feedback-url': { doc: 'Where each rating is POSTed as JSON `{ messageId, rating, content, sessionId }` (10 s timeout, no retries; failures go to the console).', default: 'none: ratings stay in the page (event only)' },
  teaser: { doc: 'Floating mode: a short invitation shown beside the closed launcher once per session (at most 140 characters).', default: 'none' },
  'teaser-delay': { doc: 'Seconds after load before the teaser shows (0 to 600).', default: '`8`' },
  analytics: { doc: '`datalayer` pushes the widget\'s events to `window.dataLayer` (Google Tag Manager); see Analytics.', default: 'none', values: ['datalayer', 'none'] },
  'analytics-content': { doc: '`on` includes message, suggestion and rated-reply texts in analytics events.', default: '`off`', values: ['on', 'off'] },
  commerce: { doc: 'Cart buttons on product cards and the cart sent with each message: `shopify`, `woocommerce` or `custom` (see Selling).', default: 'none: cards stay links, no cart request' },
  'page-context': { doc: '`off` stops sending `context.page` (the page\'s address, title and product).', default: '`on`' },
  'cart-base-url': { doc: 'Where the cart endpoints live, for a cart on another address.', default: 'this site (Shopify: its routes root)' },
  'cart-url': { doc: 'The cart strip\'s "View cart" link.', default: '`cart` under the cart base' },
  'checkout-url': { doc: 'The cart strip\'s "Checkout" link.', default: '`checkout` under the cart base' },
  lang: { doc: 'Language of the widget\'s own texts: `en`, `de`, `fr`, `es` or `ar` (right to left); a regional tag such as `de-AT` uses its language, any other falls back to English.', default: '`en`' },
  strings: { doc: 'JSON object overriding single entries of the string table, for example `{"askQuestion":"Ask us"}` (see Languages).', default: 'none' },
} as const satisfies Record<AttributeName, AttributeDoc>;

