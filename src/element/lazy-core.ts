import * as core from './element-core';

/** What element-core.ts exports. */
export type ElementCore = typeof core;

/**
 * The element's core (element-core.ts). Here, where tests and bundled pages import the widget's modules,
 * it is an ordinary import. In the built script the build replaces this module with a lazy one
 * (build/lazy-core.mjs): the core's modules are evaluated on the first call, synchronously, not when the
 * script runs, so a page view whose visitor never reaches for the widget evaluates only the first view's.
 */
export function elementCore(): ElementCore {
  return core;
}

/**
 * Steps that together evaluate the core, for a set-up that runs each in a task of its own so that none is
 * a long task: in the built script the store's modules, then the views', then the rest (build/lazy-core.mjs);
 * here, where the core is an ordinary import, the one step that returns it.
 */
export function elementCoreInParts(): (() => unknown)[] {
  return [elementCore];
}
