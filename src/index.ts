/**
 * The script a store pastes: defines `<store-assistant>` once and exposes `window.StoreAssistant.version`.
 * A second copy of the script on the page logs a warning and changes nothing.
 */
import { StoreAssistantElement } from './element/store-assistant-element';
import { VERSION } from './version';

/** The tag name of the element. */
export const TAG_NAME = 'store-assistant';

interface StoreAssistantGlobal {
  readonly version: string;
}

declare global {
  interface Window {
    StoreAssistant?: StoreAssistantGlobal;
  }
}

function defineOnce(): void {
  if (window.StoreAssistant || customElements.get(TAG_NAME)) {
    console.warn(
      `[store-assistant] the script was loaded more than once; version ${window.StoreAssistant?.version ?? 'unknown'} is already running and this copy (${VERSION}) does nothing.`,
    );
    return;
  }
  Object.defineProperty(window, 'StoreAssistant', {
    value: Object.freeze({ version: VERSION }),
    configurable: false,
    enumerable: true,
    writable: false,
  });
  customElements.define(TAG_NAME, StoreAssistantElement);
}

defineOnce();
