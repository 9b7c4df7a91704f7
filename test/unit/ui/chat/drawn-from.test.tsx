import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { FIRST_DRAWN, useDrawnFrom } from '../../../../src/ui/chat/drawn-from';
import { reactRootsPerTest } from '../../../support/react-roots';

// Which messages a conversation draws, render by render: a long one opened answers the tap with the chat
// view alone, then draws its newest messages and the older ones a chunk at a time, each as a transition.

const CHUNK = 10;
const newRoot = reactRootsPerTest();

/** `count` messages of `conversation`, the same ids each time: message `n` is `<conversation>-<n>`. */
const messagesOf = (conversation: string, count: number, first = 0) =>
  Array.from({ length: count }, (_, index) => ({ id: `${conversation}-${first + index}` }));

/** Renders the hook for `conversation` of `count` messages and returns every value it returned, in order. */
async function drawnFromSteps(conversation: string, count: number) {
  const seen: number[] = [];
  function Probe({ id, total, first = 0 }: { id: string; total: number; first?: number }) {
    seen.push(useDrawnFrom(id, messagesOf(id, total, first), CHUNK));
    return null;
  }
  const { root } = newRoot();
  await act(async () => root.render(<Probe id={conversation} total={count} />));
  return {
    seen,
    rerender: (id: string, total: number, first = 0) =>
      act(async () => root.render(<Probe id={id} total={total} first={first} />)),
  };
}

/** The distinct values, in order (React may render a value more than once). */
const steps = (values: number[]) => values.filter((value, index) => value !== values[index - 1]);

describe('useDrawnFrom', () => {
  it(`draws a conversation of up to ${FIRST_DRAWN} messages whole, in its first render`, async () => {
    const { seen } = await drawnFromSteps('a', FIRST_DRAWN);
    expect(seen[0]).toBe(0);
    expect(steps(seen)).toEqual([0]);
  });

  it('opens a long conversation with nothing drawn, then its newest messages, then a chunk at a time', async () => {
    const { seen } = await drawnFromSteps('a', 35);
    expect(steps(seen)).toEqual([35, 35 - FIRST_DRAWN, 30, 20, 10, 0]);
  });

  it('starts again for another conversation, and always draws a message added to the one on screen', async () => {
    const { seen, rerender } = await drawnFromSteps('a', 12);
    expect(steps(seen)).toEqual([12, 8, 0]);
    seen.length = 0;
    await rerender('b', 25);
    expect(steps(seen)).toEqual([25, 21, 20, 10, 0]);
    seen.length = 0;
    await rerender('b', 26);
    expect(steps(seen)).toEqual([0]);
  });

  it(`draws a burst of more than ${FIRST_DRAWN} messages from its newest, then the older a chunk at a time`, async () => {
    const { seen, rerender } = await drawnFromSteps('a', 3);
    seen.length = 0;
    await rerender('a', 3 + FIRST_DRAWN);
    expect(steps(seen)).toEqual([0]);
    seen.length = 0;
    await rerender('a', 30);
    expect(steps(seen)).toEqual([30 - FIRST_DRAWN, 20, 10, 0]);
    // Capped: the oldest are dropped as the newest join, and the one that was newest is gone too.
    seen.length = 0;
    await rerender('a', 30, 100);
    expect(steps(seen)).toEqual([30 - FIRST_DRAWN, 20, 10, 0]);
    // One more joining a capped conversation (the oldest dropped) is drawn at once.
    seen.length = 0;
    await rerender('a', 30, 101);
    expect(steps(seen)).toEqual([0]);
  });
});
