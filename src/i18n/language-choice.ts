import {
  englishStrings,
  formatString,
  isPluralKey,
  type PluralForms,
  type StringOverrides,
  type StringTable,
} from './strings';

/** The file names of `src/i18n/languages/`, without `.ts`: the build lists the folder (build/languages.mjs). */
declare const __STORE_ASSISTANT_LANGUAGE_FILES__: readonly string[];

/**
 * The built-in languages: English, and every language whose file the build found in `src/i18n/languages/`,
 * by the file's name, which is also the part's beside the script (`store-assistant.lang-<code>.js`). Only
 * the codes are in the script: each table but English ships as its own file, fetched only for a visitor
 * who needs it, so the script does not grow with every language added.
 */
export const BUILT_IN_LANGUAGES: readonly string[] = ['en', ...__STORE_ASSISTANT_LANGUAGE_FILES__];

/** The languages written right to left. */
export const RIGHT_TO_LEFT: readonly string[] = ['ar', 'he', 'fa', 'ur'];

/** The tag a language's texts are written in, for `Intl`: "pt-br" is "pt-BR", "zh-hant" "zh-Hant". */
export function languageLocale(code: string): string {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** Tags whose language is written under another code: regions and scripts of one language, and old codes. */
const LANGUAGE_OF_TAG: Readonly<Record<string, string>> = {
  pt: 'pt-br',
  'pt-ao': 'pt-pt',
  'pt-mz': 'pt-pt',
  zh: 'zh-hans',
  'zh-cn': 'zh-hans',
  'zh-sg': 'zh-hans',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
  'zh-mo': 'zh-hant',
  no: 'nb',
  nn: 'nb',
  iw: 'he',
  in: 'id',
};

/**
 * The language code a tag is written in, built in or not: the longest known prefix of the tag maps
 * ("zh-Hant-TW" and "zh-TW" give "zh-hant", "pt-AO" "pt-pt"), else its primary subtag ("de-AT" gives "de").
 */
function languageCode(tag: string): string {
  const subtags = tag.toLowerCase().split('-');
  for (let length = Math.min(subtags.length, 2); length > 0; length--) {
    const prefix = subtags.slice(0, length).join('-');
    if (BUILT_IN_LANGUAGES.includes(prefix)) return prefix;
    if (Object.prototype.hasOwnProperty.call(LANGUAGE_OF_TAG, prefix)) return LANGUAGE_OF_TAG[prefix] as string;
  }
  if (subtags[0] === 'zh' && subtags.includes('hant')) return 'zh-hant';
  return subtags[0] ?? '';
}

/** The built-in language of a tag ("de-AT" gives "de", "zh-TW" "zh-hant"), or null when it has none. */
function builtInLanguageOf(tag: string): string | null {
  const code = languageCode(tag);
  return BUILT_IN_LANGUAGES.includes(code) ? code : null;
}

/** The built-in language for a language tag ("de-AT" gives "de"); English when there is none. */
export function builtInLanguage(lang: string): string {
  return builtInLanguageOf(lang) ?? 'en';
}

/**
 * The visitor's language, from tags in the order they count (the `lang` attribute, the page's
 * `<html lang>`, the browser's languages): the first tag with a built-in language, as written (so
 * "de-AT" keeps Austrian dates and numbers); English when none has.
 */
export function visitorLanguage(tags: readonly (string | null | undefined)[]): string {
  for (const tag of tags) {
    const trimmed = tag?.trim();
    if (trimmed && /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(trimmed) && builtInLanguageOf(trimmed)) return trimmed;
  }
  return 'en';
}

/**
 * The tag `Intl` formats a language's texts with: the visitor's own tag when its language is the one
 * shown (regional digits, dates and plural rules, "pt-AO"), else the shown language's.
 */
export function localeOf(code: string, tag: string): string {
  if (builtInLanguage(tag) === code) {
    try {
      return Intl.getCanonicalLocales(tag)[0] ?? tag;
    } catch {
      // A tag the browser does not know: the language's own.
    }
  }
  return languageLocale(code);
}

/** The writing direction of a language tag. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.includes(builtInLanguage(lang)) ? 'rtl' : 'ltr';
}

/**
 * A language's table with single entries overridden by the store; a store's single text for a counted
 * entry stands for all its forms. English fills any entry the table lacks (a language file of another
 * shape), so no text is ever missing.
 */
export function withOverrides(table: Partial<StringTable>, overrides: StringOverrides): StringTable {
  const strings: StringTable = { ...englishStrings, ...table };
  for (const [key, text] of Object.entries(overrides)) {
    if (isPluralKey(key)) strings[key] = typeof text === 'string' ? { other: text } : (text as StringTable[typeof key]);
    else if (typeof text === 'string') (strings as Record<string, unknown>)[key] = text;
  }
  const name = overrides.defaultBrandNameUnnamed;
  if (name !== undefined) nameUnnamedStore(strings, overrides, name);
  return strings;
}

/**
 * A store that gives the unnamed store a name of its own is welcomed and named by it in the named store's
 * sentences, unless it worded the unnamed store's sentence itself.
 */
function nameUnnamedStore(strings: StringTable, overrides: StringOverrides, name: string): void {
  strings.welcomeTitleUnnamed =
    overrides.welcomeTitleUnnamed ?? formatString(strings.welcomeTitle, { brandName: name });
  strings.defaultWelcomeMessageUnnamed =
    overrides.defaultWelcomeMessageUnnamed ?? formatString(strings.defaultWelcomeMessage, { storeDomain: name });
  strings.openChatUnnamed = overrides.openChatUnnamed ?? formatString(strings.openChat, { brandName: name });
  // Each form gets the name and keeps its `{count}`, filled when the launcher is labelled.
  if (overrides.openChatUnreadUnnamed === undefined) {
    const forms = Object.entries(strings.openChatUnread).map(([category, text]) => [
      category,
      formatString(text, { brandName: name }),
    ]);
    strings.openChatUnreadUnnamed = Object.fromEntries(forms) as PluralForms;
  }
}
