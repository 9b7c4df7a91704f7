import { stripInvisible } from '../common/invisible-characters';
import { THEME_FIELDS, type Theme, type ThemePatch } from './theme';

/** Longest colour or gradient value we accept; real gradients are far shorter. */
export const MAX_CSS_VALUE_LENGTH = 300;
/** Longest image URL we accept (a small inline logo fits; a 100 KB string does not). */
export const MAX_IMAGE_URL_LENGTH = 64 * 1024;
export const MAX_BRAND_NAME_LENGTH = 60;
export const MAX_WELCOME_MESSAGE_LENGTH = 500;
export const MAX_QUICK_ACTIONS = 8;
export const MAX_QUICK_ACTION_LENGTH = 60;
export const MAX_BADGE_IMAGES = 10;

/**
 * Substrings that let a value escape its declaration, load a resource or read another variable.
 * Anything containing one is refused before the grammar check, whatever else it holds.
 */
export const FORBIDDEN_CSS = [
  ';',
  '{',
  '}',
  '\\',
  'url(',
  'var(',
  'image-set(',
  'expression(',
  'env(',
  'attr(',
  'element(',
  'paint(',
  'cross-fade(',
  '@',
  '<',
  '>',
  '"',
  "'",
  '/*',
];

/** CSS functions a colour or gradient may use. */
export const ALLOWED_CSS_FUNCTIONS = new Set([
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'calc',
]);

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED_COLOR = /^[a-z]{3,20}$/i;
/** Characters a colour or gradient is made of: no quotes, escapes, newlines or punctuation beyond these. */
export const CSS_VALUE_CHARS = /^[a-z0-9#%.,()/+\- ]+$/i;

/** Why a value was refused, or null when it is fine. */
export type Problem = string | null;

function cssSupports(property: string, value: string): boolean | undefined {
  const css = (globalThis as { CSS?: { supports?: (p: string, v: string) => boolean } }).CSS;
  if (typeof css?.supports !== 'function') return undefined;
  try {
    return css.supports(property, value);
  } catch {
    return undefined;
  }
}

function checkCssShape(value: string): Problem {
  if (value.length === 0) return 'is empty';
  if (value.length > MAX_CSS_VALUE_LENGTH) return `is longer than ${MAX_CSS_VALUE_LENGTH} characters`;
  const lower = value.toLowerCase();
  const forbidden = FORBIDDEN_CSS.find((token) => lower.includes(token));
  if (forbidden) return `contains "${forbidden}"`;
  if (!CSS_VALUE_CHARS.test(value)) return 'contains characters a colour never has (newlines, quotes or symbols)';
  let depth = 0;
  for (const char of value) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) return 'has unbalanced parentheses';
  }
  if (depth !== 0) return 'has unbalanced parentheses';
  for (const match of lower.matchAll(/([a-z-]+)\(/g)) {
    const name = match[1] ?? '';
    if (!ALLOWED_CSS_FUNCTIONS.has(name)) return `uses ${name}(), which a theme colour may not use`;
  }
  return null;
}

/** Checks a colour: hex, a named colour or a colour function. */
export function checkColor(value: string): Problem {
  const shape = checkCssShape(value);
  if (shape) return shape;
  const isColorSyntax =
    HEX_COLOR.test(value) || NAMED_COLOR.test(value) || (/^[a-z-]+\(/i.test(value) && isSingleCall(value));
  if (!isColorSyntax || /gradient\(/i.test(value)) return 'is not a colour';
  return cssSupports('color', value) === false ? 'is not a colour this browser understands' : null;
}

/** True when the first function call's closing parenthesis is the value's last character. */
export function isSingleCall(value: string): boolean {
  let depth = 0;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index === value.length - 1;
  }
  return false;
}

/** Checks a background: a colour or a linear, radial or conic gradient. */
export function checkBackground(value: string): Problem {
  const shape = checkCssShape(value);
  if (shape) return shape;
  if (!/gradient\(/i.test(value)) return checkColor(value);
  if (!/^(?:repeating-)?(?:linear|radial|conic)-gradient\(/i.test(value) || !isSingleCall(value))
    return 'is not a single gradient';
  return cssSupports('background-image', value) === false ? 'is not a gradient this browser understands' : null;
}

const DATA_IMAGE_URL =
  /^data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*(?:;base64)?,[a-z0-9+/=%._~!$&'()*,;:@-]*$/i;

/**
 * Normalises an image URL and tells whether it may be shown: `https:` anywhere, `data:image/...`, or
 * any URL on the page's own origin (so a store on plain http, like a local preview, can use its own
 * images). Returns the absolute URL, or a problem.
 */
export function checkImageUrl(value: string, pageOrigin: string): { url: string } | { problem: string } {
  const trimmed = value.trim();
  if (trimmed.length > MAX_IMAGE_URL_LENGTH) return { problem: `is longer than ${MAX_IMAGE_URL_LENGTH} characters` };
  if (/^data:/i.test(trimmed)) {
    return DATA_IMAGE_URL.test(trimmed) ? { url: trimmed } : { problem: 'is a data URL that is not an image' };
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed, pageOrigin);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (parsed.protocol === 'https:' || parsed.origin === pageOrigin) return { url: parsed.href };
  return { problem: "must be an https: URL, a data:image URL or on this page's origin" };
}

/** Checks a piece of display text: a non-empty string within `max` characters once trimmed. */
export function checkText(value: string, max: number): { text: string } | { problem: string } {
  const text = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  if (!text) return { problem: 'is empty' };
  if (text.length > max) return { problem: `is longer than ${max} characters` };
  return { text };
}

/**
 * Splits a list written in an attribute: a JSON array of strings, or items separated by `separator`.
 * Returns null when the value looks like JSON but is not an array of strings.
 */
export function splitList(value: string, separator: RegExp): string[] | null {
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : null;
    } catch {
      return null;
    }
  }
  return trimmed
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

interface FieldResult<K extends keyof Theme> {
  value?: Theme[K];
  problem?: string;
}

function checkStringList(
  value: unknown,
  separator: RegExp,
  maxItems: number,
  checkItem: (item: string) => { ok: string } | { problem: string },
): FieldResult<'quickActions'> {
  const list = typeof value === 'string' ? splitList(value, separator) : Array.isArray(value) ? value : null;
  if (!list || !list.every((item): item is string => typeof item === 'string'))
    return { problem: 'is not a list of texts' };
  if (list.length > maxItems) return { problem: `has more than ${maxItems} entries` };
  const items: string[] = [];
  for (const item of list) {
    const checked = checkItem(item);
    if ('problem' in checked) return { problem: `has an entry that ${checked.problem}` };
    items.push(checked.ok);
  }
  return { value: items };
}

/**
 * Validates one theme field from untrusted input (an attribute, a saved theme or an imported one).
 * Lists may be given as arrays or as attribute strings.
 */
export function checkThemeField<K extends keyof Theme>(field: K, value: unknown, pageOrigin: string): FieldResult<K> {
  const result = checkAnyField(field, value, pageOrigin);
  return result as FieldResult<K>;
}

function checkAnyField(field: keyof Theme, value: unknown, pageOrigin: string): FieldResult<keyof Theme> {
  if (field === 'quickActions') {
    return checkStringList(value, /\|/, MAX_QUICK_ACTIONS, (item) => {
      const checked = checkText(item, MAX_QUICK_ACTION_LENGTH);
      return 'problem' in checked ? checked : { ok: checked.text };
    });
  }
  if (field === 'badgeImages') {
    return checkStringList(value, /\s+/, MAX_BADGE_IMAGES, (item) => {
      const checked = checkImageUrl(item, pageOrigin);
      return 'problem' in checked ? checked : { ok: checked.url };
    });
  }
  if (typeof value !== 'string') return { problem: 'is not a text' };
  switch (field) {
    case 'primaryGradient':
    case 'secondaryGradient': {
      const problem = checkBackground(value.trim());
      return problem ? { problem } : { value: value.trim() };
    }
    case 'accentColor': {
      const problem = checkColor(value.trim());
      return problem ? { problem } : { value: value.trim() };
    }
    case 'logoUrl': {
      if (value.trim() === '') return { value: '' };
      const checked = checkImageUrl(value, pageOrigin);
      return 'problem' in checked ? checked : { value: checked.url };
    }
    case 'brandName':
    case 'welcomeMessage': {
      // The brand name heads the widget and names it to screen readers: no hidden reordering or padding.
      const checked =
        field === 'brandName'
          ? checkText(stripInvisible(value), MAX_BRAND_NAME_LENGTH)
          : checkText(value, MAX_WELCOME_MESSAGE_LENGTH);
      return 'problem' in checked ? checked : { value: checked.text };
    }
  }
}

function isThemeField(key: string): key is keyof Theme {
  return (THEME_FIELDS as readonly string[]).includes(key);
}

/** A validated theme layer plus the reasons any field of the input was refused. */
export interface ThemeCheck {
  patch: ThemePatch;
  problems: string[];
}

/**
 * Validates a theme object from untrusted JSON. Valid fields are kept, every refused field (and every
 * unknown key) is listed in `problems`, so callers decide whether one bad field spoils the whole theme.
 */
export function checkThemeObject(input: unknown, pageOrigin: string): ThemeCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { patch: {}, problems: ['a theme must be a JSON object'] };
  }
  const patch: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const key of Object.keys(input)) {
    if (!isThemeField(key)) {
      problems.push(`"${key}" is not a theme field (expected one of ${THEME_FIELDS.join(', ')})`);
      continue;
    }
    const checked = checkThemeField(key, (input as Record<string, unknown>)[key], pageOrigin);
    if (checked.problem !== undefined) problems.push(`${key} ${checked.problem}`);
    else patch[key] = checked.value;
  }
  return { patch: patch as ThemePatch, problems };
}
