import { colorStops, DARK_TEXT, LIGHT_TEXT, parseColor, readableAccent, textColorOn, type Rgb } from '../theme/contrast';
import type { Theme } from '../theme/theme';

/** Turns any CSS colour into `#rrggbb` or `rgba()`, as the browser's own canvas parser reads it. */
type Normalise = (color: string) => string | null;

let context: CanvasRenderingContext2D | null | undefined;

/** The browser's colour parser (a 2D canvas context): named colours, hsl(), oklch() and all. */
function browserNormalise(color: string): string | null {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return parseColor(color) ? color : null;
  // A sentinel first: an invalid colour leaves fillStyle unchanged.
  context.fillStyle = '#010203';
  context.fillStyle = color;
  const value = String(context.fillStyle);
  return value === '#010203' && color.trim().toLowerCase() !== '#010203' ? null : value;
}

/** The colours of a colour or gradient value: every part of it the browser reads as a colour. */
function stopsOf(value: string, normalise: Normalise): Rgb[] {
  const inside = value.replace(/^\s*(?:repeating-)?(?:linear|radial|conic)-gradient\(/i, '').replace(/\)\s*$/, '');
  const parts = inside.match(/#[0-9a-f]{3,8}\b|[a-z-]+\([^()]*\)|\b[a-z]{3,20}\b/gi) ?? [];
  return colorStops(parts.map(normalise).filter(Boolean).join(' '));
}

/** The lightest surface of the dark colour scheme (bubbles, panels): accent text must read on it. */
const DARK_SURFACE: Rgb = [28, 38, 56];

/**
 * Text colours that keep WCAG AA contrast on the store's colours: on the primary gradient (header,
 * launcher, the visitor's bubbles), on accent buttons, and accent-coloured text on white.
 */
export function themeTextColors(theme: Theme, normalise: Normalise = browserNormalise): Record<string, string> {
  const accent = stopsOf(theme.accentColor, normalise)[0];
  return {
    '--sa-on-primary': textColorOn(stopsOf(theme.primaryGradient, normalise)),
    '--sa-on-accent': accent ? textColorOn([accent]) : LIGHT_TEXT,
    '--sa-accent-text': accent ? readableAccent(accent) : DARK_TEXT,
  };
}

/** The accent as text on the dark colour scheme's surfaces (links, prices, focus rings), lightened to AA. */
export function darkSchemeTextColors(theme: Theme, normalise: Normalise = browserNormalise): Record<string, string> {
  const accent = stopsOf(theme.accentColor, normalise)[0];
  return { '--sa-accent-text-dark': accent ? readableAccent(accent, DARK_SURFACE) : LIGHT_TEXT };
}
