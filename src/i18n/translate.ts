import {
  formatString,
  isPluralKey,
  PLURAL_KEYS,
  type PluralCategory,
  type PluralForms,
  type StringKey,
  type StringTable,
} from './strings';

/** The values an entry's `{placeholders}` are filled with. */
export type StringValues = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `make(locale)`, built once per locale; English when the browser does not know the locale. */
function cached<T>(cache: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let made = cache.get(locale);
  if (!made) {
    try {
      made = make(locale);
    } catch {
      made = make('en');
    }
    cache.set(locale, made);
  }
  return made;
}

/** The plural category of `count` in `locale`, as the platform's rules give it. */
export function pluralCategory(count: number, locale: string): PluralCategory {
  return cached(pluralRules, locale, (tag) => new Intl.PluralRules(tag)).select(count);
}

/** `value` as written in `locale`: digits, separators and grouping of the language ("1 234", "١٢"). */
export function formatNumber(value: number, locale: string): string {
  return cached(numberFormats, locale, (tag) => new Intl.NumberFormat(tag)).format(value);
}

/** The form of a counted entry for `count`: a store's single text stands for every form. */
function formFor(entry: PluralForms | string, count: number, locale: string): string {
  if (typeof entry === 'string') return entry;
  return entry[pluralCategory(count, locale)] ?? entry.other;
}

/**
 * The text of `key` in `table`, written in `locale`: a counted entry in the plural form its number asks
 * for, every number in the language's digits and grouping, then the `{placeholders}` filled. The one way
 * the widget turns an entry into text.
 */
export function translate(table: StringTable, locale: string, key: StringKey, values: StringValues = {}): string {
  const entry: PluralForms | string = table[key];
  let template: string;
  if (isPluralKey(key)) {
    const counted = values[PLURAL_KEYS[key]];
    template = formFor(entry, typeof counted === 'number' ? counted : Number(counted), locale);
  } else template = typeof entry === 'string' ? entry : entry.other;
  // Only the numbers the text shows are written out: the first number format of a page loads the
  // platform's locale data, a long moment on a phone, and the launcher's closed label passes a count of 0
  // that its sentence never shows.
  const shown: StringValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!template.includes(`{${name}}`)) continue;
    shown[name] = typeof value === 'number' ? formatNumber(value, locale) : value;
  }
  return formatString(template, shown);
}

/**
 * The items of a list joined as the language joins them: all of them ("a, b and c", "a، b و c"), or
 * one of them (`disjunction`, "a, b or c").
 */
export function formatList(
  items: readonly string[],
  locale: string,
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  try {
    return new Intl.ListFormat(locale, { type }).format(items);
  } catch {
    return items.join(', ');
  }
}
