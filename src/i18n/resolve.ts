import { englishStrings, isPluralKey, type StringOverrides, type StringTable } from './strings';

/** The file names of `src/i18n/languages/`, without `.ts`: the build lists the folder (build/languages.mjs). */
declare const __STORE_ASSISTANT_LANGUAGE_FILES__: readonly string[];

/**
 * Every language the widget is translated into, by its code: the name of its file in
 * `src/i18n/languages/` and of the part beside the script, `store-assistant.lang-<code>.js`. Only the
 * codes and greetings are in the script: each table but English ships as its own file, fetched only for
 * a visitor who needs it, so the script does not grow with every language added.
 */
export const LANGUAGE_CODES: readonly string[] = (
  'en ar de es fr it pt-br pt-pt nl pl ru uk tr cs sk hu ro ja ko zh-hans zh-hant he fa ur hi th vi id ms ' +
  'sv da nb fi el bg hr sr sl lt lv et'
).split(' ');

/** The languages written right to left. */
export const RIGHT_TO_LEFT: readonly string[] = ['ar', 'he', 'fa', 'ur'];

/**
 * The greeting "Ask a question" opens a chat with (`askQuestionMessage`), in each language: a chat is
 * not named after it in any language, and reading it from the tables would fetch them all.
 */
export const ASK_QUESTION_GREETINGS: Readonly<Record<string, string>> = {
  en: 'Hi',
  ar: 'مرحبًا',
  de: 'Hallo',
  es: 'Hola',
  fr: 'Bonjour',
  it: 'Ciao',
  'pt-br': 'Olá',
  'pt-pt': 'Olá',
  nl: 'Hallo',
  pl: 'Cześć',
  ru: 'Здравствуйте',
  uk: 'Вітаю',
  tr: 'Merhaba',
  cs: 'Dobrý den',
  sk: 'Dobrý deň',
  hu: 'Szia',
  ro: 'Bună',
  ja: 'こんにちは',
  ko: '안녕하세요',
  'zh-hans': '你好',
  'zh-hant': '你好',
  he: 'שלום',
  fa: 'سلام',
  ur: 'السلام علیکم',
  hi: 'नमस्ते',
  th: 'สวัสดี',
  vi: 'Xin chào',
  id: 'Halo',
  ms: 'Hai',
  sv: 'Hej',
  da: 'Hej',
  nb: 'Hei',
  fi: 'Hei',
  el: 'Γεια σας',
  bg: 'Здравейте',
  hr: 'Bok',
  sr: 'Здраво',
  sl: 'Živjo',
  lt: 'Sveiki',
  lv: 'Sveiki',
  et: 'Tere',
};

/**
 * The built-in languages: English, and every language whose file the build found. A language listed in
 * {@link LANGUAGE_CODES} without its file yet is not offered, so a visitor reading it gets English at
 * once rather than a request that cannot succeed.
 */
export const BUILT_IN_LANGUAGES: readonly string[] = LANGUAGE_CODES.filter(
  (code) => code === 'en' || __STORE_ASSISTANT_LANGUAGE_FILES__.includes(code),
);

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
    if (LANGUAGE_CODES.includes(prefix)) return prefix;
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
  return strings;
}
