/**
 * The script a store pastes: defines `<store-assistant>` once and exposes `window.StoreAssistant.version`.
 * A second copy of the script on the page logs a warning and changes nothing.
 *
 * Loading is staged so the store's page never sees a long task: this script's own task evaluates the
 * widget's own modules (plain functions and constants, cheap) and registers the global; ReactDOM, through
 * r2wc, is evaluated in the next task; the element is defined in the one after, and React renders in its
 * own. The one-file build keeps everything inside this script; `import()` only decides when each part is
 * evaluated. Only third-party code sits behind `import()`: the bundler wraps every module reached through
 * one in a lazy initialiser, which would cost our own modules about 1 KB gzip.
 */
import { nextTask } from './shared/next-task';
import { createStoreAssistantElement } from './element/store-assistant-element';
import { VERSION } from './shared/version';

/** The tag name of the element. */
export const TAG_NAME = 'store-assistant';

async function define(): Promise<void> {
  await nextTask();
  const { default: r2wc } = await import('@r2wc/react-to-web-component');
  await nextTask();
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, createStoreAssistantElement(r2wc));
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
  define().catch((error: unknown) => console.error('[store-assistant] could not start', error));
}

defineOnce();
