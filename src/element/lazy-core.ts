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
