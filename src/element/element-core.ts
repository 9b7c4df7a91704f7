/**
 * Everything the element needs beyond its first view: the store and its features, the browser's side
 * effects, analytics, React and its tree, and the open card's viewport. The element reaches it only
 * through {@link elementCore} (lazy-core.ts), so in the built script none of it is evaluated before the
 * element asks for it: the first view (a floating launcher, an inline card's greeting) is drawn from
 * attributes.ts, app/first-view-state.ts, launcher-shell.ts and card-shell.ts alone.
 */
export { createAssistant, type Assistant } from '../app/assistant';
export { browserDeps } from '../app/deps';
export { dataLayerEntries, pushToDataLayer } from '../analytics/data-layer';
export { deferredReactRenderer } from './deferred-react';
export { ElementRoot } from './element-root';
export { coverViewport, measureViewport } from './mobile-viewport';
