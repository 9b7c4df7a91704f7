import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/**
 * React's switch for tests: on, `act()` flushes every update made inside it before returning, and React warns
 * of an update made outside it (one a test forgot to wait for).
 */
export function setActEnvironment(on: boolean): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
}

/** A React root of a test, in a container of its own attached to the document. */
export interface TestRoot {
  container: HTMLElement;
  root: Root;
}

/**
 * For each test of the calling file or `describe` block: React runs in its act environment, and every root
 * made by the returned function is unmounted, and its container removed, once the test ends (failed or not).
 * A test renders with `const { root } = newRoot(); act(() => root.render(…))`.
 */
export function reactRootsPerTest(): () => TestRoot {
  const made: TestRoot[] = [];
  beforeEach(() => setActEnvironment(true));
  afterEach(() => {
    for (const { container, root } of made.splice(0)) {
      act(() => root.unmount());
      container.remove();
    }
    setActEnvironment(false);
  });
  return () => {
    const container = document.body.appendChild(document.createElement('div'));
    const made1 = { container, root: createRoot(container) };
    made.push(made1);
    return made1;
  };
}
