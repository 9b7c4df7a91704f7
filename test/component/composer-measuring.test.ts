import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../../src/chat/chat-slice';
import { fakeTextBoxLayout, openComposer } from './composer';
import { eventually, typeInto } from './helpers';

// The text box as tall as its draft where the engine has no `field-sizing` (Firefox, Safari): the widget
// measures the draft, except one over the message cap. Where it has it, composer-height.test.ts.

/** The text's height the fake layout reports for the text box. */
const TEXT_HEIGHT = 66;
let layout: { measures: number };
beforeEach(() => {
  layout = fakeTextBoxLayout(false, TEXT_HEIGHT);
});

describe('the text box where the engine has no field-sizing', () => {
  it('is measured for a draft and fills to its maximum unmeasured for one over the cap', async () => {
    const { box, send } = await openComposer();
    typeInto(box, 'Do you have the linen shirt in a medium size, shipped to Lisbon?');
    await eventually(() => expect(box.style.height).toBe(`${TEXT_HEIGHT}px`));
    expect(layout.measures).toBeGreaterThan(0);

    layout.measures = 0;
    typeInto(box, 'a'.repeat(MAX_MESSAGE_LENGTH + 1));
    await eventually(() => expect(send().disabled).toBe(true));
    expect(box.style.height).toBe('100vh');
    expect(layout.measures).toBe(0);
  });
});
