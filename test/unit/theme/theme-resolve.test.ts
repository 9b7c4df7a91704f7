import { describe, expect, it } from 'vitest';
import { memoryStorage, safeStorage } from '../../../src/common/storage';
import { resolveTheme } from '../../../src/theme/theme-layers';
import {
  loadSavedTheme,
  readThemeJson,
  saveThemeTo,
  THEME_STORAGE_KEY,
  themeToJson,
} from '../../../src/theme/saved-theme';
import { defaultTheme, storeNameFromDomain } from '../../../src/theme/theme';
import { themeCssVariables } from '../../../src/theme/css-variables';

const PAGE = 'https://shop.example';

describe('defaultTheme', () => {
  it.each([
    ['acme.com', 'Acme store'],
    ['www.acme.com', 'Acme store'],
    ['shop.northwind.co.uk', 'Northwind store'],
    ['localhost', 'Localhost store'],
    ['', 'Our store'],
  ])('brand name for %j is %j', (domain, brandName) => {
    expect(defaultTheme(domain).brandName).toBe(brandName);
  });

  it('welcomes visitors to the store domain and offers the default quick actions', () => {
    const theme = defaultTheme('acme.com');
    expect(theme.welcomeMessage).toBe('Welcome to acme.com. How can we assist you today?');
    expect(theme.quickActions).toEqual(['New Course', 'Track my order', 'Size guide', 'Contact support']);
    expect(theme.badgeImages).toEqual([]);
  });

  it("names a store without a domain in the widget's language, with no English word inside it", async () => {
    const { de } = await import('../../../src/i18n/languages/de');
    expect(defaultTheme('', de)).toMatchObject({
      brandName: 'Unser Shop',
      welcomeMessage: 'Willkommen in unserem Shop. Wie können wir Ihnen heute helfen?',
    });
    expect(defaultTheme('acme.com', de).brandName).toBe('Acme Shop');
  });

  it('capitalises the first meaningful label of the domain', () => {
    expect(storeNameFromDomain('WWW.Lumen.Shop')).toBe('Lumen');
  });
});

describe('resolveTheme', () => {
  it('applies layers in order: later layers win field by field', () => {
    const defaults = defaultTheme('acme.com');
    const theme = resolveTheme(
      defaults,
      { brandName: 'Saved', accentColor: '#111111' },
      { brandName: 'Attribute' },
      { accentColor: '#222222' },
    );
    expect(theme.brandName).toBe('Attribute');
    expect(theme.accentColor).toBe('#222222');
    expect(theme.primaryGradient).toBe(defaults.primaryGradient);
  });

  it('copies lists, so changing the result never changes a layer', () => {
    const layer = { quickActions: ['A'] };
    const theme = resolveTheme(defaultTheme('acme.com'), layer);
    theme.quickActions.push('B');
    expect(layer.quickActions).toEqual(['A']);
  });
});

describe('themeCssVariables', () => {
  it('maps the colour fields to --sa-* custom properties', () => {
    const theme = defaultTheme('acme.com');
    expect(Object.fromEntries(themeCssVariables(theme))).toEqual({
      '--sa-primary-gradient': theme.primaryGradient,
      '--sa-secondary-gradient': theme.secondaryGradient,
      '--sa-accent-color': theme.accentColor,
    });
  });
});

describe('saved theme', () => {
  it('round-trips through save and load', () => {
    const storage = memoryStorage();
    const theme = { ...defaultTheme('acme.com'), brandName: 'Acme', badgeImages: ['https://cdn.example/a.png'] };
    expect(saveThemeTo(storage, theme)).toBe(true);
    expect(loadSavedTheme(storage, PAGE)).toEqual({ patch: theme, problems: [] });
  });

  it.each([
    ['not JSON', '{oops', 'not valid JSON'],
    ['not an object', '"a string"', 'must be a JSON object'],
    ['only invalid fields', '{"accentColor":"url(x)"}', 'was ignored'],
  ])('ignores a saved theme that is %s, with a reason', (_, saved, reason) => {
    const reading = loadSavedTheme(memoryStorage({ [THEME_STORAGE_KEY]: saved }), PAGE);
    expect(reading.patch).toEqual({});
    expect(reading.problems.join()).toContain(reason);
  });

  it('keeps the valid fields of a partly broken saved theme', () => {
    const reading = loadSavedTheme(
      memoryStorage({ [THEME_STORAGE_KEY]: '{"brandName":"Acme","accentColor":"red;}"}' }),
      PAGE,
    );
    expect(reading.patch).toEqual({ brandName: 'Acme' });
    expect(reading.problems).toHaveLength(1);
  });

  it('survives storage that throws on every access', () => {
    const throwing = safeStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(loadSavedTheme(throwing, PAGE)).toEqual({ patch: {}, problems: [] });
    expect(saveThemeTo(throwing, defaultTheme('acme.com'))).toBe(false);
  });

  it('exports every field in a stable order that imports again unchanged', () => {
    const theme = defaultTheme('acme.com');
    const json = themeToJson(theme);
    expect(Object.keys(JSON.parse(json))).toEqual([
      'primaryGradient',
      'secondaryGradient',
      'accentColor',
      'logoUrl',
      'brandName',
      'welcomeMessage',
      'quickActions',
      'badgeImages',
    ]);
    expect(readThemeJson(json, PAGE)).toEqual({ patch: theme, problems: [] });
  });
});
