/**
 * The script a store pastes: defines `<store-assistant>` once and exposes `window.StoreAssistant.version`.
 * A second copy of the script on the page logs a warning and changes nothing.
 *
 * Loading is staged so the store's page never sees a long task: this script's own task only registers
 * the global; React and ReactDOM are evaluated in the next task, the widget's modules in the one after,
 * and React renders in its own. The one-file build keeps everything inside this script; `import()` only
 * decides when each part is evaluated.
 */
import { nextTask } from './app/next-task';
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

async function define(): Promise<void> {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  const { StoreAssistantElement } = await import('./element/store-assistant-element');
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, StoreAssistantElement);
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
