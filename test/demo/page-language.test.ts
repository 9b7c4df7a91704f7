// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { languageTag } from '../../demo/page-language.mjs';
import { BUILT_IN_LANGUAGES } from '../../src/i18n/language-choice';
import { withDemoServer } from './demo-server';

// `?lang=<tag>` on any demo page sets the page's <html lang>, so a store owner can try the widget in a
// language; only a well-formed tag is written, in its canonical spelling, so nothing typed into a link is
// reflected into the page. The store's and the home page's chrome carry a picker of the built-in languages.
// The widget speaking the language from its first view is test/e2e/languages-demo.e2e.test.ts.

const server = withDemoServer();

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text() };
}

const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

describe("a demo page's language", () => {
  it.each([
    ['/?lang=pl', 'pl'],
    ['/products/linen-shirt?lang=he', 'he'],
    ['/cart?lang=pt-br', 'pt-BR'],
    ['/checkout?lang=zh-tw', 'zh-TW'],
    ['/configurator?lang=ja', 'ja'],
    ['/nowhere?lang=de-AT', 'de-AT'],
  ])('%s is served with <html lang="%s">', async (path, tag) => {
    expect(htmlLang((await page(path)).html)).toBe(tag);
  });

  it.each([
    '/?lang=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '/?lang=pl%22%20onload%3D%22x',
    '/?lang=p',
    '/?lang=pl_PL',
    `/?lang=en-${'a'.repeat(40)}`,
    '/products/linen-shirt?lang=%3Cb%3E',
    '/?lang=',
  ])('%s keeps the page’s own language and reflects nothing', async (path) => {
    const { html } = await page(path);
    expect(htmlLang(html)).toBe('en');
    expect(html).not.toMatch(/<script>alert|onload="x|<b>|a{40}/);
  });

  it('takes only language tags, spelt canonically', () => {
    expect(['pt-br', 'ZH-hant-tw', 'iw', 'x', 'en US', 'de-', '1234'].map(languageTag)).toEqual([
      'pt-BR',
      'zh-Hant-TW',
      'he',
      null,
      null,
      null,
      null,
    ]);
  });

  it('offers every built-in language in the chrome of the home page and the store, the current one chosen', async () => {
    for (const path of ['/?lang=he', '/products/linen-shirt?lang=he']) {
      const { html } = await page(path);
      const values = [...html.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
      const others = BUILT_IN_LANGUAGES.filter((code) => code !== 'en').sort();
      expect(values).toEqual(['en', ...others].map((code) => Intl.getCanonicalLocales(code)[0]));
      expect(html).toContain('<option value="he" selected>');
      expect(html).toContain('<script src="/assets/demo-language.js" defer></script>');
    }
  });

  it('adds a regional tag the page was asked for to the picker, chosen', async () => {
    const { html } = await page('/?lang=zh-TW');
    expect(html).toContain('<option value="zh-TW" selected>');
  });
});
