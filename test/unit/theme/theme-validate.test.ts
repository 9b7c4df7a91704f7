import { describe, expect, it } from 'vitest';
import {
  checkBackground,
  checkColor,
  checkImageUrl,
  checkText,
  checkThemeObject,
  splitList,
} from '../../../src/theme/validate';

const PAGE = 'https://shop.example';

describe('checkColor', () => {
  it.each([
    '#4f46e5',
    '#fff',
    '#ffff',
    '#4f46e5cc',
    'rebeccapurple',
    'rgb(79, 70, 229)',
    'rgba(0,0,0,.5)',
    'hsl(240 50% 50% / 0.5)',
    'oklch(0.6 0.2 270)',
  ])('accepts %s', (value) => expect(checkColor(value)).toBeNull());

  it.each([
    ['red; background: url(https://evil.example/x)', ';'],
    ['red}', '}'],
    ['{red', '{'],
    ['\\72 ed', '\\'],
    ['url(https://evil.example/x.png)', 'url('],
    ['var(--secret)', 'var('],
    ['rgb(var(--x))', 'var('],
    ['image-set("x.png" 1x)', 'image-set('],
    ['expression(alert(1))', 'expression('],
    ['red\nblue', 'characters'],
    ['#12345', 'not a colour'],
    ['linear-gradient(red, blue)', 'not a colour'],
    ['attr(data-x)', 'attr('],
    ['env(safe-area-inset-top)', 'env('],
    ['paint(worklet)', 'paint('],
    ['', 'empty'],
    ['#'.padEnd(100 * 1024, 'f'), 'longer'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(checkColor(value)).toContain(reason);
  });
});

describe('checkBackground', () => {
  it.each([
    'linear-gradient(135deg, #4f46e5 0%, #7c3aed 100%)',
    'radial-gradient(circle at 20% 10%, #e0e7ff, transparent 45%)',
    'conic-gradient(from 90deg, red, blue)',
    'repeating-linear-gradient(45deg, #000 0 10px, #fff 10px 20px)',
    '#ffffff',
  ])('accepts %s', (value) => expect(checkBackground(value)).toBeNull());

  it.each([
    ['linear-gradient(red, blue); color: red', ';'],
    ['linear-gradient(red, blue), url(x.png)', 'url('],
    ['linear-gradient(red, var(--x))', 'var('],
    ['-webkit-image-set(x.png 1x)', 'image-set('],
    ['rgb(1 2 3) rgb(4 5 6)', 'not a colour'],
    ['linear-gradient(red, blue)) , (x', 'unbalanced'],
    ['linear-gradient(red, blue', 'unbalanced'],
    ['element(#secret)', 'element('],
    ['cross-fade(red, blue)', 'cross-fade('],
    ['linear-gradient(red, blue) linear-gradient(red, blue)', 'single gradient'],
    ['calc(1px) linear-gradient(red, blue)', 'single gradient'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(checkBackground(value)).toContain(reason);
  });
});

describe('checkImageUrl', () => {
  it.each([
    ['https://cdn.example/logo.png', 'https://cdn.example/logo.png'],
    ['/images/logo.svg', 'https://shop.example/images/logo.svg'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
  ])('accepts %s', (value, url) => expect(checkImageUrl(value, PAGE)).toEqual({ url }));

  it("accepts http images only on the page's own origin", () => {
    expect(checkImageUrl('/logo.png', 'http://127.0.0.1:5173')).toEqual({ url: 'http://127.0.0.1:5173/logo.png' });
    expect(checkImageUrl('http://tracker.example/pixel.gif', PAGE)).toHaveProperty('problem');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'http://other.example/a.png',
    'ftp://x.example/a.png',
    `https://cdn.example/${'a'.repeat(100 * 1024)}`,
  ])('rejects %s', (value) => expect(checkImageUrl(value, PAGE)).toHaveProperty('problem'));
});

describe('checkText', () => {
  it.each([
    ['  Acme  ', 10, { text: 'Acme' }],
    ['A\u0000c\u0007me', 10, { text: 'Acme' }],
    ['', 10, { problem: 'is empty' }],
    ['x'.repeat(11), 10, { problem: 'is longer than 10 characters' }],
  ])('checkText(%j, %i)', (value, max, expected) => expect(checkText(value, max)).toEqual(expected));
});

describe('splitList', () => {
  it.each([
    ['New Course | Track my order', /\|/, ['New Course', 'Track my order']],
    ['["a|b", "c"]', /\|/, ['a|b', 'c']],
    [
      'https://a.example/1.png   https://a.example/2.png',
      /\s+/,
      ['https://a.example/1.png', 'https://a.example/2.png'],
    ],
    ['[1, 2]', /\|/, null],
    ['[not json', /\|/, null],
  ])('splitList(%j)', (value, separator, expected) => expect(splitList(value, separator)).toEqual(expected));
});

describe('checkThemeObject', () => {
  it('keeps valid fields and lists every problem, including unknown fields', () => {
    const { patch, problems } = checkThemeObject(
      {
        brandName: 'Acme',
        accentColor: 'red;',
        quickActions: ['A', 'B'],
        accentColour: '#000',
        badgeImages: 'https://a.example/b.png',
      },
      PAGE,
    );
    expect(patch).toEqual({ brandName: 'Acme', quickActions: ['A', 'B'], badgeImages: ['https://a.example/b.png'] });
    expect(problems).toHaveLength(2);
    expect(problems.join()).toContain('accentColor');
    expect(problems.join()).toContain('"accentColour" is not a theme field');
  });

  it.each([null, 'text', 42, [], [{ brandName: 'x' }]])('refuses %j as a whole', (input) => {
    expect(checkThemeObject(input, PAGE)).toEqual({ patch: {}, problems: ['a theme must be a JSON object'] });
  });

  it('refuses a prototype-polluting key instead of applying it', () => {
    const { patch, problems } = checkThemeObject(
      JSON.parse('{"__proto__": {"polluted": true}, "brandName": "Acme"}'),
      PAGE,
    );
    expect(patch).toEqual({ brandName: 'Acme' });
    expect(problems).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a right-to-left override', 'Acme\u202e Store', 'Acme Store'],
    ['isolates and zero-width characters', '\u2066Acme\u200b\u200d Store\u2069\ufeff', 'Acme Store'],
  ])('removes %s from the brand name', (_, brandName, shown) => {
    expect(checkThemeObject({ brandName }, PAGE).patch).toEqual({ brandName: shown });
  });

  it('a brand name of nothing but invisible characters is empty, so refused', () => {
    expect(checkThemeObject({ brandName: '\u202e\u200b' }, PAGE).problems[0]).toContain('is empty');
  });

  it.each([
    ['quickActions', Array.from({ length: 9 }, (_, i) => `a${i}`), 'more than 8'],
    ['quickActions', ['ok', ''], 'is empty'],
    ['badgeImages', ['javascript:alert(1)'], 'entry'],
    ['brandName', 'x'.repeat(100 * 1024), 'longer'],
    ['welcomeMessage', 42, 'not a text'],
    ['logoUrl', 'data:text/html,hi', 'not an image'],
  ])('refuses %s = %j', (field, value, reason) => {
    const { patch, problems } = checkThemeObject({ [field]: value }, PAGE);
    expect(patch).toEqual({});
    expect(problems[0]).toContain(reason);
  });
});
