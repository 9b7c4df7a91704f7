/**
 * The script a store pastes: defines `<store-assistant>` once and exposes `window.StoreAssistant.version`.
 * A second copy of the script on the page logs a warning and changes nothing; a page element whose id is
 * `StoreAssistant` is not taken for a copy.
 *
 * Loading is staged so the store's page never sees a long task, and a floating launcher (or an inline card's
 * greeting) is on the screen in the frame after the script: this script's own task evaluates only the
 * element's definition (its class and the names of the attributes it observes), registers the global and
 * defines the element. The first view's modules (the attributes' parsing, the theme, the language, the views
 * drawn in plain DOM) are evaluated when an element first draws (element/first-view-code.ts, reached the same
 * way as the core below); an element the page's parser creates draws its first view at once, one a deferred
 * script upgrades three tasks later (its code evaluated, then its attributes read, in the tasks between),
 * and the rest waits until that is painted and the page is idle, or the visitor reaches for it
 * (element/store-assistant-element.tsx): the rest of the widget's modules are evaluated then
 * (element/element-core.ts, which the build reaches through a synchronous `require()`:
 * build/lazy-core.mjs), its store made, then configured, in tasks of their own;
 * ReactDOM is evaluated in a later task of its own, and React renders in the one after
 * (element/deferred-react.ts). The one-file build keeps everything inside this script: the lazy initialisers
 * only decide when each module runs.
 */
import { createStoreAssistantElement } from './element/store-assistant-element';
import { VERSION } from './common/version';
import { RUNNING_COPY_KEY } from './element/globals';

/** The tag name of the element. */
export const TAG_NAME = 'store-assistant';

/**
 * The version of a copy of the script already running, '' when its version is unknown, or null when none
 * is. Read from what only the script sets: its symbol on `window`, or the element's definition (an older
 * copy), with `window.StoreAssistant` trusted for the version only when it is the script's own object, not
 * a page element exposed by its id.
 */
function runningCopy(): string | null {
  const recorded = Object.getOwnPropertyDescriptor(window, RUNNING_COPY_KEY)?.value as
    { version?: unknown } | undefined;
  if (typeof recorded?.version === 'string') return recorded.version;
  if (!customElements.get(TAG_NAME)) return null;
  const global = Object.getOwnPropertyDescriptor(window, 'StoreAssistant')?.value as { version?: unknown } | undefined;
  return typeof global?.version === 'string' && !(global instanceof Element) ? global.version : '';
}

function defineOnce(): void {
  const running = runningCopy();
  if (running !== null) {
    console.warn(
      `[store-assistant] the script was loaded more than once; version ${running || 'unknown'} is already running and this copy (${VERSION}) does nothing.`,
    );
    return;
  }
  const global = Object.freeze({ version: VERSION });
  const property = { value: global, configurable: false, enumerable: false, writable: false };
  Object.defineProperty(window, RUNNING_COPY_KEY, property);
  try {
    // An own property hides a page element of the same id; a page that already defined it keeps its own.
    Object.defineProperty(window, 'StoreAssistant', { ...property, enumerable: true });
  } catch {
    // window.StoreAssistant was set by the page and cannot be replaced: the widget works without it.
  }
  try {
    customElements.define(TAG_NAME, createStoreAssistantElement());
  } catch (error) {
    console.error('[store-assistant] could not start', error);
  }
}

defineOnce();
