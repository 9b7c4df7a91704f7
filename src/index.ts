/**
 * The script a store pastes: defines `<store-assistant>` once and exposes `window.StoreAssistant.version`.
 * A second copy of the script on the page logs a warning and changes nothing.
 *
 * Loading is staged so the store's page never sees a long task, and a floating launcher is on the screen
 * before the largest part of the script has run: this script's own task evaluates the widget's own
 * modules and React (plain functions and constants, cheap), registers the global and defines the element.
 * An element builds its store and draws its launcher in plain DOM as soon as it is connected; ReactDOM is
 * evaluated in a later task of its own, when the first element mounts, and React renders in the one
 * after (element/deferred-react.ts). The one-file build keeps everything inside this script; `import()`
 * only decides when ReactDOM is evaluated. Only third-party code sits behind `import()`: the bundler wraps
 * every module reached through one in a lazy initialiser, which would cost our own modules about 1 KB gzip.
 */
import { createStoreAssistantElement } from './element/store-assistant-element';
import { VERSION } from './common/version';

/** The tag name of the element. */
export const TAG_NAME = 'store-assistant';

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
  try {
    customElements.define(TAG_NAME, createStoreAssistantElement());
  } catch (error) {
    console.error('[store-assistant] could not start', error);
  }
}

defineOnce();
