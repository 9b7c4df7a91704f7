import { parseColor, parseColorAlpha, type Rgb } from '../../src/theme/contrast';

/** Magenta: what a colour the parser could not read turns into, so that no contrast check passes on it. */
const UNREADABLE: Rgb = [255, 0, 255];

/** A computed CSS colour as RGB, its alpha ignored. */
export const rgb = (color: string): Rgb => parseColor(color) ?? UNREADABLE;

/** `top` as painted over `under`: a translucent tint lets the surface under it through. */
export function paintedOver(top: string, under: string): Rgb {
  const { rgb: colour, alpha } = parseColorAlpha(top) ?? { rgb: UNREADABLE, alpha: 1 };
  const base = rgb(under);
  return colour.map((channel, index) => Math.round(channel * alpha + (base[index] ?? 0) * (1 - alpha))) as Rgb;
}
