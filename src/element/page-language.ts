import { visitorLanguage } from '../i18n/resolve';

/**
 * The visitor's language for an element whose `lang` attribute reads `asked` (null when absent): the
 * attribute, else the page's `<html lang>`, else the browser's languages in the visitor's order; the
 * first with a built-in language wins, English when none has.
 */
export function pageLanguage(asked: string | null, doc: Document = document, nav: Navigator = navigator): string {
  const browser = nav.languages?.length ? nav.languages : [nav.language];
  return visitorLanguage([asked, doc.documentElement.lang, ...browser]);
}

/**
 * Calls `onChange` when the page's `<html lang>` changes (a store's language switcher, a translation
 * extension). Returns the function that stops watching.
 */
export function watchPageLanguage(onChange: () => void, doc: Document = document): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
