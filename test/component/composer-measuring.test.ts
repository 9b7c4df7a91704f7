import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../../src/chat/chat-slice';
import { eventually, mountWidget, typeInto } from './helpers';

// The text box as tall as its draft where the engine has no `field-sizing` (Firefox, Safari): the widget
// measures the draft, except one over the message cap. Where it has it, composer-height.test.ts.

/** The text's height the fake layout reports for the text box. */
const TEXT_HEIGHT = 66;
let textBoxMeasures = 0;

beforeEach(() => {
  // The window hands out a new CSS object on each read: the method is its class's.
  vi.spyOn(Object.getPrototypeOf(CSS) as typeof CSS, 'supports').mockImplementation(
    (property: string) => property !== 'field-sizing',
  );
  textBoxMeasures = 0;
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (!(this instanceof HTMLTextAreaElement)) return 0;
    textBoxMeasures += 1;
    return TEXT_HEIGHT;
  });
});

describe('the text box where the engine has no field-sizing', () => {
  it('is measured for a draft and fills to its maximum unmeasured for one over the cap', async () => {
    const { el, findByRole, getByRole } = await mountWidget();
    el.startChat();
    const box = (await findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    const send = () => getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    typeInto(box, 'Do you have the linen shirt in a medium size, shipped to Lisbon?');
    await eventually(() => expect(send().disabled).toBe(false));
    await eventually(() => expect(box.style.height).toBe(`${TEXT_HEIGHT}px`));
    expect(textBoxMeasures).toBeGreaterThan(0);

    textBoxMeasures = 0;
    typeInto(box, 'a'.repeat(MAX_MESSAGE_LENGTH + 1));
    await eventually(() => expect(send().disabled).toBe(true));
    expect(box.style.height).toBe('100vh');
    expect(textBoxMeasures).toBe(0);
  });
});
