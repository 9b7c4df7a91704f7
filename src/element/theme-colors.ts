import {
  colorStops,
  DARK_TEXT,
  LIGHT_TEXT,
  onWhite,
  parseColorAlpha,
  readableAccent,
  textColorOn,
  type Rgb,
} from '../theme/contrast';
import { THEME_CSS_VARIABLES, themeCssVariables } from '../theme/css-variables';
import type { Theme } from '../theme/theme';

/** Turns any CSS colour into `#rrggbb(aa)` or `rgba()`, as the browser reads it; null for what is not a colour. */
type Normalise = (color: string) => string | null;

let context: CanvasRenderingContext2D | null | undefined;
const OPAQUE_HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The browser's own reading of a colour: every syntax it knows (named colours, `hsl()`, `hwb()`,
 * `lab()`, `oklch()`, `color()`, `color-mix()`...), painted on a one-pixel canvas and read back in sRGB
 * with its opacity. Without a canvas, the colours contrast.ts parses itself.
 */
function browserNormalise(color: string): string | null {
  // An opaque hex colour reads the same everywhere: no canvas, whose first use costs a phone some 10 ms at load.
  if (OPAQUE_HEX.test(color.trim())) return color.trim();
  context ??=
    typeof document === 'undefined'
      ? null
      : document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return parseColorAlpha(color) ? color : null;
  // A sentinel first: an invalid colour leaves fillStyle unchanged.
  context.fillStyle = '#010203';
  context.fillStyle = color;
  if (String(context.fillStyle) === '#010203' && color.trim().toLowerCase() !== '#010203') return null;
  context.clearRect(0, 0, 1, 1);
  context.fillRect(0, 0, 1, 1);
  const [red, green, blue, alpha] = context.getImageData(0, 0, 1, 1).data;
  return `rgba(${red}, ${green}, ${blue}, ${((alpha ?? 255) / 255).toFixed(3)})`;
}

/** Colour tokens in a colour or gradient value: hex, one function call (one level of nesting), or a word. */
const COLOR_TOKEN = /#[0-9a-f]{3,8}\b|[a-z-]+\((?:[^()]|\([^()]*\))*\)|\b[a-z]{3,20}\b/gi;

/** The inside of a gradient, or the value itself when it is a plain colour. */
function colorPart(value: string): string {
  const gradient = /^\s*(?:repeating-)?(?:linear|radial|conic)-gradient\((.*)\)\s*$/i.exec(value);
  return gradient ? (gradient[1] ?? '') : value;
}

/** The colours of a colour or gradient value, each as it looks painted on white. */
function stopsOf(value: string, normalise: Normalise): Rgb[] {
  const parts = colorPart(value).match(COLOR_TOKEN) ?? [];
  return colorStops(parts.map(normalise).filter(Boolean).join(' '));
}

/** The lightest surface of the dark colour scheme (bubbles, panels): accent text must read on it. */
const DARK_SURFACE: Rgb = [28, 38, 56];

/**
 * `value` with every translucent colour replaced by how it looks painted on white: a theme colour is
 * never see-through, so the page behind the launcher cannot change the contrast chosen for its text.
 */
function opaque(value: string, normalise: Normalise): string {
  const inner = colorPart(value);
  const flattened = inner.replace(COLOR_TOKEN, (token) => {
    const color = parseColorAlpha(normalise(token) ?? '');
    return color && color.alpha < 1 ? `rgb(${onWhite(color).join(', ')})` : token;
  });
  return inner === value ? flattened : value.replace(inner, () => flattened);
}

/** The theme's colour properties for the host element, translucent colours flattened on white. */
export function themeColorVariables(
  theme: Theme,
  normalise: Normalise = browserNormalise,
): [name: string, value: string][] {
  return themeCssVariables(theme).map(([name, value]) => [name, opaque(value, normalise)]);
}

/** The text colour that keeps WCAG AA contrast on the primary gradient (the header, the launcher, the visitor's bubbles). */
const onPrimary = (theme: Theme, normalise: Normalise) => textColorOn(stopsOf(theme.primaryGradient, normalise));

/**
 * What the launcher is painted with, and nothing more: the primary gradient (translucent colours
 * flattened on white) and the text colour that keeps WCAG AA contrast on it. The first view, drawn
 * before the widget sets up, applies these; the rest of the theme's colours follow with the widget.
 */
export function launcherColorVariables(theme: Theme, normalise: Normalise = browserNormalise): [string, string][] {
  return [
    [THEME_CSS_VARIABLES.primaryGradient, opaque(theme.primaryGradient, normalise)],
    ['--sa-on-primary', onPrimary(theme, normalise)],
  ];
}

/**
 * Text colours that keep WCAG AA contrast on the store's colours: on the primary gradient (header,
 * launcher, the visitor's bubbles), on accent buttons, and accent-coloured text on white.
 */
export function themeTextColors(theme: Theme, normalise: Normalise = browserNormalise): Record<string, string> {
  const accent = stopsOf(theme.accentColor, normalise)[0];
  return {
    '--sa-on-primary': onPrimary(theme, normalise),
    '--sa-on-accent': accent ? textColorOn([accent]) : LIGHT_TEXT,
    '--sa-accent-text': accent ? readableAccent(accent) : DARK_TEXT,
  };
}

/** The accent as text on the dark colour scheme's surfaces (links, prices, focus rings), lightened to AA. */
export function darkSchemeTextColors(theme: Theme, normalise: Normalise = browserNormalise): Record<string, string> {
  const accent = stopsOf(theme.accentColor, normalise)[0];
  return { '--sa-accent-text-dark': accent ? readableAccent(accent, DARK_SURFACE) : LIGHT_TEXT };
}
