import { describe, expect, it } from 'vitest';
import {
  colorStops,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  parseColor,
  readableAccent,
  textColorOn,
} from '../../../src/theme/contrast';

describe('parseColor', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#FFFF', [255, 255, 255]],
    ['#4f46e5', [79, 70, 229]],
    ['#4f46e5cc', [79, 70, 229]],
    ['rgb(1, 2, 3)', [1, 2, 3]],
    ['rgba(10 20 30 / 0.5)', [10, 20, 30]],
    ['rebeccapurple', null],
    ['#12', null],
  ] as const)('%s', (value, rgb) => expect(parseColor(value)).toEqual(rgb));
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
  ])('%s on %s is %f', (a, b, ratio) => {
    expect(contrastRatio(parseColor(a) as never, parseColor(b) as never)).toBeCloseTo(ratio, 2);
  });
});

describe('text on the primary gradient', () => {
  it.each([
    ['the default indigo to violet', 'linear-gradient(135deg, #4f46e5 0%, #7c3aed 100%)', LIGHT_TEXT],
    ['a dark navy', '#0b1220', LIGHT_TEXT],
    ['a pale yellow', 'linear-gradient(90deg, #fef9c3, #fde68a)', DARK_TEXT],
    ['white', '#ffffff', DARK_TEXT],
    ['mid grey at the AA boundary', '#767676', LIGHT_TEXT],
    [
      'a gradient from dark to light: the better of the two at its worst stop',
      'linear-gradient(#1e3a8a, #93c5fd)',
      LIGHT_TEXT,
    ],
    ['a light gradient with a mid stop', 'linear-gradient(#fde68a, #f59e0b)', DARK_TEXT],
    ['a colour it cannot parse', 'rebeccapurple', LIGHT_TEXT],
  ])('%s gets %s', (_, background, text) => {
    expect(textColorOn(colorStops(background))).toBe(text);
  });
});

describe('readableAccent', () => {
  it('keeps an accent that already reaches AA on white', () => {
    expect(readableAccent(parseColor('#4f46e5') as never)).toBe('#4f46e5');
  });

  it.each(['#facc15', '#22d3ee', '#a3e635', '#ffffff'])('darkens %s just enough to reach 4.5:1 on white', (accent) => {
    const text = readableAccent(parseColor(accent) as never);
    expect(contrastRatio(parseColor(text) as never, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(text).not.toBe('#000000');
  });

  it('lightens an accent on a dark surface', () => {
    const text = readableAccent(parseColor('#1e1b4b') as never, [15, 23, 42]);
    expect(contrastRatio(parseColor(text) as never, [15, 23, 42])).toBeGreaterThanOrEqual(4.5);
  });
});

describe("themeTextColors (the element's colours for text)", () => {
  it('keeps white on the default theme and the accent as it is', async () => {
    const { themeTextColors } = await import('../../../src/element/theme-colors');
    const { defaultTheme } = await import('../../../src/theme/theme');
    expect(themeTextColors(defaultTheme('acme.com'), (color) => color)).toEqual({
      '--sa-on-primary': LIGHT_TEXT,
      '--sa-on-accent': LIGHT_TEXT,
      '--sa-accent-text': '#4f46e5',
    });
  });

  it('switches to dark text on a light theme and darkens a light accent for text', async () => {
    const { themeTextColors } = await import('../../../src/element/theme-colors');
    const { defaultTheme } = await import('../../../src/theme/theme');
    const colors = themeTextColors(
      {
        ...defaultTheme('acme.com'),
        primaryGradient: 'linear-gradient(90deg, #fef9c3 0%, #fde68a 100%)',
        accentColor: '#facc15',
      },
      (color) => color,
    );
    expect(colors['--sa-on-primary']).toBe(DARK_TEXT);
    expect(colors['--sa-on-accent']).toBe(DARK_TEXT);
    expect(
      contrastRatio(parseColor(colors['--sa-accent-text'] ?? '') as never, [255, 255, 255]),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
