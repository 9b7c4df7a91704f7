import { within } from '@testing-library/dom';
import { vi } from 'vitest';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import '../../src/index';

/** A mounted widget: the element, its shadow root, and Testing Library queries scoped to that root. */
export type Mounted = ReturnType<typeof withinWidget> & { el: StoreAssistantElement; root: ShadowRoot };

function withinWidget(root: ShadowRoot) {
  return within(root as unknown as HTMLElement);
}

/** Creates `<store-assistant>` with `attributes`, attaches it and waits for its first render. */
export async function mountWidget(attributes: Record<string, string> = {}, parent: ParentNode = document.body): Promise<Mounted> {
  await customElements.whenDefined('store-assistant');
  const el = document.createElement('store-assistant') as StoreAssistantElement;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  parent.append(el);
  const root = el.shadowRoot as ShadowRoot;
  await vi.waitFor(() => {
    if (!root.querySelector('.card')) throw new Error('the widget has not rendered');
  });
  return { el, root, ...withinWidget(root) };
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

/** Waits until `check` stops throwing. */
export function eventually(check: () => void): Promise<void> {
  return vi.waitFor(check, { timeout: 2000, interval: 10 });
}
