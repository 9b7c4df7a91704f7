import { defaultConfig, type AssistantConfig, type FaqEntry } from '../app/config';
import { own } from '../common/own';
import { isStringKey, type StringTable } from '../i18n/strings';
import type { Theme, ThemePatch } from '../theme/theme';
import { checkText, checkThemeField } from '../theme/validate';

/**
 * Every attribute of `<store-assistant>`, in documentation order; the element observes exactly these.
 * What each one does and its default are in attribute-docs.ts (the README's table), kept out of the
 * script itself.
 */
export const ATTRIBUTE_NAMES = [
  'webhook-url',
  'vapi-public-key',
  'vapi-assistant-id',
  'vapi-squad-id',
  'vapi-workflow-id',
  'vapi-api-url',
  'voice-provider',
  'vapi-assistant-overrides',
  'voice-consent',
  'store-url',
  'store-domain',
  'agent-url',
  'primary-gradient',
  'secondary-gradient',
  'accent-color',
  'logo-url',
  'brand-name',
  'welcome-message',
  'quick-actions',
  'badge-images',
  'mode',
  'position',
  'open',
  'color-scheme',
  'typing-speed',
  'persist',
  'faq',
  'image-hosts',
  'geo-url',
  'feedback',
  'feedback-url',
  'teaser',
  'teaser-delay',
  'analytics',
  'analytics-content',
  'commerce',
  'page-context',
  'cart-base-url',
  'cart-url',
  'checkout-url',
  'lang',
  'strings',
] as const;

/** An attribute name of `<store-assistant>`. */
export type AttributeName = (typeof ATTRIBUTE_NAMES)[number];

/** The page the element lives on: relative URLs resolve against it and defaults derive from it. */
export interface PageContext {
  /** Base for relative URLs (the document's base URI). */
  baseUrl: string;
  /** The page's origin, e.g. "https://acme.example". */
  origin: string;
  /** The page's host, e.g. "acme.example". */
  host: string;
}

/** Theme attribute to theme field: the layer of the theme that attributes set. */
export const THEME_ATTRIBUTES = {
  'primary-gradient': 'primaryGradient',
  'secondary-gradient': 'secondaryGradient',
  'accent-color': 'accentColor',
  'logo-url': 'logoUrl',
  'brand-name': 'brandName',
  'welcome-message': 'welcomeMessage',
  'quick-actions': 'quickActions',
  'badge-images': 'badgeImages',
} as const satisfies Partial<Record<AttributeName, keyof Theme>>;

/** An http(s) URL, resolved against the page; anything else (javascript:, data:, garbage) is null. */
function parseHttpUrl(value: string, baseUrl: string): string | null {
  try {
    const url = new URL(value.trim(), baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function parseFaq(value: string): FaqEntry[] | null {
  const parsed = parseJson(value);
  if (!Array.isArray(parsed)) return null;
  const entries: FaqEntry[] = [];
  for (const item of parsed.slice(0, 50)) {
    const q = own(item, 'q');
    const a = own(item, 'a');
    if (typeof q !== 'string' || typeof a !== 'string') return null;
    const question = checkText(q, 300);
    const answer = checkText(a, 4000);
    if ('problem' in question || 'problem' in answer) return null;
    entries.push({ q: question.text, a: answer.text });
  }
  return entries;
}

function parseStrings(value: string, warn: (message: string) => void): Partial<StringTable> | null {
  const parsed = parseJson(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const strings: Partial<StringTable> = {};
  for (const [key, text] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isStringKey(key)) warn(`strings: "${key}" is not a known string and was ignored`);
    else if (typeof text !== 'string' || text.length > 500) warn(`strings: "${key}" must be a text of at most 500 characters`);
    else strings[key] = text;
  }
  return strings;
}

/** Longest teaser text: a line or two beside the launcher. */
export const MAX_TEASER_LENGTH = 140;

const HOST_PATTERN = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;
/** An `image-hosts` entry: a host pattern, optionally followed by a path prefix (`shop.example/media/`). */
const IMAGE_HOST_PATTERN = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:\/[\w\-.~%!$&'()*+,;=:@/]*)?$/i;

/**
 * The element's attributes, parsed: the assistant's configuration, and what the `open` attribute asks
 * for (absent: nothing, the card stays closed; present: open, unless its value is "false").
 */
export type ParsedAttributes = AssistantConfig & { open?: boolean };

/** Typed readers of single attributes, each reporting an invalid value through `warn` and giving null or the fallback. */
function attributeReaders(read: (name: AttributeName) => string | null, page: PageContext, warn: (message: string) => void) {
  const invalid = (name: AttributeName, value: string, why: string) =>
    warn(`attribute ${name}="${value.length > 80 ? `${value.slice(0, 80)}…` : value}" ${why}; the default is used`);
  const text = (name: AttributeName): string | null => {
    const value = read(name);
    return value === null || value.trim() === '' ? null : value;
  };
  const url = (name: AttributeName): string | null => {
    const value = text(name);
    if (value === null) return null;
    const parsed = parseHttpUrl(value, page.baseUrl);
    if (parsed === null) invalid(name, value, 'is not an http(s) URL');
    return parsed;
  };
  const id = (name: AttributeName): string | null => {
    const value = text(name)?.trim() ?? null;
    if (value !== null && !/^[\w.:-]{1,200}$/.test(value)) {
      invalid(name, value, 'is not a valid identifier');
      return null;
    }
    return value;
  };
  const choice = <T extends string>(name: AttributeName, options: readonly T[], fallback: T): T => {
    const value = text(name)?.trim().toLowerCase() ?? null;
    if (value === null) return fallback;
    if ((options as readonly string[]).includes(value)) return value as T;
    invalid(name, value, `must be one of ${options.join(', ')}`);
    return fallback;
  };
  return { read, page, warn, invalid, text, url, id, choice };
}

type Readers = ReturnType<typeof attributeReaders>;

/** Longest `vapi-assistant-overrides` JSON: a first message, a voice and some variables, not a whole assistant. */
const MAX_OVERRIDES_LENGTH = 8_192;
/** Longest `voice-consent` text: a paragraph with a link or two. */
const MAX_CONSENT_LENGTH = 1_000;

/** A JSON object attribute of at most `max` characters; anything else is reported and ignored. */
function jsonObject({ invalid, text }: Readers, name: AttributeName, max: number): Record<string, unknown> | null {
  const value = text(name);
  if (value === null) return null;
  const parsed = value.length <= max ? parseJson(value) : undefined;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  invalid(name, value, `must be a JSON object of at most ${max} characters`);
  return null;
}

/** A text attribute of at most `max` characters, control characters removed. */
function textOf({ invalid, text }: Readers, name: AttributeName, max: number): string | null {
  const value = text(name);
  if (value === null) return null;
  const checked = checkText(value, max);
  if ('problem' in checked) {
    invalid(name, value, checked.problem);
    return null;
  }
  return checked.text;
}

/** Voice, the webhook and the store's own pages. */
function parseConnections(readers: Readers, config: AssistantConfig): void {
  const { page, invalid, text, url, id, choice } = readers;
  config.webhookUrl = url('webhook-url');
  config.voice = {
    provider: choice('voice-provider', ['vapi', 'demo'], 'vapi'),
    publicKey: id('vapi-public-key'),
    assistantId: id('vapi-assistant-id'),
    squadId: id('vapi-squad-id'),
    workflowId: id('vapi-workflow-id'),
    // A base URL the SDK appends "/call/web" to: no trailing slash.
    apiUrl: url('vapi-api-url')?.replace(/\/+$/, '') ?? null,
    assistantOverrides: jsonObject(readers, 'vapi-assistant-overrides', MAX_OVERRIDES_LENGTH),
    consent: textOf(readers, 'voice-consent', MAX_CONSENT_LENGTH),
  };
  const domain = text('store-domain')?.trim().toLowerCase() ?? null;
  if (domain !== null) {
    if (HOST_PATTERN.test(domain) && !domain.startsWith('*')) config.storeDomain = domain;
    else invalid('store-domain', domain, 'is not a domain name');
  }
  const storeHome = config.storeDomain !== page.host ? `https://${config.storeDomain}/` : page.origin === 'null' ? '' : `${page.origin}/`;
  config.storeUrl = url('store-url') ?? parseHttpUrl(storeHome, page.baseUrl);
  config.agentUrl = url('agent-url');
  config.geoUrl = url('geo-url');
}

/** The theme fields set by attributes, each validated like a saved or imported theme. */
function parseThemeAttributes({ page, invalid, text }: Readers): ThemePatch {
  const theme: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(THEME_ATTRIBUTES) as [AttributeName, keyof Theme][]) {
    const value = text(name);
    if (value === null) continue;
    const checked = checkThemeField(field, value, page.origin);
    if (checked.problem !== undefined) invalid(name, value, checked.problem);
    else theme[field] = checked.value;
  }
  return theme as ThemePatch;
}

/** Layout, typing, storage and the FAQ. */
function parseBehaviour({ invalid, text, choice }: Readers, config: AssistantConfig): void {
  config.mode = choice('mode', ['inline', 'floating'], 'inline');
  config.position = choice('position', ['bottom-right', 'bottom-left'], 'bottom-right');
  config.colorScheme = choice('color-scheme', ['light', 'dark', 'auto'], 'light');

  const speed = text('typing-speed');
  if (speed !== null) {
    const value = Number(speed);
    if (Number.isFinite(value) && value >= 0 && value <= 1000) config.typingSpeed = value;
    else invalid('typing-speed', speed, 'must be a number of milliseconds from 0 to 1000');
  }
  config.persist = choice('persist', ['local', 'session', 'none'], 'local');
  const faq = text('faq');
  if (faq !== null) {
    const entries = parseFaq(faq);
    if (entries) config.faq = entries;
    else invalid('faq', faq, 'must be a JSON array of { "q": text, "a": text }');
  }
  const hosts = text('image-hosts');
  if (hosts !== null) {
    // Host names are case-insensitive, path prefixes are not.
    const list = hosts.split(/[\s,]+/).filter(Boolean).map((entry) => entry.replace(/^[^/]*/, (host) => host.toLowerCase()));
    const bad = list.filter((entry) => !IMAGE_HOST_PATTERN.test(entry) || /(?:^|\/)\.\.?(?:\/|$)/.test(entry));
    bad.forEach((entry) => invalid('image-hosts', entry, 'is not a host name or host/path-prefix'));
    config.imageHosts = list.filter((entry) => !bad.includes(entry));
  }
}

/** Reply feedback, the launcher teaser and analytics. */
function parseEngagement({ invalid, text, url, choice }: Readers, config: AssistantConfig): void {
  config.feedback = choice('feedback', ['on', 'off'], 'on') === 'on';
  config.feedbackUrl = url('feedback-url');
  const teaser = text('teaser')?.replace(/\s+/g, ' ').trim() ?? null;
  if (teaser !== null) {
    const checked = checkText(teaser, MAX_TEASER_LENGTH);
    if ('problem' in checked) invalid('teaser', teaser, checked.problem);
    else config.teaser = checked.text;
  }
  const delay = text('teaser-delay');
  if (delay !== null) {
    const value = Number(delay);
    if (Number.isFinite(value) && value >= 0 && value <= 600) config.teaserDelay = value;
    else invalid('teaser-delay', delay, 'must be a number of seconds from 0 to 600');
  }
  config.analytics = choice('analytics', ['datalayer', 'none'], 'none') === 'datalayer' ? 'datalayer' : null;
  config.analyticsContent = choice('analytics-content', ['on', 'off'], 'off') === 'on';
}

/** The store's cart and what the page tells the webhook. */
function parseCommerce({ text, url, choice }: Readers, config: AssistantConfig): void {
  const platform = text('commerce') === null ? 'none' : choice('commerce', ['shopify', 'woocommerce', 'custom', 'none'], 'none');
  const base = url('cart-base-url');
  config.commerce = {
    platform: platform === 'none' ? null : platform,
    pageContext: choice('page-context', ['on', 'off'], 'on') === 'on',
    // Cart paths resolve under the base, so it ends with a slash.
    cartBaseUrl: base && (base.endsWith('/') ? base : `${base}/`),
    cartUrl: url('cart-url'),
    checkoutUrl: url('checkout-url'),
  };
}

/** The widget's language and single string overrides. */
function parseLanguage({ warn, invalid, text }: Readers, config: AssistantConfig): void {
  const lang = text('lang')?.trim() ?? null;
  if (lang !== null) {
    if (/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(lang)) config.lang = lang;
    else invalid('lang', lang, 'is not a language tag');
  }
  const strings = text('strings');
  if (strings !== null) {
    const parsed = parseStrings(strings, warn);
    if (parsed) config.strings = parsed;
    else invalid('strings', strings, 'must be a JSON object of string keys and texts');
  }
}

/**
 * Parses the element's attributes into a validated configuration. An absent attribute gives its
 * default; an invalid one gives its default and a console message through `warn`.
 */
export function parseAttributes(
  read: (name: AttributeName) => string | null,
  page: PageContext,
  warn: (message: string) => void,
): ParsedAttributes {
  const readers = attributeReaders(read, page, warn);
  const config = defaultConfig(page.host);
  parseConnections(readers, config);
  config.themeAttributes = parseThemeAttributes(readers);
  parseBehaviour(readers, config);
  parseEngagement(readers, config);
  parseCommerce(readers, config);
  parseLanguage(readers, config);
  const open = read('open');
  return open === null ? config : { ...config, open: open.trim().toLowerCase() !== 'false' };
}
