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
