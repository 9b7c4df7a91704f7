import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LANGUAGES, directionOf, languageLocale, RIGHT_TO_LEFT } from '../../../src/i18n/language-choice';
import { englishStrings, isPluralKey, type StringKey, type StringTable } from '../../../src/i18n/strings';

// Every file of src/i18n/languages/ is held to the same rules, whichever files the folder has: a
// language added later is checked the moment its file is there.

const folder = path.resolve(__dirname, '../../../src/i18n/languages');
const codes = readdirSync(folder)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

/** The table a language file exports (its one export: `ptBR` for pt-br.ts, `de` for de.ts). */
async function tableOf(code: string): Promise<StringTable> {
  const module = (await import(path.join(folder, `${code}.ts`))) as Record<string, StringTable>;
  const exports = Object.values(module);
  expect(exports).toHaveLength(1);
  return exports[0] as StringTable;
}

const tables: [string, StringTable][] = [
  ['en', englishStrings],
  ...(await Promise.all(codes.map(async (code) => [code, await tableOf(code)] as [string, StringTable]))),
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const keys = Object.keys(englishStrings) as StringKey[];
/** The texts of an entry: the one text, or each plural form. */
const textsOf = (entry: StringTable[StringKey]): string[] =>
  typeof entry === 'string' ? [entry] : Object.values(entry);

describe('the list of languages', () => {
  it('is the 41 languages the widget is translated into, four of them right to left', () => {
    expect([...BUILT_IN_LANGUAGES].sort().join(' ')).toBe(
      'ar bg cs da de el en es et fa fi fr he hi hr hu id it ja ko lt lv ms nb nl pl pt-br pt-pt ro ru sk sl sr ' +
        'sv th tr uk ur vi zh-hans zh-hant',
    );
    expect(RIGHT_TO_LEFT).toEqual(['ar', 'he', 'fa', 'ur']);
    for (const code of BUILT_IN_LANGUAGES)
      expect([code, directionOf(code)]).toEqual([code, RIGHT_TO_LEFT.includes(code) ? 'rtl' : 'ltr']);
    expect(['pt-br', 'zh-hant', 'de'].map(languageLocale)).toEqual(['pt-BR', 'zh-Hant', 'de']);
  });

  it('offers English and exactly the languages whose file is in the folder', () => {
    expect([...BUILT_IN_LANGUAGES].sort()).toEqual(['en', ...codes].sort());
  });
});

describe.each(tables)('the %s table', (code, table) => {
  const locale = languageLocale(code);

  it('has every key of the English table, and nothing else', () => {
    expect(Object.keys(table).sort()).toEqual([...keys].sort());
  });

  it("gives each counted entry exactly the plural categories of the language's rules", () => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const key of keys) {
      const entry = table[key];
      if (isPluralKey(key)) expect([key, Object.keys(entry).sort()]).toEqual([key, [...categories].sort()]);
      else expect([key, typeof entry]).toEqual([key, 'string']);
    }
  });

  it('keeps the placeholders of the English entry in every form, and leaves no text empty', () => {
    for (const key of keys) {
      const wanted = placeholders(textsOf(englishStrings[key])[0] ?? '');
      for (const text of textsOf(table[key])) {
        expect([key, placeholders(text)]).toEqual([key, wanted]);
        expect([key, text.trim()]).not.toEqual([key, '']);
      }
    }
  });

  it('keeps as many default quick actions as English', () => {
    expect(table.defaultQuickActions.split('|')).toHaveLength(englishStrings.defaultQuickActions.split('|').length);
  });

  it.skipIf(code === 'en')('is a translation, not a copy of the English table', () => {
    // A few entries may stay as in English (the render error, "Chat"); most may not.
    const same = keys.filter((key) => JSON.stringify(table[key]) === JSON.stringify(englishStrings[key]));
    expect(same.length).toBeLessThan(keys.length / 4);
  });
});
