import { describe, expect, it } from 'vitest';
import { themeColorVariables, themeTextColors } from '../../../src/element/theme-colors';
import { DARK_TEXT, LIGHT_TEXT, onWhite, parseColorAlpha } from '../../../src/theme/contrast';
import { defaultTheme } from '../../../src/theme/theme';

/** The browser's reading of the colours these tests use (the real one paints them on a canvas; see colors.e2e). */
const BROWSER: Record<string, string> = {
  'rgb(250, 204, 21)': 'rgba(250, 204, 21, 1.000)',
  'hsl(48 96% 53%)': 'rgba(250, 204, 20, 1.000)',
  'oklch(0.86 0.17 92)': 'rgba(249, 204, 33, 1.000)',
  transparent: 'rgba(0, 0, 0, 0.000)',
  '#4f46e510': 'rgba(79, 70, 229, 0.063)',
  '#ffffff': 'rgba(255, 255, 255, 1.000)',
};
const browser = (color: string) => BROWSER[color.trim()] ?? null;
const theme = { ...defaultTheme('acme.example') };

describe('parseColorAlpha and onWhite', () => {
  it.each([
    ['#4f46e5', { rgb: [79, 70, 229], alpha: 1 }],
    ['#4f46e580', { rgb: [79, 70, 229], alpha: 128 / 255 }],
    ['#fff8', { rgb: [255, 255, 255], alpha: 136 / 255 }],
    ['rgba(10, 20, 30, 0.5)', { rgb: [10, 20, 30], alpha: 0.5 }],
    ['rgb(10 20 30 / 25%)', { rgb: [10, 20, 30], alpha: 0.25 }],
    ['oklch(0.5 0.1 200)', null],
  ] as const)('%s', (value, expected) => expect(parseColorAlpha(value)).toEqual(expected));

  it('paints a translucent colour on white', () => {
    expect(onWhite({ rgb: [0, 0, 0], alpha: 0 })).toEqual([255, 255, 255]);
    expect(onWhite({ rgb: [0, 0, 0], alpha: 0.5 })).toEqual([128, 128, 128]);
  });
});

describe('theme colours as the browser reads them', () => {
  it.each(['rgb(250, 204, 21)', 'hsl(48 96% 53%)', 'oklch(0.86 0.17 92)'])(
    'a yellow accent written as %s gets dark text',
    (accentColor) => {
      expect(themeTextColors({ ...theme, accentColor }, browser)['--sa-on-accent']).toBe(DARK_TEXT);
    },
  );

  it.each(['transparent', '#4f46e510'])(
    'a translucent primary (%s) is flattened on white, with dark text',
    (primaryGradient) => {
      const colors = { ...theme, primaryGradient };
      expect(themeTextColors(colors, browser)['--sa-on-primary']).toBe(DARK_TEXT);
      expect(Object.fromEntries(themeColorVariables(colors, browser))['--sa-primary-gradient']).toMatch(
        /^rgb\(\d+, \d+, \d+\)$/,
      );
    },
  );

  it('flattens the translucent stops of a gradient and keeps the rest of it', () => {
    const gradient = 'linear-gradient(135deg, transparent 0%, #ffffff 100%)';
    expect(
      Object.fromEntries(themeColorVariables({ ...theme, primaryGradient: gradient }, browser))[
        '--sa-primary-gradient'
      ],
    ).toBe('linear-gradient(135deg, rgb(255, 255, 255) 0%, #ffffff 100%)');
  });

  it('leaves opaque colours exactly as the store wrote them', () => {
    expect(themeColorVariables(theme, browser)).toEqual([
      ['--sa-primary-gradient', theme.primaryGradient],
      ['--sa-secondary-gradient', theme.secondaryGradient],
      ['--sa-accent-color', theme.accentColor],
    ]);
    expect(themeTextColors(theme, (color) => color)['--sa-on-primary']).toBe(LIGHT_TEXT);
  });
});
