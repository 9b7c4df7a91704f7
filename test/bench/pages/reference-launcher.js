// The reference launchers of the first-view group: what drawing a launcher costs when almost no code
// runs. Appended to the floor of our bytes (the bundle as a function never called), with a call of
// `defineReferenceLauncher(stylesheet, markup)` after it (test/bench/mobile-pages.mjs), this defines
// <store-assistant> with a constructor and a connectedCallback only: an open shadow root, one
// constructed stylesheet, and the launcher's markup as one HTML string with its icon inline. The
// stylesheet and the markup are either a few rules of its own, or the widget's own first-view stylesheet
// with the markup the widget draws first. Nothing is read from the attributes, the theme, the saved
// theme or the language.
window.defineReferenceLauncher = function (stylesheet, markup) {
  customElements.define(
    'store-assistant',
    class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' });
      }
      connectedCallback() {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(stylesheet);
        this.shadowRoot.adoptedStyleSheets = [sheet];
        this.style.setProperty('--sa-primary-gradient', 'linear-gradient(135deg, #4f46e5 0%, #7c3aed 100%)');
        this.style.setProperty('--sa-on-primary', '#ffffff');
        const template = document.createElement('template');
        template.innerHTML = markup;
        this.shadowRoot.append(template.content);
      }
    },
  );
};
