/**
 * WCAG contrast for theme colours (SPEC: text stays readable whatever colours a store picks). Colours
 * come in as `#rgb`, `#rrggbb` or `rgb()`/`rgba()` (the element normalises any CSS colour to one of
 * these first); the results are text colours that reach AA (4.5:1) wherever that is possible.
 */
export type Rgb = [red: number, green: number, blue: number];

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#0f172a';

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` and `rgba(r g b / a)`; null for anything else. */
export function parseColor(value: string): Rgb | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((digit) => digit + digit).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(text);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel))) as Rgb;
  return null;
}

/** Relative luminance (WCAG 2.x). */
export function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour tokens of a colour or gradient value (hex and rgb() notations). */
export function colorStops(value: string): Rgb[] {
  return (value.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi) ?? []).map(parseColor).filter((rgb): rgb is Rgb => rgb !== null);
}

/**
 * White or dark text for a background made of `stops` (a gradient's colours): white while it keeps AA
 * against every stop, otherwise whichever of the two reads better against the worst stop.
 */
export function textColorOn(stops: Rgb[]): string {
  if (stops.length === 0) return LIGHT_TEXT;
  const worst = (text: Rgb) => Math.min(...stops.map((stop) => contrastRatio(text, stop)));
  const light = worst([255, 255, 255]);
  if (light >= AA_CONTRAST) return LIGHT_TEXT;
  return worst(parseColor(DARK_TEXT) as Rgb) > light ? DARK_TEXT : LIGHT_TEXT;
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/**
 * The accent as a text colour on `surface`: the accent itself when it reaches AA there, otherwise the
 * accent darkened (or, on a dark surface, lightened) just enough to reach it.
 */
export function readableAccent(accent: Rgb, surface: Rgb = [255, 255, 255]): string {
  if (contrastRatio(accent, surface) >= AA_CONTRAST) return toHex(accent);
  const target: Rgb = luminance(surface) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step++) {
    const mixed = accent.map((channel, index) => channel + ((target[index] as number) - channel) * (step / 20)) as Rgb;
    if (contrastRatio(mixed, surface) >= AA_CONTRAST) return toHex(mixed);
  }
  return toHex(target);
}
