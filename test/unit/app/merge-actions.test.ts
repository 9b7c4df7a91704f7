import { describe, expect, it } from 'vitest';
import { mergeActions } from '../../../src/app/merge-actions';

describe('mergeActions', () => {
  it('joins groups of actions into one object, each action as it was given', () => {
    const send = (text: string) => text.length > 0;
    const open = () => undefined;
    const merged = mergeActions({ send }, { open }, {});
    expect(merged).toEqual({ send, open });
    // The joined type keeps each action's own signature.
    const sent: boolean = merged.send('Hi');
    expect(sent).toBe(true);
  });

  it('refuses an action two groups give, as a type error and when the actions are joined', () => {
    const first = { send: () => true, open: () => undefined };
    const second = { close: () => undefined, send: () => false };
    // @ts-expect-error `send` is given by two groups: the later one would silently win in a spread
    expect(() => mergeActions(first, second)).toThrow('the action "send" is given twice');
    // A cast that hides the key from the type check still meets the check at run time.
    expect(() => mergeActions(first, { retry: () => undefined }, second as object)).toThrow('"send" is given twice');
  });
});
