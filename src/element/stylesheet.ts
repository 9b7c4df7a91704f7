/**
 * Puts stylesheets into a shadow root, in place of those it had: the first view's, then the first view's
 * and the rest. Constructed stylesheets are parsed once a page and shared by every widget on it, and pass
 * a strict CSP (no 'unsafe-inline'); browsers without them get one <style> element, whose text is replaced.
 */
import firstViewCss from '../ui/first-view.css?raw';
import restOfStylesheet from '../ui/styles.css?raw';

/** The first view's stylesheet (first-view.css): the launcher's rules and its two icons, first in the cascade. */
export const FIRST_VIEW_STYLESHEET = firstViewCss;
/** The widget's stylesheet beyond the first view's (styles.css): adopted after it. */
export const REST_OF_STYLESHEET = restOfStylesheet;
/** The whole stylesheet, as the shadow root adopts it once the widget is set up. */
export const WHOLE_STYLESHEET = [FIRST_VIEW_STYLESHEET, REST_OF_STYLESHEET] as const;

const sharedSheets = new Map<string, CSSStyleSheet>();
const styleElements = new WeakMap<ShadowRoot, HTMLStyleElement>();

/** The constructed stylesheet of `cssText`, parsed once a page. */
function sharedSheet(cssText: string): CSSStyleSheet {
  let sheet = sharedSheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sharedSheets.set(cssText, sheet);
  }
  return sheet;
}

export function adoptStyles(shadowRoot: ShadowRoot, cssTexts: readonly string[]): void {
  if (
    'adoptedStyleSheets' in shadowRoot &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    shadowRoot.adoptedStyleSheets = cssTexts.map(sharedSheet);
    return;
  }
  let style = styleElements.get(shadowRoot);
  if (!style) {
    style = document.createElement('style');
    styleElements.set(shadowRoot, style);
    shadowRoot.prepend(style);
  }
  style.textContent = cssTexts.join('\n');
}
