/**
 * What the element accepts, asked of the element's own code (src/theme/validate.ts and
 * src/element/attributes.ts), so the configurator never sets a value the element would refuse. This
 * module only adds the wording: a store owner reads why a value is refused next to its field, in words
 * meant for them, instead of a developer message in the console.
 */
import type { AssistantConfig } from '../../src/app/config';
import { parseAttributes, type AttributeName, type PageContext } from '../../src/element/attributes';
import {
  ALLOWED_CSS_FUNCTIONS,
  CSS_VALUE_CHARS,
  FORBIDDEN_CSS,
  MAX_CSS_VALUE_LENGTH,
  MAX_IMAGE_URL_LENGTH,
  checkBackground,
  checkColor,
  checkImageUrl,
  checkText,
  isSingleCall,
} from '../../src/theme/validate';

/** This page, as the element sees the page it lives on. */
export function thisPage(): PageContext {
  return { baseUrl: document.baseURI, origin: location.origin, host: location.host };
}

/** The element's reading of one attribute (every other one absent) on this page. */
export interface ElementReading {
  config: AssistantConfig;
  /** False when the element would report the value in the console (and use its default). */
  accepted: boolean;
}

/** Reads `value` for attribute `name` exactly as the element would. */
export function readAsElement(name: AttributeName, value: string): ElementReading {
  let accepted = true;
  const config = parseAttributes(
    (attribute) => (attribute === name ? value : null),
    thisPage(),
    () => {
      accepted = false;
    },
  );
  return { config, accepted };
}

/** A text as the element keeps it: control characters removed, trimmed ('' when nothing is left). */
export function cleanText(value: string): string {
  const checked = checkText(value, Number.POSITIVE_INFINITY);
  return 'text' in checked ? checked.text : '';
}

/** Why a colour or gradient cannot even be CSS the element allows, in the element's order of checks. */
function cssShapeRefusal(value: string): string | null {
  if (value.length > MAX_CSS_VALUE_LENGTH) return `is longer than ${MAX_CSS_VALUE_LENGTH} characters`;
  const lower = value.toLowerCase();
  const token = FORBIDDEN_CSS.find((forbidden) => lower.includes(forbidden));
  if (token) return `may not contain ${token}`;
  if (!CSS_VALUE_CHARS.test(value)) return 'may only use letters, digits, spaces and # % . , ( ) / + -';
  let depth = 0;
  for (const character of value) {
    depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (depth < 0) return 'has a ) without its (';
  }
  if (depth !== 0) return 'has a ( without its )';
  for (const [, name = ''] of lower.matchAll(/([a-z-]+)\(/g)) {
    if (!ALLOWED_CSS_FUNCTIONS.has(name)) return `uses ${name}(), which is not a colour`;
  }
  return null;
}

/** Why the element refuses `value` as a colour, or null when it takes it. */
export function colourRefusal(value: string): string | null {
  if (checkColor(value) === null) return null;
  return cssShapeRefusal(value) ?? 'is not a colour';
}

/** Why the element refuses `value` as a background (a colour or one gradient), or null when it takes it. */
export function backgroundRefusal(value: string): string | null {
  if (checkBackground(value) === null) return null;
  const shape = cssShapeRefusal(value);
  if (shape) return shape;
  if (!/gradient\(/i.test(value)) return 'is neither a colour nor a gradient';
  // Its functions are all allowed ones, so a value that starts with a function named like a gradient
  // starts with a gradient.
  const firstFunction = /^([a-z-]+)\(/i.exec(value)?.[1] ?? '';
  if (!/-gradient$/i.test(firstFunction) || !isSingleCall(value)) return 'is not one gradient';
  return 'is not a gradient the browser understands';
}

/** An image address the element accepts, as it resolves it, or why it refuses it. */
export type ImageCheck = { url: string; warning?: string } | { problem: string };

/** Why the element refuses an image address: it must be https:, a data:image or on this site. */
function imageRefusal(value: string): string {
  if (value.length > MAX_IMAGE_URL_LENGTH)
    return `is longer than ${MAX_IMAGE_URL_LENGTH / 1024} KB: use a smaller image or an https: address`;
  if (/^data:/i.test(value))
    return 'is a data: address the assistant cannot show (it must be a base64 PNG, JPEG, GIF, WebP, AVIF or SVG image)';
  try {
    new URL(value, location.origin);
  } catch {
    return 'is not a web address';
  }
  return 'must start with https: (or be a data:image or a path on this site)';
}

/**
 * An image address (logo, badge) as the element checks it. One on this site over plain http is shown
 * here but refused by a store on another site, which the warning says.
 */
export function checkImage(value: string): ImageCheck {
  const checked = checkImageUrl(value, location.origin);
  if ('problem' in checked) return { problem: imageRefusal(value) };
  if (!checked.url.startsWith('http:')) return { url: checked.url };
  return {
    url: checked.url,
    warning: `${checked.url} is on this site over plain http: it shows here, but a store on another site refuses it. Use an https: address there.`,
  };
}

/** True when the element takes `url` (from a file the store owner chose) as a built-in image. */
export const isBuiltInImage = (url: string): boolean =>
  /^data:/i.test(url) && 'url' in checkImageUrl(url, location.origin);
