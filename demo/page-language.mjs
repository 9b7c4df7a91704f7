// The language a demo page claims: `?lang=<tag>` on any demo page (`/?lang=pl`, `/products/linen-shirt?lang=he`)
// writes the tag into the page's <html lang>, as a store in that language would, so the widget speaks it
// from its first view. Only a well-formed language tag is written, in its canonical spelling (letters,
// digits and hyphens), so nothing a link carries is reflected into the page as it was typed. The pages'
// chrome has a language picker (a plain GET form, `/assets/demo-language.js` switching it live).
import { readdirSync } from 'node:fs';

/** Where the picker goes in a page's chrome. */
export const LANGUAGE_PICKER_SLOT = '<!-- language picker -->';

/** The longest tag taken: a language, script, region and a variant fit well inside it. */
const MAX_TAG_LENGTH = 35;

/** The built-in languages, as the build finds them (a file per language in src/i18n/languages/): English first. */
const BUILT_IN = [
  'en',
  ...readdirSync(new URL('../src/i18n/languages/', import.meta.url))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort(),
].map((code) => Intl.getCanonicalLocales(code)[0]);

/** `text` as the canonical spelling of a language tag ("pt-br" gives "pt-BR"), or null when it is not one. */
export function languageTag(text) {
  if (typeof text !== 'string' || text.length > MAX_TAG_LENGTH) return null;
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(text)) return null;
  try {
    const [tag] = Intl.getCanonicalLocales(text);
    return tag && /^[A-Za-z0-9-]+$/.test(tag) ? tag : null;
  } catch {
    return null;
  }
}

/** The tag a page's address asks for (`?lang=`), or null. */
export function requestedLanguage(url) {
  return languageTag(url.searchParams.get('lang') ?? '');
}

/** A language's name in itself, with its tag: "polski (pl)". */
function languageName(tag) {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** The picker: every built-in language, plus the page's tag when it is a regional one ("zh-TW"). */
export function languagePicker(current) {
  const tags = current && !BUILT_IN.includes(current) ? [...BUILT_IN, current] : BUILT_IN;
  const selected = current ?? 'en';
  const options = tags
    .map((tag) => `<option value="${tag}"${tag === selected ? ' selected' : ''}>${languageName(tag)}</option>`)
    .join('');
  return (
    '<form class="demo-language" method="get"><label>Page language <select name="lang">' +
    `${options}</select></label><noscript><button type="submit">Show</button></noscript></form>` +
    '<script src="/assets/demo-language.js" defer></script>'
  );
}

/**
 * A demo page as `url` asks for it: the `?lang=` tag in its <html lang> (the page's own otherwise) and the
 * picker in its slot.
 */
export function withPageLanguage(html, url) {
  const tag = requestedLanguage(url);
  const page = tag ? html.replace(/<html lang="[^"]*"/, `<html lang="${tag}"`) : html;
  return page.replace(LANGUAGE_PICKER_SLOT, () => languagePicker(tag));
}
