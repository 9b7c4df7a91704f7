import { describe, expect, it } from 'vitest';
import { de } from '../../../src/i18n/languages/de';
import { builtInLanguage, directionOf, withOverrides } from '../../../src/i18n/language-choice';
import { englishStrings, formatString, isStringKey, type StringTable } from '../../../src/i18n/strings';
import { defaultTheme } from '../../../src/theme/theme';

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
    for (const entry of Object.values(englishStrings))
      for (const text of typeof entry === 'string' ? [entry] : Object.values(entry)) expect(text.trim()).not.toBe('');
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

describe('the built-in languages', () => {
  it.each([
    ['de', 'de', 'ltr'],
    ['de-AT', 'de', 'ltr'],
    ['FR-ca', 'fr', 'ltr'],
    ['es-419', 'es', 'ltr'],
    ['ar', 'ar', 'rtl'],
    ['ar-EG', 'ar', 'rtl'],
    ['', 'en', 'ltr'],
    ['xx', 'en', 'ltr'],
    ['constructor', 'en', 'ltr'],
    ['__proto__', 'en', 'ltr'],
  ])('%j uses %s, written %s', (tag, language, direction) => {
    expect(builtInLanguage(tag)).toBe(language);
    expect(directionOf(tag)).toBe(direction);
  });

  it('fills entries a language file lacks from English, and puts the overrides on top', () => {
    const partial: Partial<StringTable> = { send: 'Senden' };
    expect(withOverrides(partial, {}).back).toBe('Back');
    expect(withOverrides(partial, { send: 'Los' }).send).toBe('Los');
  });

  it("resolves a language with the store's overrides on top", () => {
    const strings = withOverrides(de, { send: 'Los' });
    expect(strings.send).toBe('Los');
    expect(strings.back).toBe(de.back);
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
