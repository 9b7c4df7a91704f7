import { visitorLanguage } from '../i18n/language-choice';

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
 * Follows the page's `<html lang>` while told to: `follow(true)` starts calling `onChange` on each change,
 * `follow(false)` stops. Told either twice, it does nothing more.
 */
export function pageLanguageFollower(onChange: () => void): (follow: boolean) => void {
  let stop: (() => void) | null = null;
  return (follow) => {
    if (follow && !stop) stop = watchPageLanguage(onChange);
    else if (!follow && stop) {
      stop();
      stop = null;
    }
  };
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
