import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../../src/chat/chat-slice';
import { eventually, mountWidget, typeInto } from './helpers';

// The text box as tall as its draft where the engine sizes it itself (`field-sizing: content`): the
// widget measures nothing, on no keystroke. Where it does not, composer-measuring.test.ts.

let textBoxMeasures = 0;

beforeEach(() => {
  // The window hands out a new CSS object on each read: the method is its class's.
  vi.spyOn(Object.getPrototypeOf(CSS) as typeof CSS, 'supports').mockImplementation(
    (property: string) => property === 'field-sizing',
  );
  const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  textBoxMeasures = 0;
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (this instanceof HTMLTextAreaElement) textBoxMeasures += 1;
    return (scrollHeight?.get?.call(this) as number | undefined) ?? 0;
  });
});

describe('the text box where the engine has field-sizing', () => {
  it('is not measured as the visitor types, over the cap included, and gets no height of ours', async () => {
    const { el, findByRole, getByRole } = await mountWidget();
    el.startChat();
    const box = (await findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    const send = () => getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    typeInto(box, 'Do you have the linen shirt in a medium size, shipped to Lisbon?');
    await eventually(() => expect(send().disabled).toBe(false));
    typeInto(box, 'One\nTwo\nThree');
    await eventually(() => expect(box.getAttribute('rows')).toBe('3'));
    typeInto(box, 'a'.repeat(MAX_MESSAGE_LENGTH + 1));
    await eventually(() => expect(send().disabled).toBe(true));
    expect(textBoxMeasures).toBe(0);
    expect(box.style.height).toBe('');
  });
});
