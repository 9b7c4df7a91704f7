import { queries, within, type BoundFunctions } from '@testing-library/dom';
import { vi } from 'vitest';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import { eventually, PATIENCE_MS } from '../support/patience';
import { fakeFetch, textReply, type RecordedRequest } from '../support/fetch';
import '../../src/index';

export { eventually };

/** The webhook every mounted widget talks to unless a test sets another. */
export const TEST_WEBHOOK = 'https://hooks.example/webhook/chat';

/** A mounted widget: the element, its shadow root, Testing Library queries inside it, and the webhook's requests. */
export type Mounted = BoundFunctions<typeof queries> & {
  el: StoreAssistantElement;
  root: ShadowRoot;
  requests: RecordedRequest[];
};

export interface MountOptions {
  /** How the fake webhook answers; by default with a short plain-text reply. */
  reply?: (request: RecordedRequest) => Response | Promise<Response>;
  parent?: ParentNode;
  /** False for a widget whose app fails to render: it shows its error card and sends no ready event. */
  ready?: boolean;
}

/**
 * Creates `<store-assistant>` with `attributes` (a test webhook and `typing-speed="0"` unless given),
 * attaches it and waits for its first render. `window.fetch` answers as `options.reply` says.
 */
export async function mountWidget(
  attributes: Record<string, string> = {},
  options: MountOptions = {},
): Promise<Mounted> {
  await customElements.whenDefined('store-assistant');
  const { fetch, requests } = fakeFetch(options.reply ?? (() => textReply('Hello from the store')));
  vi.spyOn(window, 'fetch').mockImplementation(fetch);
  const el = document.createElement('store-assistant') as StoreAssistantElement;
  for (const [name, value] of Object.entries({ 'webhook-url': TEST_WEBHOOK, 'typing-speed': '0', ...attributes }))
    el.setAttribute(name, value);
  const ready = options.ready === false ? null : nextEvent(el, 'store-assistant:ready');
  (options.parent ?? document.body).append(el);
  const root = el.shadowRoot as ShadowRoot;
  // React's first render ends in the ready event. An inline or open card is part of it; a closed floating
  // card is built right after, in a transition of its own.
  await ready;
  await eventually(() => {
    if (!root.querySelector('.root .card')) throw new Error('the widget has rendered without its card');
  });
  // Testing Library's async queries want an element, not a shadow root: query inside the widget's root element.
  return { el, root, requests, ...within(root.querySelector('.root') as HTMLElement) };
}

/** Types into a React-controlled text box the way a visitor does (native value setter, then an input event). */
export function typeInto(field: HTMLTextAreaElement | HTMLInputElement, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Presses a key on `target`; returns whether the default action was allowed (false when the widget prevented it). */
export function pressKey(target: Element, key: string, options: KeyboardEventInit = {}): boolean {
  return target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }));
}

/**
 * Resolves with the next `type` event on `target` (listening from now on), or fails after
 * {@link PATIENCE_MS} if none comes.
 */
export function nextEvent<T = unknown>(target: EventTarget, type: string): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const hang = setTimeout(() => {
      target.removeEventListener(type, heard);
      reject(new Error(`no ${type} event within ${PATIENCE_MS} ms`));
    }, PATIENCE_MS);
    function heard(event: Event) {
      clearTimeout(hang);
      target.removeEventListener(type, heard);
      resolve(event as CustomEvent<T>);
    }
    target.addEventListener(type, heard);
  });
}
