import type { AttributeName } from './attributes';

/**
 * What each attribute of `<store-assistant>` does and its default: the source of the README's
 * attribute table (a test keeps the two equal). Documentation only; the script does not include it.
 */
export const ATTRIBUTE_DOCS = {
  'webhook-url': { doc: 'The store workflow webhook that answers chat messages (POST, JSON).', default: 'none: visitors read that chat isn\'t available; the console says why' },
  'vapi-public-key': { doc: 'Vapi public key for voice calls.', default: 'none' },
  'vapi-assistant-id': { doc: 'Vapi assistant to call.', default: 'none' },
  'vapi-squad-id': { doc: 'Vapi squad to call (instead of an assistant).', default: 'none' },
  'vapi-workflow-id': { doc: 'Vapi workflow to call (instead of an assistant).', default: 'none' },
  'vapi-api-url': { doc: 'Base URL of the Vapi API, for a proxy.', default: "Vapi's own" },
  'voice-provider': { doc: '`vapi`, or `demo` for a scripted call with no network or microphone.', default: '`vapi`' },
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
  mode: { doc: '`inline` (a 600px card in the page) or `floating` (a launcher that opens the card).', default: '`inline`' },
  position: { doc: 'Floating mode: the bottom corner of the launcher and card, `bottom-right` or `bottom-left`.', default: '`bottom-right`' },
  open: { doc: 'Floating mode: the card is open. Set and removed by `open()` and `close()`.', default: 'absent (closed)' },
  'color-scheme': { doc: '`light`, `dark`, or `auto` to follow the visitor\'s system setting (`prefers-color-scheme`).', default: '`light`' },
  'typing-speed': { doc: 'Milliseconds per character of the reply typewriter; `0` shows replies at once.', default: '`8`' },
  persist: { doc: 'Where conversations are kept: `local`, `session` or `none`.', default: '`local`' },
  faq: { doc: 'FAQ entries as JSON: `[{ "q": "...", "a": "..." }]`.', default: 'none' },
  'image-hosts': { doc: 'Space-separated hosts that images inside bot replies may load from.', default: "the page's host" },
  'geo-url': { doc: 'Optional visitor-context lookup (GET, JSON), sent as `context.geo`.', default: 'none: nothing is requested' },
  lang: { doc: 'Language of the widget\'s own texts: `en`, `de`, `fr`, `es` or `ar` (right to left); a regional tag such as `de-AT` uses its language, any other falls back to English.', default: '`en`' },
  strings: { doc: 'JSON object overriding single entries of the string table, for example `{"askQuestion":"Ask us"}` (see Languages).', default: 'none' },
} as const satisfies Record<AttributeName, { doc: string; default: string }>;

