/**
 * The embed snippet: the script, then one element that reproduces the preview on any page. The
 * preview's own theme (exportTheme) is the truth for the theme attributes, so the snippet holds
 * exactly the colours, texts and images the preview shows; the other attributes are copied from the
 * preview element itself.
 */
import { defaultConfig } from '../../src/app/config';
import { ATTRIBUTE_NAMES, type AttributeName } from '../../src/element/attributes';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import type { Theme as StoreAssistantTheme } from '../../src/theme/theme';
import { previewTheme } from './preview-sync';
import { isThemeAttribute, quickActionsAttribute, THEME_KEYS } from './theme-fields';

/** Attributes holding an address: the snippet writes them absolute, as a store page on another site needs them. */
const URL_ATTRIBUTES: ReadonlySet<AttributeName> = new Set([
  'webhook-url',
  'vapi-api-url',
  'store-url',
  'agent-url',
  'geo-url',
  'feedback-url',
]);

/** The element's defaults that never depend on the page: left out of the snippet, which behaves the same without them. */
function sameEverywhereDefaults(): Partial<Record<AttributeName, string>> {
  const defaults = defaultConfig(location.host);
  return {
    'voice-provider': defaults.voice.provider,
    position: defaults.position,
    'typing-speed': String(defaults.typingSpeed),
    persist: defaults.persist,
    lang: defaults.lang,
    'teaser-delay': String(defaults.teaserDelay),
  };
}

/** An absolute http(s) address, resolved as the element resolves it; null for anything else. */
function absoluteHttpUrl(value: string): string | null {
  try {
    const url = new URL(value, document.baseURI);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An attribute as HTML: quoted with whichever quote mark the value holds fewer of, with `&`, `<`, `>`,
 * that quote mark and line breaks escaped, so the value reads back exactly and stays on one line.
 */
export function htmlAttribute(name: string, value: string): string {
  const doubles = value.split('"').length;
  const singles = value.split("'").length;
  const quote = singles < doubles ? "'" : '"';
  const escaped = value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
  return `${name}=${quote}${escaped}${quote}`;
}

/** The value a theme field is written with in the snippet. */
function themeAttributeValue<K extends keyof StoreAssistantTheme>(key: K, value: StoreAssistantTheme[K]): string {
  if (Array.isArray(value)) return key === 'quickActions' ? quickActionsAttribute(value) : value.join(' ');
  return String(value);
}

/**
 * A theme attribute as the snippet writes it; null leaves it out. No logo and no badges are said by
 * leaving the attribute out: an empty one (`logo-url=""`) says the same, and only looks like a mistake.
 */
function themeAttribute(name: AttributeName, value: string): string | null {
  if (value === '' && (name === 'logo-url' || name === 'badge-images')) return null;
  return htmlAttribute(name, value);
}

/** An attribute of the preview other than the theme's, as the snippet writes it; null leaves it out. */
function otherAttribute(
  preview: StoreAssistantElement,
  name: AttributeName,
  defaults: Partial<Record<AttributeName, string>>,
): string | null {
  const value = preview.getAttribute(name);
  if (value === null) return null;
  // `open` means something only in floating mode.
  if (name === 'open') return preview.getAttribute('mode') === 'floating' ? 'open' : null;
  // `mode` is always written, so the snippet says plainly where the widget sits.
  if (name !== 'mode' && defaults[name] === value) return null;
  return htmlAttribute(name, URL_ATTRIBUTES.has(name) ? (absoluteHttpUrl(value) ?? value) : value);
}

/**
 * The embed snippet: every theme field written out (so neither a theme saved on the store nor
 * defaults taken from the store's domain can change it) and every other attribute the preview has,
 * addresses made absolute.
 */
export function buildSnippet(preview: StoreAssistantElement): string {
  const theme = previewTheme(preview);
  const defaults = sameEverywhereDefaults();
  const bundle = document.querySelector<HTMLScriptElement>('script[src$="/store-assistant.js"]');
  const scriptUrl = bundle?.src ?? new URL('/store-assistant.js', location.origin).href;
  const attributes: string[] = [];
  for (const name of ATTRIBUTE_NAMES) {
    const attribute = isThemeAttribute(name)
      ? themeAttribute(name, themeAttributeValue(THEME_KEYS[name], theme[THEME_KEYS[name]]))
      : otherAttribute(preview, name, defaults);
    if (attribute !== null) attributes.push(attribute);
  }
  return `<script src="${scriptUrl}" defer></script>\n<store-assistant\n${attributes.map((attribute) => `  ${attribute}`).join('\n')}\n></store-assistant>`;
}
