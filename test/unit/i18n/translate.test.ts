import { describe, expect, it } from 'vitest';
import { ar } from '../../../src/i18n/languages/ar';
import { ja } from '../../../src/i18n/languages/ja';
import { pl } from '../../../src/i18n/languages/pl';
import { ru } from '../../../src/i18n/languages/ru';
import { withOverrides } from '../../../src/i18n/language-choice';
import { englishStrings, type StringTable } from '../../../src/i18n/strings';
import { formatList, formatNumber, translate } from '../../../src/i18n/translate';

const counted = (table: StringTable, locale: string) => (count: number) =>
  translate(table, locale, 'messageCount', { count });

describe('counted entries', () => {
  it('read correctly in English for 0, 1, 2, 5 and 22', () => {
    const messages = counted(englishStrings, 'en');
    expect([0, 1, 2, 5, 22].map(messages)).toEqual([
      '0 messages',
      '1 message',
      '2 messages',
      '5 messages',
      '22 messages',
    ]);
    expect(translate(englishStrings, 'en', 'characterCount', { count: 12, max: 1 })).toBe('12 of 1 character');
  });

  it("take Arabic's forms for 1, 2, 5 and 22 (one, two, few, many), with the language's digits", () => {
    const number = (value: number) => formatNumber(value, 'ar');
    expect([1, 2, 5, 22].map(counted(ar, 'ar'))).toEqual([
      `${number(1)} رسالة`,
      `${number(2)} رسالتان`,
      `${number(5)} رسائل`,
      `${number(22)} رسالة`,
    ]);
    expect(translate(ar, 'ar', 'characterCount', { count: 3, max: 4000 })).toBe(`${number(3)} من ${number(4000)} حرف`);
  });

  it('read correctly in Polish for 1, 2, 5 and 22', () => {
    expect([1, 2, 5, 22].map(counted(pl, 'pl'))).toEqual([
      '1 wiadomość',
      '2 wiadomości',
      '5 wiadomości',
      '22 wiadomości',
    ]);
  });

  it('read correctly in Russian for 1, 2, 5 and 22', () => {
    expect([1, 2, 5, 22].map(counted(ru, 'ru'))).toEqual(['1 сообщение', '2 сообщения', '5 сообщений', '22 сообщения']);
  });

  it('take the one Japanese form for 1, 2, 5 and 22', () => {
    const form = ja.messageCount.other;
    expect([1, 2, 5, 22].map(counted(ja, 'ja'))).toEqual(
      [1, 2, 5, 22].map((count) => form.replace('{count}', String(count))),
    );
  });

  it('write their numbers as the language writes them', () => {
    expect(translate(englishStrings, 'en', 'cartCount', { count: 1234 })).toBe('1,234 in your cart');
    expect(translate(englishStrings, 'de', 'cartCount', { count: 1234 })).toBe(
      `${formatNumber(1234, 'de')} in your cart`,
    );
    expect(formatNumber(1234, 'de')).toBe('1.234');
  });

  it('fall back to the "other" form for a category a table lacks, and to it for a count that is not a number', () => {
    const table = withOverrides(englishStrings, { messageCount: { other: '{count} notes' } });
    expect(translate(table, 'en', 'messageCount', { count: 1 })).toBe('1 notes');
    expect(translate(englishStrings, 'en', 'messageCount', { count: 'many' })).toBe('many messages');
  });

  it("take a store's single text for every form, and a store's forms as given", () => {
    const single = withOverrides(englishStrings, { cartCount: '{count} in the basket' });
    expect(translate(single, 'en', 'cartCount', { count: 1 })).toBe('1 in the basket');
    expect(translate(single, 'en', 'cartCount', { count: 3 })).toBe('3 in the basket');
    const forms = withOverrides(ar, { messageCount: { one: 'رسالة {count}', other: '{count} رسائل' } });
    expect(translate(forms, 'en', 'messageCount', { count: 1 })).toBe('رسالة 1');
    expect(translate(forms, 'en', 'messageCount', { count: 7 })).toBe('7 رسائل');
  });

  it('leave a text entry as it is, its placeholders filled', () => {
    expect(translate(englishStrings, 'en', 'welcomeTitle', { brandName: 'Acme' })).toBe('Welcome to Acme');
  });

  it('survive a tag the platform does not know', () => {
    expect(translate(englishStrings, 'x-unknown-tag-!!', 'messageCount', { count: 1 })).toBe('1 message');
  });
});

describe('lists', () => {
  it('are joined as the language joins them', () => {
    expect(formatList(['Linen shirt', 'Wool scarf', 'Cap'], 'en')).toBe('Linen shirt, Wool scarf, and Cap');
    expect(formatList(['Hemd', 'Schal'], 'de')).toBe('Hemd und Schal');
    expect(formatList(['Versand', 'Rückgabe'], 'de', 'disjunction')).toBe('Versand oder Rückgabe');
  });
});

describe('numbers', () => {
  it('are written out only when the text shows them: an unused count makes no number format', () => {
    const NumberFormat = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      // A locale no other test formats in, so the cache of number formats holds none for it.
      const label = translate(englishStrings, 'en-GB', 'openChat', { brandName: 'Acme', count: 0 });
      expect(label).toBe('Open chat with Acme');
      expect(made).toBe(0);
      expect(translate(englishStrings, 'en-GB', 'messageCount', { count: 1234 })).toBe('1,234 messages');
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
  });
});
