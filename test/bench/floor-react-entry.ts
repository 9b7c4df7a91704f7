// The React floor of the mobile benchmark: React and ReactDOM, built through the widget's own pipeline,
// rendering one empty element into a shadow root when the page has its host. Nothing can start a React
// widget for less; the benchmark puts it beside ours. (ReactDOM sits behind import(), as in the widget:
// the build's module helpers expect one.)
class FloorHost extends HTMLElement {
  connectedCallback(): void {
    const root = this.attachShadow({ mode: 'open' });
    void import('./floor-react-render').then(({ renderEmpty }) => renderEmpty(root));
  }
}

customElements.define('floor-host', FloorHost);
