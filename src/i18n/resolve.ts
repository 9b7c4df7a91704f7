import { ar } from './languages/ar';
import { de } from './languages/de';
import { es } from './languages/es';
import { fr } from './languages/fr';
import { englishStrings, type StringTable } from './strings';

/** The built-in languages, by primary language subtag. */
export const LANGUAGES: Readonly<Record<string, StringTable>> = { en: englishStrings, de, fr, es, ar };

/** Languages written right to left. */
const RIGHT_TO_LEFT = new Set(['ar']);

/** The built-in language for a language tag ("de-AT" gives "de"); English when there is none. */
export function builtInLanguage(lang: string): string {
  const primary = lang.toLowerCase().split('-')[0] ?? 'en';
  return Object.prototype.hasOwnProperty.call(LANGUAGES, primary) ? primary : 'en';
}

/** The writing direction of a language tag. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(builtInLanguage(lang)) ? 'rtl' : 'ltr';
}

/**
 * The string table for a language, with single entries overridden by the store. Tags without a
 * built-in language fall back to English, the specification's wording.
 */
export function resolveStrings(lang: string, overrides: Partial<StringTable>): StringTable {
  return { ...(LANGUAGES[builtInLanguage(lang)] ?? englishStrings), ...overrides };
}
