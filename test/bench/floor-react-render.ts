// React rendering one empty element: the floor's whole work (see floor-react-entry.ts).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders an empty element, 1 pixel high so the benchmark sees it drawn, into `root`. */
export function renderEmpty(root: ShadowRoot): void {
  createRoot(root).render(createElement('div', { id: 'floor-rendered', style: { height: 1 } }));
}
