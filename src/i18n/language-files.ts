import { loadedPart, loadPart } from '../common/parts';
import type { StringTable } from './strings';

/** The side effects of showing the visitor's language. */
export interface LanguageDeps {
  /**
   * The table of built-in language `code` (not English): at once when the page has it, else fetched from
   * beside the script. Rejects when it cannot be had.
   */
  loadLanguage(code: string): StringTable | Promise<StringTable>;
  /** English is shown instead of language `code` (its file failed, or is late): tells the store owner. */
  warnLanguageFallback(code: string): void;
}

/** How language files are fetched and reported, so the page-wide rules can be tested without a page. */
export interface LanguageFileAccess {
  /** The part's value when it is on the page already. */
  loaded(name: string): StringTable | undefined;
  /** Loads the part from beside the script. */
  load(name: string): Promise<StringTable>;
  /** Writes one line to the console. */
  warn(message: string): void;
}

/** What a language file registered, if it is a string table: a file of another shape counts as failed. */
function aTable(value: unknown, name: string): StringTable {
  if (typeof value === 'object' && value !== null && typeof (value as StringTable).welcomeTitle === 'string')
    return value as StringTable;
  throw new Error(`[store-assistant] store-assistant.${name}.js did not register a string table`);
}

/**
 * Language files for one page: each is requested at most once per visit, by every widget on the page
 * together, and a file that failed is not asked for again (English stays); the store owner reads one
 * console line per language that fell back, however many widgets and reasons.
 */
export function createLanguageFiles(access: LanguageFileAccess): LanguageDeps {
  const loads = new Map<string, Promise<StringTable>>();
  const warned = new Set<string>();
  return {
    loadLanguage(code) {
      const name = `lang-${code}`;
      const loaded = access.loaded(name);
      if (loaded && typeof loaded.welcomeTitle === 'string') return loaded;
      let load = loads.get(code);
      if (!load) {
        load = access.load(name).then((table) => aTable(table, name));
        loads.set(code, load);
      }
      return load;
    },
    warnLanguageFallback(code) {
      if (warned.has(code)) return;
      warned.add(code);
      access.warn(
        `[store-assistant] the language "${code}" (store-assistant.lang-${code}.js beside the script) ` +
          'could not be loaded in time: the card shows English',
      );
    },
  };
}

/** This page's language files, shared by every widget on it. */
export const pageLanguageFiles: LanguageDeps = createLanguageFiles({
  loaded: (name) => loadedPart<StringTable>(name),
  load: (name) => loadPart<StringTable>(name),
  warn: (message) => console.warn(message),
});
