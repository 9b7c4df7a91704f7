/**
 * `window.StoreAssistant`, which the script sets (src/index.ts): part of the public contract, published
 * in store-assistant.d.ts from this declaration.
 */
export interface StoreAssistantGlobal {
  /** The version of the script running on the page. */
  readonly version: string;
}

declare global {
  interface Window {
    /** Set by the store-assistant script; a second copy of the script sees it and does nothing. */
    StoreAssistant?: StoreAssistantGlobal;
  }
}

/**
 * The key under which a running copy of the script records itself on `window`. A symbol, because a page
 * element with `id="StoreAssistant"` shows up as `window.StoreAssistant` (named access) and must not read
 * as an earlier copy; no element can create a symbol-keyed property.
 */
export const RUNNING_COPY_KEY = Symbol.for('store-assistant');
