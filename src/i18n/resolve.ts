import { englishStrings, isPluralKey, type StringOverrides, type StringTable } from './strings';

/** The file names of `src/i18n/languages/`, without `.ts`: the build lists the folder (build/languages.mjs). */
declare const __STORE_ASSISTANT_LANGUAGE_FILES__: readonly string[];

/** One language the widget speaks, or will once its file is in `src/i18n/languages/`. */
interface Language {
  /** The language tag its texts are written in, for `Intl` (plural rules, numbers, lists). */
  locale: string;
  /** The greeting "Ask a question" opens a chat with: its table's `askQuestionMessage`, word for word. */
  greeting: string;
  rtl?: true;
}

/**
 * Every language the widget is translated into, by its code (the name of its file in
 * `src/i18n/languages/`, and of the part beside the script, `store-assistant.lang-<code>.js`). Only the
 * codes and greetings are in the script: each table but English ships as its own file, fetched only for
 * a visitor who needs it, so the script does not grow with every language added.
 */
export const LANGUAGES: Readonly<Record<string, Language>> = {
  en: { locale: 'en', greeting: 'Hi' },
  ar: { locale: 'ar', greeting: 'مرحبًا', rtl: true },
  de: { locale: 'de', greeting: 'Hallo' },
  es: { locale: 'es', greeting: 'Hola' },
  fr: { locale: 'fr', greeting: 'Bonjour' },
  it: { locale: 'it', greeting: 'Ciao' },
  'pt-br': { locale: 'pt-BR', greeting: 'Olá' },
  'pt-pt': { locale: 'pt-PT', greeting: 'Olá' },
  nl: { locale: 'nl', greeting: 'Hallo' },
  pl: { locale: 'pl', greeting: 'Cześć' },
  ru: { locale: 'ru', greeting: 'Здравствуйте' },
  uk: { locale: 'uk', greeting: 'Вітаю' },
  tr: { locale: 'tr', greeting: 'Merhaba' },
  cs: { locale: 'cs', greeting: 'Dobrý den' },
  sk: { locale: 'sk', greeting: 'Dobrý deň' },
  hu: { locale: 'hu', greeting: 'Szia' },
  ro: { locale: 'ro', greeting: 'Bună' },
  ja: { locale: 'ja', greeting: 'こんにちは' },
  ko: { locale: 'ko', greeting: '안녕하세요' },
  'zh-hans': { locale: 'zh-Hans', greeting: '你好' },
  'zh-hant': { locale: 'zh-Hant', greeting: '你好' },
  he: { locale: 'he', greeting: 'שלום', rtl: true },
  fa: { locale: 'fa', greeting: 'سلام', rtl: true },
  ur: { locale: 'ur', greeting: 'السلام علیکم', rtl: true },
  hi: { locale: 'hi', greeting: 'नमस्ते' },
  th: { locale: 'th', greeting: 'สวัสดี' },
  vi: { locale: 'vi', greeting: 'Xin chào' },
  id: { locale: 'id', greeting: 'Halo' },
  ms: { locale: 'ms', greeting: 'Hai' },
  sv: { locale: 'sv', greeting: 'Hej' },
  da: { locale: 'da', greeting: 'Hej' },
  nb: { locale: 'nb', greeting: 'Hei' },
  fi: { locale: 'fi', greeting: 'Hei' },
  el: { locale: 'el', greeting: 'Γεια σας' },
  bg: { locale: 'bg', greeting: 'Здравейте' },
  hr: { locale: 'hr', greeting: 'Bok' },
  sr: { locale: 'sr', greeting: 'Здраво' },
  sl: { locale: 'sl', greeting: 'Živjo' },
  lt: { locale: 'lt', greeting: 'Sveiki' },
  lv: { locale: 'lv', greeting: 'Sveiki' },
  et: { locale: 'et', greeting: 'Tere' },
};

/**
 * The built-in languages: English, and every language whose file the build found. A language listed in
 * {@link LANGUAGES} without its file yet is not offered, so a visitor reading it gets English at once
 * rather than a request that cannot succeed.
 */
export const BUILT_IN_LANGUAGES: readonly string[] = Object.keys(LANGUAGES).filter(
  (code) => code === 'en' || __STORE_ASSISTANT_LANGUAGE_FILES__.includes(code),
);

/**
 * The greeting "Ask a question" opens a chat with (`askQuestionMessage`), in each language: a chat is
 * not named after it in any language, and reading it from the tables would fetch them all.
 */
export const ASK_QUESTION_GREETINGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LANGUAGES).map(([code, language]) => [code, language.greeting]),
);

/** Tags whose language is written under another code: regions and scripts of one language, and old codes. */
const LANGUAGE_OF_TAG: Readonly<Record<string, string>> = {
  pt: 'pt-br',
  'pt-br': 'pt-br',
  'pt-pt': 'pt-pt',
  'pt-ao': 'pt-pt',
  'pt-mz': 'pt-pt',
  zh: 'zh-hans',
  'zh-cn': 'zh-hans',
  'zh-sg': 'zh-hans',
  'zh-hans': 'zh-hans',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
  'zh-mo': 'zh-hant',
  'zh-hant': 'zh-hant',
  no: 'nb',
  nn: 'nb',
  nb: 'nb',
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
  return LANGUAGES[code]?.locale ?? 'en';
}

/** The writing direction of a language tag. */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return LANGUAGES[builtInLanguage(lang)]?.rtl ? 'rtl' : 'ltr';
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
