import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAttributes, type AttributeName } from '../../../src/element/attributes';
import { themeCssVariables } from '../../../src/theme/css-variables';
import { resolveTheme } from '../../../src/theme/theme-layers';
import { readThemeJson } from '../../../src/theme/saved-theme';
import { defaultTheme } from '../../../src/theme/theme';

// Every public XSS vector as every theme value, through the attribute parser and the import path: no
// value that could run script or escape its CSS declaration may become a custom property or an image.
const corpus = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/xss-payloads.json'), 'utf8')) as {
  sources: { payloads: string[] }[];
};
const vectors = corpus.sources.flatMap((source) => source.payloads);
const PAGE = { baseUrl: 'https://shop.example/', origin: 'https://shop.example', host: 'shop.example' };
const UNSAFE_CSS = /[;{}\\<>"'\n\r]|url\(|var\(|expression\(|image-set\(|attr\(|env\(|javascript:/i;
const SAFE_IMAGE = /^(https:\/\/|data:image\/)/;

describe(`theme values: ${vectors.length} public XSS vectors`, () => {
  it('as attributes, no unsafe CSS value or image URL survives', () => {
    const leaks: string[] = [];
    const fields: AttributeName[] = [
      'primary-gradient',
      'secondary-gradient',
      'accent-color',
      'logo-url',
      'brand-name',
      'welcome-message',
      'quick-actions',
      'badge-images',
    ];
    for (const vector of vectors) {
      const config = parseAttributes(
        (name) => (fields.includes(name) ? vector : null),
        PAGE,
        () => undefined,
      );
      const theme = resolveTheme(defaultTheme('shop.example'), config.themeAttributes);
      for (const [property, value] of themeCssVariables(theme))
        if (UNSAFE_CSS.test(value)) leaks.push(`${property}=${value}`);
      for (const url of [theme.logoUrl, ...theme.badgeImages])
        if (url && !SAFE_IMAGE.test(url) && !url.startsWith(PAGE.origin)) leaks.push(`image ${url}`);
    }
    expect(leaks).toEqual([]);
  });

  it('imported, a theme with an unsafe vector is refused; what is accepted is harmless', () => {
    const leaks: string[] = [];
    for (const vector of vectors) {
      const reading = readThemeJson(
        { accentColor: vector, primaryGradient: vector, logoUrl: vector, badgeImages: [vector] },
        PAGE.origin,
      );
      if (reading.problems.length > 0) continue;
      const { accentColor = '', primaryGradient = '', logoUrl = '', badgeImages = [] } = reading.patch;
      if (UNSAFE_CSS.test(accentColor) || UNSAFE_CSS.test(primaryGradient)) leaks.push(`css ${vector}`);
      for (const url of [logoUrl, ...badgeImages])
        if (url && !SAFE_IMAGE.test(url) && !url.startsWith(PAGE.origin)) leaks.push(`image ${url}`);
    }
    expect(leaks).toEqual([]);
  });
});
