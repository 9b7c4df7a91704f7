import { describe, expect, it } from 'vitest';
import { ar } from '../../../src/i18n/languages/ar';
import { de } from '../../../src/i18n/languages/de';
import { es } from '../../../src/i18n/languages/es';
import { fr } from '../../../src/i18n/languages/fr';
import {
  ASK_QUESTION_GREETINGS,
  BUILT_IN_LANGUAGES,
  builtInLanguage,
  directionOf,
  withOverrides,
} from '../../../src/i18n/resolve';
import { englishStrings, formatString, isStringKey, type StringKey, type StringTable } from '../../../src/i18n/strings';
import { defaultTheme } from '../../../src/theme/theme';

/** Every built-in table, English included, by code. */
const LANGUAGES: Record<string, StringTable> = { en: englishStrings, ar, de, es, fr };

describe('the string table', () => {
  // The welcome and notice texts are part of the product: their exact wording is pinned here.
  it.each([
    ['welcomeTitle', 'Welcome to {brandName}'],
    ['welcomeSubtitle', 'How can we help you today?'],
    ['askQuestion', 'Ask a question'],
    ['trackOrder', 'Track my order'],
    ['newArrivals', 'New arrivals'],
    ['recentConversation', 'Recent Conversation'],
    ['startLiveCall', 'Start a live call'],
    ['talkToHuman', 'Talk to a human agent'],
    ['online', 'Online'],
    ['newChat', 'New chat'],
    ['emptyChat', 'Start a conversation by typing a message below'],
    ['messagePlaceholder', 'Your message…'],
    ['askQuestionMessage', 'Hi'],
    ['newArrivalsMessage', 'Shop new arrivals'],
    ['renderError', 'Unexpected Application Error!'],
    ['replyFailed', 'Oops! Something went wrong. Try again later.'],
    ['replyNotUnderstood', "Sorry, I couldn't understand that."],
    ['send', 'Send'],
    ['back', 'Back'],
    ['startCall', 'Start call'],
    ['attachImage', 'Attach image'],
    ['navHome', 'Home'],
    ['navChats', 'Chats'],
    ['navFaq', 'FAQ'],
  ] as const)('%s reads %j', (key, text) => {
    expect(englishStrings[key]).toBe(text);
  });

  it('has no empty entry', () => {
    for (const text of Object.values(englishStrings)) expect(text.trim()).not.toBe('');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatString('Welcome to {brandName}', { brandName: 'Acme' })).toBe('Welcome to Acme');
    expect(formatString('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(formatString('{toString}', {})).toBe('{toString}');
  });

  it('narrows keys from untrusted input', () => {
    expect(isStringKey('send')).toBe(true);
    expect(isStringKey('constructor')).toBe(false);
    expect(isStringKey('__proto__')).toBe(false);
  });

  it('lets the store override single entries', () => {
    const strings = withOverrides(englishStrings, { send: 'Go' });
    expect(strings.send).toBe('Go');
    expect(strings.back).toBe('Back');
  });
});

describe('built-in languages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
  const languages = Object.entries(LANGUAGES).filter(([code]) => code !== 'en');

  it('ships English plus German, French, Spanish and a right-to-left language', () => {
    expect(Object.keys(LANGUAGES).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr']);
    expect([...BUILT_IN_LANGUAGES].sort()).toEqual(Object.keys(LANGUAGES).sort());
    expect(Object.keys(LANGUAGES).some((code) => directionOf(code) === 'rtl')).toBe(true);
  });

  it("knows each language's greeting without its table, word for word", () => {
    const fromTables = Object.fromEntries(Object.entries(LANGUAGES).map(([code, t]) => [code, t.askQuestionMessage]));
    expect(ASK_QUESTION_GREETINGS).toEqual(fromTables);
  });

  it('fills entries a language file lacks from English, and puts the overrides on top', () => {
    const partial: Partial<StringTable> = { send: 'Senden' };
    expect(withOverrides(partial, {}).back).toBe('Back');
    expect(withOverrides(partial, { send: 'Los' }).send).toBe('Los');
  });

  it.each(languages)('%s translates every entry, and nothing else', (_code, table) => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(englishStrings).sort());
    for (const text of Object.values(table)) expect(text.trim()).not.toBe('');
  });

  it.each(languages)("%s keeps every entry's {placeholders}", (_code, table) => {
    for (const key of Object.keys(englishStrings) as StringKey[]) {
      expect([key, placeholders(table[key])]).toEqual([key, placeholders(englishStrings[key])]);
    }
  });

  it.each(languages)('%s keeps as many default quick actions as English', (_code, table) => {
    expect(table.defaultQuickActions.split('|')).toHaveLength(englishStrings.defaultQuickActions.split('|').length);
  });

  it.each(languages)('%s is a translation, not a copy of the English table', (_code, table) => {
    // Messages the specification words exactly (the render error) may stay English; most may not.
    const same = (Object.keys(englishStrings) as StringKey[]).filter((key) => table[key] === englishStrings[key]);
    expect(same.length).toBeLessThan(Object.keys(englishStrings).length / 4);
  });

  it.each([
    ['de', 'de', 'ltr'],
    ['de-AT', 'de', 'ltr'],
    ['FR-ca', 'fr', 'ltr'],
    ['es-419', 'es', 'ltr'],
    ['ar', 'ar', 'rtl'],
    ['ar-EG', 'ar', 'rtl'],
    ['ja', 'en', 'ltr'],
    ['he', 'en', 'ltr'],
    ['', 'en', 'ltr'],
    ['constructor', 'en', 'ltr'],
    ['__proto__', 'en', 'ltr'],
  ])('%j uses %s, written %s', (tag, language, direction) => {
    expect(builtInLanguage(tag)).toBe(language);
    expect(directionOf(tag)).toBe(direction);
  });

  it("resolves a language with the store's overrides on top", () => {
    const strings = withOverrides(LANGUAGES[builtInLanguage('de-CH')] ?? {}, { send: 'Los' });
    expect(strings.send).toBe('Los');
    expect(strings.back).toBe(LANGUAGES.de?.back);
    expect(builtInLanguage('xx')).toBe('en');
  });

  it('words the default theme in the language', () => {
    const german = defaultTheme('shop.acme.de', withOverrides(de, {}));
    expect(german.brandName).toBe('Acme Shop');
    expect(german.welcomeMessage).toBe('Willkommen bei shop.acme.de. Wie können wir Ihnen heute helfen?');
    expect(german.quickActions).toEqual([
      'Neuer Kurs',
      'Meine Bestellung verfolgen',
      'Größentabelle',
      'Kundenservice kontaktieren',
    ]);
    expect(defaultTheme('acme.com').brandName).toBe('Acme store');
  });
});
