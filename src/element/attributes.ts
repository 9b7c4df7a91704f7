import { defaultConfig, type AssistantConfig, type FaqEntry } from '../app/config';
import { ATTRIBUTE_NAMES, type AttributeName } from './attribute-names';
import type { CommerceConfig } from '../commerce/commerce-state';
import {
  checkCustomerEmail,
  checkCustomerId,
  checkCustomerName,
  checkSignature,
  type CustomerAttributes,
} from '../customer/identity';
import { isJsonObject, own } from '../common/own';
import { parseInviteQuestions, parseInviteSnooze, parseInviteTriggers } from '../invite/invite-config';
import { isPluralKey, isStringKey, type PluralForms, type StringOverrides } from '../i18n/strings';
import type { Theme, ThemePatch } from '../theme/theme';
import { checkText, checkThemeField } from '../theme/validate';
import type { VoiceConfig } from '../voice/voice-config';

/** The page the element lives on: relative URLs resolve against it and defaults derive from it. */
export interface PageContext {
  /** Base for relative URLs (the document's base URI). */
  baseUrl: string;
  /** The page's origin, e.g. "https://acme.example". */
  origin: string;
  /** The page's host, e.g. "acme.example". */
  host: string;
}

/**
 * The element's attributes, parsed: the assistant's configuration, and what the `open` attribute asks
 * for (absent: nothing, the card stays closed; present: open, unless its value is "false").
 */
export type ParsedAttributes = AssistantConfig & { open?: boolean };

/** The parts of the configuration that attributes set field by field. */
interface NestedConfig {
  voice: VoiceConfig;
  commerce: CommerceConfig;
  customer: CustomerAttributes;
  themeAttributes: ThemePatch;
}

/** Where an attribute's value goes: a field of the configuration, or of its voice, commerce or theme part. */
export type ConfigPath =
  | Exclude<keyof ParsedAttributes, keyof NestedConfig>
  | { [K in keyof NestedConfig]: `${K}.${keyof NestedConfig[K] & string}` }[keyof NestedConfig];

/** The type of the configuration field at `P`. */
export type ConfigAt<P extends ConfigPath> = P extends `${infer K extends keyof NestedConfig}.${infer F}`
  ? NestedConfig[K][F & keyof NestedConfig[K]]
  : ParsedAttributes[P & keyof ParsedAttributes];

/** What a parser may use: the page, and how to report an invalid value (then the default applies). */
export interface ParseContext {
  page: PageContext;
  /** A console message for the store owner. */
  warn(message: string): void;
  /** Reports the attribute's value (or `shown`, a part of it) as invalid, saying `why`. */
  invalid(why: string, shown?: string): void;
}

/** An attribute's text (never blank, except for a boolean attribute) to its value; undefined keeps the default. */
export type Parse<T> = (value: string, context: ParseContext) => T | undefined;

/** One attribute of `<store-assistant>`: the configuration field it sets and how its text is read. */
export interface AnyAttributeDeclaration {
  /** The configuration field its value sets. */
  readonly config: ConfigPath;
  /** Its text to that value. */
  readonly parse: (value: string, context: ParseContext) => unknown;
  /** A keyword attribute: the values it accepts. */
  readonly values?: readonly string[];
  /** A boolean attribute, present or absent: read even when empty. */
  readonly boolean?: true;
}

/** An attribute that sets the configuration field at `P`, with a parser of that field's type. */
export interface AttributeDeclaration<P extends ConfigPath> extends AnyAttributeDeclaration {
  readonly config: P;
  readonly parse: Parse<ConfigAt<P>>;
}

const attribute = <P extends ConfigPath>(config: P, parse: Parse<ConfigAt<P>>): AttributeDeclaration<P> => ({
  config,
  parse,
});

/** A boolean attribute: present or absent, whatever its text (which `parse` may still read). */
const flag = <P extends ConfigPath>(config: P, parse: Parse<ConfigAt<P>>): AttributeDeclaration<P> => ({
  config,
  parse,
  boolean: true,
});

/** Unless `Given` covers every value of `Target`, a type no argument has: a keyword list must reach every value. */
type Covering<Target, Given> = [Exclude<Target, Given | undefined>] extends [never]
  ? unknown
  : { missing: Exclude<Target, Given> };

/** A keyword attribute, declared with its values. */
export interface KeywordDeclaration<P extends ConfigPath, V extends string> extends AttributeDeclaration<P> {
  readonly values: readonly V[];
}

/**
 * A keyword attribute whose values map to configuration values (`{ on: true, off: false }`), read
 * case-insensitively; the values must reach every value the configuration field takes.
 */
function keywordMap<P extends ConfigPath, const M extends Record<string, ConfigAt<P>>>(
  config: P,
  map: M & Covering<ConfigAt<P>, M[keyof M]>,
): KeywordDeclaration<P, keyof M & string> {
  const values = Object.keys(map) as (keyof M & string)[];
  const parse: Parse<ConfigAt<P>> = (value, { invalid }) => {
    const keyword = value.trim().toLowerCase();
    if ((values as string[]).includes(keyword)) return map[keyword];
    invalid(`must be one of ${values.join(', ')}`, keyword);
    return undefined;
  };
  return { config, parse, values };
}

/** A keyword attribute whose values are the configuration's own. */
function keywords<P extends ConfigPath, const V extends ConfigAt<P> & string>(
  config: P,
  values: readonly V[] & Covering<ConfigAt<P>, V>,
): KeywordDeclaration<P, V> {
  const map = Object.fromEntries(values.map((value) => [value, value])) as Record<V, V>;
  return keywordMap<P, Record<V, V>>(config, map as Record<V, V> & Covering<ConfigAt<P>, V>);
}

/** An http(s) URL, resolved against the page; anything else (javascript:, data:, garbage) is undefined. */
function resolveHttpUrl(value: string, baseUrl: string): string | undefined {
  try {
    const url = new URL(value.trim(), baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const httpUrl: Parse<string> = (value, { page, invalid }) => {
  const url = resolveHttpUrl(value, page.baseUrl);
  if (url === undefined) invalid('is not an http(s) URL');
  return url;
};

const identifier: Parse<string> = (value, { invalid }) => {
  const id = value.trim();
  if (/^[\w.:-]{1,200}$/.test(id)) return id;
  invalid('is not a valid identifier', id);
  return undefined;
};

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A JSON object of at most `max` characters. */
const jsonObjectOf =
  (max: number): Parse<Record<string, unknown>> =>
  (value, { invalid }) => {
    const parsed = value.length <= max ? parseJson(value) : undefined;
    if (isJsonObject(parsed)) return parsed;
    invalid(`must be a JSON object of at most ${max} characters`);
    return undefined;
  };

/** A text of at most `max` characters, control characters removed. */
const textOf =
  (max: number): Parse<string> =>
  (value, { invalid }) => {
    const checked = checkText(value, max);
    if ('problem' in checked) invalid(checked.problem);
    return 'problem' in checked ? undefined : checked.text;
  };

/** A number from `min` to `max`. */
const numberFrom =
  (min: number, max: number, unit: string): Parse<number> =>
  (value, { invalid }) => {
    const number = Number(value);
    if (Number.isFinite(number) && number >= min && number <= max) return number;
    invalid(`must be a number of ${unit} from ${min} to ${max}`);
    return undefined;
  };

/** A theme field, validated like a saved or imported theme. */
const themeField = <K extends keyof Theme>(field: K): AttributeDeclaration<`themeAttributes.${K}`> =>
  attribute(`themeAttributes.${field}`, (value, { page, invalid }) => {
    const checked = checkThemeField(field, value, page.origin);
    if (checked.problem !== undefined) invalid(checked.problem);
    return checked.value as ConfigAt<`themeAttributes.${K}`> | undefined;
  });

const HOST_PATTERN = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;
/** An `image-hosts` entry: a host pattern, optionally followed by a path prefix (`shop.example/media/`). */
const IMAGE_HOST_PATTERN = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:\/[\w\-.~%!$&'()*+,;=:@/]*)?$/i;

const domainName: Parse<string> = (value, { invalid }) => {
  const domain = value.trim().toLowerCase();
  if (HOST_PATTERN.test(domain) && !domain.startsWith('*')) return domain;
  invalid('is not a domain name', domain);
  return undefined;
};

const imageHosts: Parse<string[]> = (value, { invalid }) => {
  // Host names are case-insensitive, path prefixes are not.
  const entries = value.split(/[\s,]+/).filter(Boolean);
  const list = entries.map((entry) => entry.replace(/^[^/]*/, (host) => host.toLowerCase()));
  const bad = list.filter((entry) => !IMAGE_HOST_PATTERN.test(entry) || /(?:^|\/)\.\.?(?:\/|$)/.test(entry));
  bad.forEach((entry) => invalid('is not a host name or host/path-prefix', entry));
  return list.filter((entry) => !bad.includes(entry));
};

const faqEntries: Parse<FaqEntry[]> = (value, { invalid }) => {
  const parsed = parseJson(value);
  const entries: FaqEntry[] = [];
  for (const item of Array.isArray(parsed) ? parsed.slice(0, 50) : [null]) {
    const q = own(item, 'q');
    const a = own(item, 'a');
    const question = typeof q === 'string' ? checkText(q, 300) : null;
    const answer = typeof a === 'string' ? checkText(a, 4000) : null;
    if (!question || !answer || 'problem' in question || 'problem' in answer) {
      invalid('must be a JSON array of { "q": text, "a": text }');
      return undefined;
    }
    entries.push({ q: question.text, a: answer.text });
  }
  return entries;
};

/** Longest teaser text: a line or two beside the launcher. */
export const MAX_TEASER_LENGTH = 140;

/** The teaser, on one line. */
const teaserText: Parse<string> = (value, context) =>
  textOf(MAX_TEASER_LENGTH)(value.replace(/\s+/g, ' ').trim(), context);

const languageTag: Parse<string> = (value, { invalid }) => {
  const lang = value.trim();
  if (/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(lang)) return lang;
  invalid('is not a language tag', lang);
  return undefined;
};

/** Longest text of one entry the `strings` attribute may set. */
const MAX_STRING_OVERRIDE_LENGTH = 500;

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** A counted entry's forms from JSON: texts by plural category, `other` among them; undefined otherwise. */
function pluralForms(value: unknown): PluralForms | undefined {
  if (!isJsonObject(value) || typeof value.other !== 'string') return undefined;
  const forms = Object.entries(value);
  const valid = forms.every(
    ([category, text]) =>
      PLURAL_CATEGORIES.has(category) && typeof text === 'string' && text.length <= MAX_STRING_OVERRIDE_LENGTH,
  );
  return valid ? (Object.fromEntries(forms) as PluralForms) : undefined;
}

const stringOverrides: Parse<StringOverrides> = (value, { warn, invalid }) => {
  const parsed = parseJson(value);
  if (!isJsonObject(parsed)) {
    invalid('must be a JSON object of string keys and texts');
    return undefined;
  }
  const strings: Record<string, string | PluralForms> = {};
  for (const [key, text] of Object.entries(parsed)) {
    const forms = isPluralKey(key) ? pluralForms(text) : undefined;
    if (!isStringKey(key)) warn(`strings: "${key}" is not a known string and was ignored`);
    else if (typeof text === 'string' && text.length <= MAX_STRING_OVERRIDE_LENGTH) strings[key] = text;
    else if (forms) strings[key] = forms;
    else if (isPluralKey(key))
      warn(
        `strings: "${key}" must be a text, or texts by plural category ("one", "other", …), of at most 500 characters`,
      );
    else warn(`strings: "${key}" must be a text of at most 500 characters`);
  }
  return strings as StringOverrides;
};

/** A `customer-*` field by its check; a malformed one is reported, and leaves the shopper unidentified. */
const customerField =
  (check: (value: string) => string | undefined, why: string): Parse<string> =>
  (value, { invalid }) => {
    const checked = check(value);
    if (checked === undefined) invalid(why, '…');
    return checked;
  };

/** Longest `vapi-assistant-overrides` JSON: a first message, a voice and some variables, not a whole assistant. */
const MAX_OVERRIDES_LENGTH = 8_192;
/** Longest `voice-consent` text: a paragraph with a link or two. */
const MAX_CONSENT_LENGTH = 1_000;

/**
 * Every attribute of `<store-assistant>`, declared once, in documentation order: the configuration field
 * it sets and how its text is read (for a keyword attribute, its values). The element observes exactly
 * these and parses them with this table. Each one's JSDoc is its documentation, a markdown line and its
 * default after `@default` (a value alone in backticks is the literal default; anything else describes
 * one): build/public-api reads it from this file's source for the README's table, custom-elements.json,
 * VS Code's HTML data and the attribute types of store-assistant.d.ts, so the prose stays out of the
 * script. test/unit/element/attribute-table.test.ts holds each documented default to the configuration's.
 */
export const ATTRIBUTES = {
  /**
   * The store workflow webhook that answers chat messages (POST, JSON).
   * @default none: visitors read that chat isn't available; the console says why
   */
  'webhook-url': attribute('webhookUrl', httpUrl),
  /**
   * How the widget talks to `webhook-url`: `webhook`, the JSON contract of the Webhook docs; `n8n-chat`,
   * the protocol of n8n's own chat widget, for a "When chat message received" (Chat Trigger) URL (see docs/n8n.md);
   * `ai-sdk`, the AI SDK's `useChat` request and UI message stream (see docs/ai-sdk.md); or `ag-ui`, an AG-UI
   * agent's run input and event stream (see docs/ag-ui.md).
   * @default `webhook`
   */
  protocol: keywords('protocol', ['webhook', 'n8n-chat', 'ai-sdk', 'ag-ui']),
  /**
   * Vapi public key for voice calls.
   * @default none
   */
  'vapi-public-key': attribute('voice.publicKey', identifier),
  /**
   * Vapi assistant to call.
   * @default none
   */
  'vapi-assistant-id': attribute('voice.assistantId', identifier),
  /**
   * Vapi squad to call (instead of an assistant).
   * @default none
   */
  'vapi-squad-id': attribute('voice.squadId', identifier),
  /**
   * Vapi workflow to call (instead of an assistant).
   * @default none
   */
  'vapi-workflow-id': attribute('voice.workflowId', identifier),
  /**
   * Base URL of the Vapi API, for a proxy.
   * @default Vapi's own
   */
  'vapi-api-url': attribute('voice.apiUrl', (value, context) => httpUrl(value, context)?.replace(/\/+$/, '')),
  /**
   * `vapi`, or `demo` for a scripted call with no network or microphone.
   * @default `vapi`
   */
  'voice-provider': keywords('voice.provider', ['vapi', 'demo']),
  /**
   * JSON object of Vapi `assistantOverrides` (first message, voice, your own `variableValues`), at most 8
   * KB; the widget's call variables are merged over it.
   * @default none
   */
  'vapi-assistant-overrides': attribute('voice.assistantOverrides', jsonObjectOf(MAX_OVERRIDES_LENGTH)),
  /**
   * Recording consent shown with "Agree and call" before the first call (markdown links allowed); the answer
   * is remembered per store.
   * @default none: no consent step
   */
  'voice-consent': attribute('voice.consent', textOf(MAX_CONSENT_LENGTH)),
  /**
   * "Track my order" opens this page in a new tab.
   * @default `https://{store-domain}/`, or this site's home page
   */
  'store-url': attribute('storeUrl', httpUrl),
  /**
   * The store's domain: drives the default brand name and welcome message.
   * @default the page's host
   */
  'store-domain': attribute('storeDomain', domainName),
  /**
   * "Talk to a human agent" opens this page; without it the request goes to the webhook.
   * @default none
   */
  'agent-url': attribute('agentUrl', httpUrl),
  /**
   * Server-Sent Events stream of messages pushed by the store's server: a person taking over, or a
   * reply's later messages. Opened only while something is expected; see docs/takeover.md.
   * @default none: "Talk to a human agent" only sends a message to the webhook
   */
  'events-url': attribute('eventsUrl', httpUrl),
  /**
   * Seconds to wait for a person before saying nobody is free and offering to reply by email (10 to 3600).
   * @default `120`
   */
  'handoff-timeout': attribute('handoffTimeout', numberFrom(10, 3600, 'seconds')),
  /**
   * `page` opens `store-url` for "Track my order"; `chat` asks in the chat: a verified shopper's question
   * goes out at once, a guest first gives the order number and email (see Customers and orders).
   * @default `page`
   */
  'order-tracking': keywords('orderTracking', ['page', 'chat']),
  /**
   * The signed-in shopper's id, as the store's server signed it (sent as `context.customer.id`).
   * @default none: a guest
   */
  'customer-id': attribute('customer.id', customerField(checkCustomerId, 'is not an id of at most 200 characters')),
  /**
   * The signed-in shopper's email address.
   * @default none
   */
  'customer-email': attribute('customer.email', customerField(checkCustomerEmail, 'is not an email address')),
  /**
   * The signed-in shopper's name.
   * @default none
   */
  'customer-name': attribute(
    'customer.name',
    customerField(checkCustomerName, 'is not a name of at most 120 characters'),
  ),
  /**
   * The store server's signature of `customer-id`: HMAC-SHA256 with the store's secret, or a short-lived JWT.
   * The widget never checks it; the workflow must (see Customers and orders).
   * @default none: the id is not sent
   */
  'customer-signature': attribute('customer.signature', customerField(checkSignature, 'is not hex, base64 or a JWT')),
  /**
   * The page will name the shopper with `identify()`: until it does, the conversations a signed-in
   * visit saved are hidden, not erased (without it, they are hidden for 5 seconds, then cleared as
   * after a sign-out). `identify(null)` is the sign-out (see Customers and orders).
   * @default absent: the `customer-*` attributes say who is signed in
   */
  'customer-pending': flag('customerPending', (value) => value.trim().toLowerCase() !== 'false'),
  /**
   * Header, launcher and visitor bubbles: a colour or gradient.
   * @default indigo to violet
   */
  'primary-gradient': themeField('primaryGradient'),
  /**
   * Welcome area background: a colour or gradient.
   * @default pale indigo to white
   */
  'secondary-gradient': themeField('secondaryGradient'),
  /**
   * Buttons, links and focus rings.
   * @default `#4f46e5`
   */
  'accent-color': themeField('accentColor'),
  /**
   * Logo image (https:, data:image/ or same origin).
   * @default the brand's initial
   */
  'logo-url': themeField('logoUrl'),
  /**
   * Name shown in the header and welcome view.
   * @default "{Store} store", from store-domain
   */
  'brand-name': themeField('brandName'),
  /**
   * Greeting at the top of an empty chat.
   * @default "Welcome to {store domain}. How can we assist you today?"
   */
  'welcome-message': themeField('welcomeMessage'),
  /**
   * Suggestion chips in an empty chat: a JSON array or `|`-separated labels.
   * @default New Course, Track my order, Size guide, Contact support
   */
  'quick-actions': themeField('quickActions'),
  /**
   * Space-separated badge image URLs; at most two are shown.
   * @default none
   */
  'badge-images': themeField('badgeImages'),
  /**
   * `inline` (a 600px card in the page) or `floating` (a launcher that opens the card).
   * @default `inline`
   */
  mode: keywords('mode', ['inline', 'floating']),
  /**
   * Floating mode: the bottom corner of the launcher and card, `bottom-right` or `bottom-left`.
   * @default `bottom-right`
   */
  position: keywords('position', ['bottom-right', 'bottom-left']),
  /**
   * Floating mode: the card is open. Set and removed by `open()` and `close()`.
   * @default absent (closed)
   */
  open: flag('open', (value) => value.trim().toLowerCase() !== 'false'),
  /**
   * `light`, `dark`, or `auto` to follow the visitor's system setting (`prefers-color-scheme`).
   * @default `light`
   */
  'color-scheme': keywords('colorScheme', ['light', 'dark', 'auto']),
  /**
   * Milliseconds per character of the reply typewriter; `0` shows replies at once.
   * @default `8`
   */
  'typing-speed': attribute('typingSpeed', numberFrom(0, 1000, 'milliseconds')),
  /**
   * Where conversations are kept: `local`, `session` or `none`.
   * @default `local`
   */
  persist: keywords('persist', ['local', 'session', 'none']),
  /**
   * FAQ entries as JSON: `[{ "q": "...", "a": "..." }]`.
   * @default none
   */
  faq: attribute('faq', faqEntries),
  /**
   * Space-separated hosts (`cdn.example`, `*.example.com`) or host/path prefixes (`shop.example/media/`)
   * that images in replies may load from, besides the page's own image files (see Images in replies).
   * @default the shop platform CDNs
   */
  'image-hosts': attribute('imageHosts', imageHosts),
  /**
   * Optional visitor-context lookup (GET, JSON), sent as `context.geo`.
   * @default none: nothing is requested
   */
  'geo-url': attribute('geoUrl', httpUrl),
  /**
   * Thumbs up and down under each complete bot reply: `on` or `off`.
   * @default `on`
   */
  feedback: keywordMap('feedback', { on: true, off: false }),
  /**
   * Where each rating is POSTed as JSON `{ messageId, rating, content, sessionId }` (10 s timeout, no
   * retries; failures go to the console).
   * @default none: ratings stay in the page (event only)
   */
  'feedback-url': attribute('feedbackUrl', httpUrl),
  /**
   * Floating mode: a short invitation shown beside the closed launcher once per session (at most 140
   * characters).
   * @default none
   */
  teaser: attribute('teaser', teaserText),
  /**
   * Seconds after load before the teaser shows (0 to 600).
   * @default `8`
   */
  'teaser-delay': attribute('teaserDelay', numberFrom(0, 600, 'seconds')),
  /**
   * Floating mode: when the launcher invites the visitor with two or three questions about the product the
   * page shows; space- or comma-separated, the first to happen brings it: `time:SECONDS`, `scroll:PERCENT`,
   * `exit` (a mouse leaving through the top of the window, desktop only), `add-to-cart` (the page's own cart
   * form), `returning` (a visitor seen before, as `persist` allows). See Invitations.
   * @default none: no invitation
   */
  invite: attribute('invite', (value, { invalid }) => parseInviteTriggers(value, invalid)),
  /**
   * The invitation's questions as JSON: a list for every product page, or an object of lists by product
   * type with `"*"` for the rest; `{product}` stands for the product's name.
   * @default none: the webhook is asked for this page's `suggestions`
   */
  'invite-questions': attribute('inviteQuestions', (value, { invalid }) => parseInviteQuestions(value, invalid)),
  /**
   * Invitations per session at most (0 to 20).
   * @default `2`
   */
  'invite-limit': attribute('inviteLimit', (value, context) => {
    const limit = numberFrom(0, 20, 'invitations')(value, context);
    return limit === undefined ? undefined : Math.floor(limit);
  }),
  /**
   * How long no invitation shows after the visitor closed one: days (`7`, `7d`) or hours (`12h`), remembered
   * only as `persist` allows.
   * @default `7d`
   */
  'invite-snooze': attribute('inviteSnoozeHours', (value, { invalid }) => parseInviteSnooze(value, invalid)),
  /**
   * `on` lets invitations show on cart and checkout pages too.
   * @default `off`
   */
  'invite-on-checkout': keywordMap('inviteOnCheckout', { on: true, off: false }),
  /**
   * `datalayer` pushes the widget's events to `window.dataLayer` (Google Tag Manager); see Analytics.
   * @default none
   */
  analytics: keywordMap('analytics', { datalayer: 'datalayer', none: null }),
  /**
   * `on` includes message, suggestion and rated-reply texts in analytics events.
   * @default `off`
   */
  'analytics-content': keywordMap('analyticsContent', { on: true, off: false }),
  /**
   * Cart buttons on product cards and the cart sent with each message: `shopify`, `woocommerce` or `custom`
   * (see Selling).
   * @default none: cards stay links, no cart request
   */
  commerce: keywordMap('commerce.platform', {
    shopify: 'shopify',
    woocommerce: 'woocommerce',
    custom: 'custom',
    none: null,
  }),
  /**
   * `off` stops sending `context.page` (the page's address, title and product).
   * @default `on`
   */
  'page-context': keywordMap('commerce.pageContext', { on: true, off: false }),
  /**
   * Where the cart endpoints live, for a cart on another address.
   * @default this site (Shopify: its routes root)
   */
  'cart-base-url': attribute('commerce.cartBaseUrl', (value, context) => httpUrl(value, context)?.replace(/\/?$/, '/')),
  /**
   * The cart strip's "View cart" link.
   * @default `cart` under the cart base
   */
  'cart-url': attribute('commerce.cartUrl', httpUrl),
  /**
   * The cart strip's "Checkout" link.
   * @default `checkout` under the cart base
   */
  'checkout-url': attribute('commerce.checkoutUrl', httpUrl),
  /**
   * Language of the widget's own texts, one of the built-in languages (see Languages); a regional tag such
   * as `de-AT` or `zh-TW` uses its language. Without it, or for a language with no translation, the page's
   * `<html lang>` and then the browser's languages are tried; English when none has a translation.
   * @default the page's language, else the browser's, else `en`
   */
  lang: attribute('lang', languageTag),
  /**
   * JSON object overriding single entries of the string table, for example `{"askQuestion":"Ask us"}`; a
   * counted entry takes one text or its forms, `{"cartCount":{"one":"{count} item","other":"{count} items"}}`
   * (see Languages).
   * @default none
   */
  strings: attribute('strings', stringOverrides),
} as const satisfies Record<AttributeName, AnyAttributeDeclaration>;

export { ATTRIBUTE_NAMES, type AttributeName };

/** The attributes that set a theme field. */
type ThemeAttributeName = {
  [N in AttributeName]: (typeof ATTRIBUTES)[N]['config'] extends `themeAttributes.${string}` ? N : never;
}[AttributeName];

/** The theme field a theme attribute sets. */
type ThemeFieldOf<N extends ThemeAttributeName> = (typeof ATTRIBUTES)[N]['config'] extends `themeAttributes.${infer F}`
  ? F
  : never;

/** Theme attribute to theme field: the layer of the theme that attributes set. */
export const THEME_ATTRIBUTES = Object.fromEntries(
  ATTRIBUTE_NAMES.flatMap((name) => {
    const [part, field] = ATTRIBUTES[name].config.split('.');
    return part === 'themeAttributes' ? [[name, field]] : [];
  }),
) as { readonly [N in ThemeAttributeName]: ThemeFieldOf<N> };

/** Sets the configuration field at `path`. */
function assign(config: ParsedAttributes, path: ConfigPath, value: unknown): void {
  const [key, field] = path.split('.') as [keyof ParsedAttributes, string?];
  const fields = config as unknown as Record<string, unknown>;
  if (field === undefined) fields[key] = value;
  else (fields[key] as Record<string, unknown>)[field] = value;
}

/**
 * The attributes the first view (the floating launcher, or the inline card's greeting, drawn before the
 * widget sets up) is drawn from: its mode and corner, its colours and scheme, its language and its names.
 */
export const FIRST_VIEW_ATTRIBUTES: readonly AttributeName[] = [
  'mode',
  'open',
  'position',
  'color-scheme',
  'lang',
  'strings',
  'store-domain',
  ...(Object.keys(THEME_ATTRIBUTES) as AttributeName[]),
];

/**
 * Parses the element's attributes (all of them, or only `names`: the others keep their defaults) into a
 * validated configuration. An absent attribute gives its default; an invalid one gives its default and a
 * console message through `warn`.
 */
export function parseAttributes(
  read: (name: AttributeName) => string | null,
  page: PageContext,
  warn: (message: string) => void,
  names: readonly AttributeName[] = ATTRIBUTE_NAMES,
): ParsedAttributes {
  const config: ParsedAttributes = defaultConfig(page.host);
  for (const name of names) {
    const declared: AnyAttributeDeclaration = ATTRIBUTES[name];
    const value = read(name);
    if (value === null || (value.trim() === '' && !declared.boolean)) continue;
    const invalid = (why: string, shown = value) =>
      warn(`attribute ${name}="${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}" ${why}; the default is used`);
    const parsed = declared.parse(value, { page, warn, invalid });
    if (parsed !== undefined) assign(config, declared.config, parsed);
  }
  // Without store-url, "Track my order" opens the store's home page: store-domain's, or this site's.
  const pageHome = page.origin === 'null' ? '' : `${page.origin}/`;
  const storeHome = config.storeDomain !== page.host ? `https://${config.storeDomain}/` : pageHome;
  config.storeUrl ??= resolveHttpUrl(storeHome, page.baseUrl) ?? null;
  return config;
}
