import { englishStrings, type StringTable } from './strings';

/**
 * The built-in languages, by primary language subtag. Only their codes are here: each table but English
 * ships as its own file beside the script (`store-assistant.lang-<code>.js`), fetched only for a visitor
 * who needs it, so the script does not grow with every language added.
 */
export const BUILT_IN_LANGUAGES: readonly string[] = ['en', 'ar', 'de', 'es', 'fr'];

/** Languages written right to left. */
const RIGHT_TO_LEFT = new Set(['ar']);

/**
 * The greeting "Ask a question" opens a chat with (`askQuestionMessage`), in each built-in language: a
 * chat is not named after it in any language, and reading it from the tables would fetch them all.
 */
export const ASK_QUESTION_GREETINGS: Readonly<Record<string, string>> = {
  en: 'Hi',
  ar: 'مرحبًا',
  de: 'Hallo',
  es: 'Hola',
  fr: 'Bonjour',
};

/** The built-in language for a language tag ("de-AT" gives "de"); English when there is none. */
export function builtInLanguage(lang: string): string {
  const primary = lang.toLowerCase().split('-')[0] ?? 'en';
  return BUILT_IN_LANGUAGES.includes(primary) ? primary : 'en';
}

/** The writing direction of a language tag. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(builtInLanguage(lang)) ? 'rtl' : 'ltr';
}

/**
 * A language's table with single entries overridden by the store. English fills any entry the table
 * lacks (a language file of another shape), so no text is ever missing.
 */
export function withOverrides(table: Partial<StringTable>, overrides: Partial<StringTable>): StringTable {
  return { ...englishStrings, ...table, ...overrides };
}
