/**
 * Puts the widget's stylesheet into a shadow root. Constructed stylesheets are shared by every widget
 * on the page and pass a strict CSP (no 'unsafe-inline'); browsers without them get a <style> element.
 */
let sharedSheet: CSSStyleSheet | null = null;

export function adoptStyles(shadowRoot: ShadowRoot, cssText: string): void {
  if (
    'adoptedStyleSheets' in shadowRoot &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    if (!sharedSheet) {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(cssText);
    }
    shadowRoot.adoptedStyleSheets = [sharedSheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = cssText;
  shadowRoot.prepend(style);
}
