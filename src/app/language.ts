import type { Store } from '../common/store';
import type { Timers } from '../common/timers';
import type { LanguageDeps } from '../i18n/language-files';
import { builtInLanguage, localeOf, withOverrides } from '../i18n/language-choice';
import { englishStrings, type StringTable } from '../i18n/strings';
import { themeFor } from '../theme/theme-slice';
import type { AssistantConfig } from './config';
import type { AssistantState } from './state';

/**
 * How long a visitor looking at the card waits for their language before the card shows English: one
 * small file arrives well within it even on a slow mobile connection, and an empty card for longer reads
 * as a broken one. The wait starts when the card is shown, not when the file is asked for: a file that
 * arrives before the visitor opens the card costs them nothing.
 */
export const LANGUAGE_WAIT_MS = 3000;

/**
 * The table while a language is on its way: nothing textual is shown but the brand's name, which the
 * default theme words without the English around the store's name ("Acme" rather than "Acme store"). A
 * store nothing names keeps the English stand-in ("Our store") for that moment: the card's dialog and the
 * widget's region need a name, and no name at all is worse than an English one.
 */
const WAITING_STRINGS: StringTable = {
  ...englishStrings,
  defaultBrandName: '{storeName}',
};

/** The strings the store shows for a configuration, and whether they wait for the visitor's language. */
export interface LanguageChoice {
  strings: StringTable;
  /** The tag the strings are written in, for their plural forms and numbers. */
  locale: string;
  languagePending: boolean;
}

/** The choice that shows `table`, written in language `code`, with the store's overrides on top. */
function choice(table: Partial<StringTable>, code: string, config: AssistantConfig, pending = false): LanguageChoice {
  return {
    strings: withOverrides(table, config.strings),
    locale: localeOf(code, config.lang),
    languagePending: pending,
  };
}

/**
 * The strings of a first view drawn before the widget sets up (element/launcher-shell.ts, card-shell.ts):
 * English, or, for another language, whose file nothing has asked for yet, the waiting table that shows
 * the brand alone, as the store shows until the file is there.
 */
export function languageBeforeSetUp(config: AssistantConfig): LanguageChoice {
  const code = builtInLanguage(config.lang);
  return code === 'en' ? choice(englishStrings, 'en', config) : choice(WAITING_STRINGS, code, config, true);
}

/** `deps.loadLanguage(code)`, a throw turned into a rejection. */
function requestLanguage(deps: LanguageDeps, code: string): StringTable | Promise<StringTable> {
  try {
    return deps.loadLanguage(code);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * The string table follows `config.lang` and `config.strings`. English is in the script; another
 * language's table comes from `deps.loadLanguage`, asked for as soon as the element is configured with
 * it. Until it is there the card shows nothing textual (`languagePending`); if the visitor has been
 * looking at the card for {@link LANGUAGE_WAIT_MS}, or the file fails, the card shows English and the
 * store owner reads one console line; a language that arrives late replaces English live. The store's
 * overrides apply on top in every case.
 */
export function createLanguage(store: Store<AssistantState>, deps: LanguageDeps & { timers: Timers }) {
  /** The built-in language the configuration asks for: a table arriving for another is not shown. */
  let wanted = 'en';
  /** Languages whose file failed on this page: English for good. */
  const failed = new Set<string>();
  /** Languages shown as English because the visitor waited too long: replaced when they arrive. */
  const late = new Set<string>();
  /** Languages whose load this widget follows. */
  const followed = new Set<string>();
  let wait: unknown = null;

  const stopWaiting = () => {
    if (wait !== null) deps.timers.clearTimeout(wait);
    wait = null;
  };
  const show = (table: Partial<StringTable>, code: string) => {
    stopWaiting();
    store.setState((state) => {
      const { strings, locale } = choice(table, code, state.config);
      return { strings, locale, languagePending: false, theme: themeFor(state.config, strings, state.themeLayers) };
    });
  };
  const fallBack = (code: string) => {
    deps.warnLanguageFallback(code);
    if (wanted === code) show(englishStrings, 'en');
  };
  const follow = (code: string, load: Promise<StringTable>) => {
    if (followed.has(code)) return;
    followed.add(code);
    load.then(
      (table) => {
        late.delete(code);
        if (wanted === code) show(table, code);
      },
      () => {
        failed.add(code);
        late.delete(code);
        fallBack(code);
      },
    );
  };

  const choose = (code: string, config: AssistantConfig): LanguageChoice => {
    if (code === 'en' || failed.has(code)) return choice(englishStrings, 'en', config);
    const table = requestLanguage(deps, code);
    if (!(table instanceof Promise)) return choice(table, code, config);
    follow(code, table);
    return late.has(code) ? choice(englishStrings, 'en', config) : choice(WAITING_STRINGS, code, config, true);
  };

  // The wait is counted while the card is shown: open, or inline (always shown).
  store.subscribe((state) => {
    const shown = state.isOpen || state.config.mode === 'inline';
    if (!state.languagePending || !shown || wait !== null) return;
    wait = deps.timers.setTimeout(() => {
      wait = null;
      if (!store.getState().languagePending) return;
      late.add(wanted);
      fallBack(wanted);
    }, LANGUAGE_WAIT_MS);
  });

  return {
    /** The strings for `config`, at once when its language is on the page; else English, pending, until it is. */
    configure(config: AssistantConfig): LanguageChoice {
      wanted = builtInLanguage(config.lang);
      const chosen = choose(wanted, config);
      if (!chosen.languagePending) stopWaiting();
      return chosen;
    },

    dispose: stopWaiting,
  };
}
