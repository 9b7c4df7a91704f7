import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../../src/chat/chat-slice';
import { fakeTextBoxLayout, openComposer } from './composer';
import { eventually, typeInto } from './helpers';

// The text box as tall as its draft where the engine sizes it itself (`field-sizing: content`): the
// widget measures nothing, on no keystroke. Where it does not, composer-measuring.test.ts.

let layout: { measures: number };
beforeEach(() => {
  layout = fakeTextBoxLayout(true, 66);
});

describe('the text box where the engine has field-sizing', () => {
  it('is not measured as the visitor types, over the cap included, and gets no height of ours', async () => {
    const { box, send } = await openComposer();
    typeInto(box, 'Do you have the linen shirt in a medium size, shipped to Lisbon?');
    await eventually(() => expect(send().disabled).toBe(false));
    typeInto(box, 'One\nTwo\nThree');
    await eventually(() => expect(box.getAttribute('rows')).toBe('3'));
    typeInto(box, 'a'.repeat(MAX_MESSAGE_LENGTH + 1));
    await eventually(() => expect(send().disabled).toBe(true));
    expect(layout.measures).toBe(0);
    expect(box.style.height).toBe('');
  });
});
