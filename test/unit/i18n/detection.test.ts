import { describe, expect, it } from 'vitest';
import { pageLanguage, watchPageLanguage } from '../../../src/element/page-language';
import { BUILT_IN_LANGUAGES, builtInLanguage, localeOf, visitorLanguage } from '../../../src/i18n/language-choice';
import { eventually } from '../../support/patience';

/** `expected` when its language has a file in this checkout, else English (the language is not offered yet). */
const offered = (expected: string) => (BUILT_IN_LANGUAGES.includes(expected) ? expected : 'en');

describe('a regional tag', () => {
  it.each([
    ['pt-BR', 'pt-br'],
    ['pt', 'pt-br'],
    ['pt-PT', 'pt-pt'],
    ['pt-AO', 'pt-pt'],
    ['pt-MZ', 'pt-pt'],
    ['zh', 'zh-hans'],
    ['zh-CN', 'zh-hans'],
    ['zh-SG', 'zh-hans'],
    ['zh-Hans', 'zh-hans'],
    ['zh-Hans-CN', 'zh-hans'],
    ['zh-TW', 'zh-hant'],
    ['zh-HK', 'zh-hant'],
    ['zh-MO', 'zh-hant'],
    ['zh-Hant', 'zh-hant'],
    ['zh-Hant-TW', 'zh-hant'],
    ['no', 'nb'],
    ['nn', 'nb'],
    ['nb-NO', 'nb'],
    ['iw', 'he'],
    ['in', 'id'],
    ['pl-PL', 'pl'],
    ['ja-JP', 'ja'],
    ['de-CH', 'de'],
    ['ar-EG', 'ar'],
  ])('%s is written in %s', (tag, language) => {
    expect(builtInLanguage(tag)).toBe(offered(language));
  });

  it('keeps its region for the numbers and plural forms of its language, not of another', () => {
    expect(localeOf('de', 'de-AT')).toBe('de-AT');
    expect(localeOf('ar', 'ar-eg')).toBe('ar-EG');
    expect(localeOf('en', 'de-AT')).toBe('en');
    expect(localeOf('de', 'en')).toBe('de');
  });
});

describe("the visitor's language", () => {
  it('is the first tag with a built-in language, as written', () => {
    expect(visitorLanguage(['de-AT', 'fr'])).toBe('de-AT');
    expect(visitorLanguage([null, '', 'xx', 'fr-CA', 'de'])).toBe('fr-CA');
    expect(visitorLanguage(['x-klingon', 'not a tag', undefined])).toBe('en');
    expect(visitorLanguage([])).toBe('en');
  });

  it('is the lang attribute, else <html lang>, else the browser, in that order', () => {
    const page = (htmlLang: string, languages: string[]) => {
      const doc = document.implementation.createHTMLDocument('store');
      doc.documentElement.lang = htmlLang;
      return [doc, { languages, language: languages[0] ?? '' } as unknown as Navigator] as const;
    };
    expect(pageLanguage('fr', ...page('de', ['es']))).toBe('fr');
    expect(pageLanguage(null, ...page('de', ['es']))).toBe('de');
    expect(pageLanguage(null, ...page('', ['xx', 'es-MX', 'fr']))).toBe('es-MX');
    // A language with no translation counts as not said: the next one is tried.
    expect(pageLanguage('xx', ...page('xx-YY', ['xx', 'ar']))).toBe('ar');
    expect(pageLanguage(null, ...page('', []))).toBe('en');
  });

  it('follows a change of <html lang>, until watching stops', async () => {
    const doc = document.implementation.createHTMLDocument('store');
    let changes = 0;
    const stop = watchPageLanguage(() => changes++, doc);
    doc.documentElement.lang = 'fr';
    await eventually(() => expect(changes).toBe(1));
    doc.documentElement.setAttribute('data-theme', 'dark');
    doc.documentElement.lang = 'de';
    await eventually(() => expect(changes).toBe(2));
    stop();
    // A second watcher sees the next change: by then the stopped one would have seen it too.
    let seenAfter = 0;
    const stopAfter = watchPageLanguage(() => seenAfter++, doc);
    doc.documentElement.lang = 'es';
    await eventually(() => expect(seenAfter).toBe(1));
    stopAfter();
    expect(changes).toBe(2);
  });
});
