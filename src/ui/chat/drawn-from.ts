import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How many of its newest messages a long conversation shown anew draws first: more than a screenful. */
export const FIRST_DRAWN = 4;

/** The start of the block of `size` messages that index `at` falls in. */
const blockStart = (at: number, size: number) => Math.floor(at / size) * size;

/**
 * Where a conversation shown anew starts drawing: a short one at once, whole; a longer one (a saved
 * conversation opened) with nothing, so the tap that opened it is answered with the chat view alone.
 */
const initialFrom = (count: number) => (count > FIRST_DRAWN ? count : 0);

/**
 * Whether more than {@link FIRST_DRAWN} messages joined since `before` was drawn: counted after the
 * message that was newest, or, when it is gone, the whole list if its oldest changed too (a burst of
 * pushed messages pushed them out). The newest alone gone (a failed reply Retry replaced) is no burst.
 */
function burstSince(messages: readonly { id: string }[], before: { oldest?: string; newest?: string }): boolean {
  if (messages.length <= FIRST_DRAWN) return false;
  for (let index = messages.length - 1; index >= 0; index -= 1)
    if (messages[index]?.id === before.newest) return messages.length - 1 - index > FIRST_DRAWN;
  return messages[0]?.id !== before.oldest;
}

/**
 * Where the drawn part of a conversation starts. A conversation shown anew (the list appears, or
 * another conversation opens) with more than {@link FIRST_DRAWN} messages draws them as transitions,
 * which React renders in short slices: its newest {@link FIRST_DRAWN} first, then the older ones a chunk
 * at a time, so it opens without a long task however long it is. A short one is drawn at once. A few
 * messages added to a conversation on screen are always drawn; more than {@link FIRST_DRAWN} at once (a
 * burst of pushed messages, a call's lines) are drawn as a conversation shown anew, from its newest.
 */
export function useDrawnFrom(conversation: string, messages: readonly { id: string }[], chunkSize: number): number {
  const count = messages.length;
  const newest = messages[count - 1]?.id;
  const oldest = messages[0]?.id;
  const [drawn, setDrawn] = useState(() => ({ conversation, oldest, newest, from: initialFrom(count) }));
  /** The latest committed count, for the transitions' updates to read (kept in a layout effect, not during render). */
  const totalRef = useRef(count);
  useLayoutEffect(() => {
    totalRef.current = count;
  });
  let { from } = drawn;
  // Adjusting state while rendering: React renders again at once, before anything is drawn.
  if (drawn.conversation !== conversation) {
    from = initialFrom(count);
    setDrawn({ conversation, oldest, newest, from });
  } else if (drawn.newest !== newest) {
    if (burstSince(messages, drawn)) from = count - FIRST_DRAWN;
    setDrawn({ conversation, oldest, newest, from });
  }
  useEffect(() => {
    if (from === 0) return;
    startTransition(() =>
      setDrawn((previous) => ({
        ...previous,
        from:
          previous.from >= totalRef.current
            ? Math.max(0, totalRef.current - FIRST_DRAWN)
            : blockStart(Math.max(0, previous.from - 1), chunkSize),
      })),
    );
    // After every commit until all is drawn: a burst that starts the drawing again while a step is
    // pending may leave the same `from` behind it, and the drawing must go on from there.
  });
  return Math.min(from, count);
}

/**
 * Where the messages drawn as markdown start, once the renderer is there. Present from the first render,
 * every message uses it at once. Arriving later (it loads with the first reply), the messages already
 * drawn change to markdown a chunk at a time from the newest, each a transition: a long conversation on
 * screen (or a burst of pushed messages) is not rendered again in one task, which a store update during a
 * single large transition would turn into a blocking render. Messages added meanwhile use it at once.
 */
export function useMarkdownFrom(ready: boolean, count: number, chunkSize: number): number {
  const [upgraded, setUpgraded] = useState(() => ({ ready, from: 0 }));
  let { from } = upgraded;
  if (upgraded.ready !== ready) {
    // Adjusting state while rendering, as above: none changes in the render the renderer arrives in.
    from = ready ? count : 0;
    setUpgraded({ ready, from });
  }
  useEffect(() => {
    if (from === 0) return;
    startTransition(() =>
      setUpgraded((previous) => ({ ...previous, from: blockStart(Math.max(0, previous.from - 1), chunkSize) })),
    );
  }, [from, chunkSize]);
  return Math.min(from, count);
}
