import { englishStrings, type StringTable } from './strings';

/**
 * The string table for a language, with single entries overridden by the store. English is the base,
 * so a key missing from a translation still reads sensibly.
 */
export function resolveStrings(_lang: string, overrides: Partial<StringTable>): StringTable {
  return { ...englishStrings, ...overrides };
}
