/**
 * WCAG contrast for theme colours (text stays readable whatever colours a store picks). Colours
 * come in as `#rgb`, `#rrggbb`, `#rrggbbaa` or `rgb()`/`rgba()` (the element has the browser read any CSS
 * colour into one of these first); a translucent colour counts as it looks painted on white. The results
 * are text colours that reach AA (4.5:1) wherever that is possible.
 */
export type Rgb = [red: number, green: number, blue: number];

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#0f172a';

/** A colour and its opacity, 0 (transparent) to 1. */
export interface Rgba {
  rgb: Rgb;
  alpha: number;
}

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` and `rgba(r g b / a)` with their opacity; null for anything else. */
export function parseColorAlpha(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const [red, green, blue, alpha = 255] = [0, 2, 4, 6]
      .map((start) => parseInt(full.slice(start, start + 2), 16))
      .filter(Number.isFinite);
    return { rgb: [red, green, blue] as Rgb, alpha: alpha / 255 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?/.exec(text);
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1);
  return {
    rgb: [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel))) as Rgb,
    alpha: Math.min(1, alpha),
  };
}

/** Parses a colour as {@link parseColorAlpha} does, without its opacity. */
export function parseColor(value: string): Rgb | null {
  return parseColorAlpha(value)?.rgb ?? null;
}

/** A colour as it looks painted on white: translucent colours let white through. */
export function onWhite({ rgb, alpha }: Rgba): Rgb {
  return rgb.map((channel) => Math.round(channel * alpha + 255 * (1 - alpha))) as Rgb;
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

/** The colour tokens of a colour or gradient value (hex and rgb() notations), each as it looks painted on white. */
export function colorStops(value: string): Rgb[] {
  return (value.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi) ?? []).flatMap((token) => {
    const color = parseColorAlpha(token);
    return color ? [onWhite(color)] : [];
  });
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
