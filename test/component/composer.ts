import { vi } from 'vitest';
import { mountWidget } from './helpers';

/** A mounted widget in its chat view: the composer's text box and its Send button. */
export async function openComposer() {
  const mounted = await mountWidget();
  mounted.el.startChat();
  const box = (await mounted.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
  const send = () => mounted.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  return { ...mounted, box, send };
}

/**
 * A layout engine with or without `field-sizing: content` (what `CSS.supports` answers for it), in which
 * a text box's `scrollHeight` (reading it is what measuring the box costs) is `textHeight`. `measures`
 * counts those reads. Call it before the widget is first shown: the widget asks the engine once.
 */
export function fakeTextBoxLayout(fieldSizing: boolean, textHeight: number): { measures: number } {
  const counted = { measures: 0 };
  // The window hands out a new CSS object on each read: the method is its class's.
  vi.spyOn(Object.getPrototypeOf(CSS) as typeof CSS, 'supports').mockImplementation(
    (property: string) => property !== 'field-sizing' || fieldSizing,
  );
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (!(this instanceof HTMLTextAreaElement)) return 0;
    counted.measures += 1;
    return textHeight;
  });
  return counted;
}
