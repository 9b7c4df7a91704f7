import * as code from './first-view-code';

/** What first-view-code.ts exports. */
export type FirstViewCode = typeof code;

/**
 * The first view's code (first-view-code.ts). Here, where tests and bundled pages import the widget's
 * modules, it is an ordinary import. In the built script the build replaces this module with a lazy one
 * (build/lazy-core.mjs): those modules are evaluated on the first call, synchronously, so the script's own
 * task defines the element and evaluates nothing else. An element upgraded by a deferred script evaluates
 * them in a task of their own before it draws (store-assistant-element.tsx).
 */
export function firstViewCode(): FirstViewCode {
  return code;
}
