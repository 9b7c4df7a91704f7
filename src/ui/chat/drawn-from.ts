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
 * Where the drawn part of a conversation starts. A conversation shown anew (the list appears, or
 * another conversation opens) with more than {@link FIRST_DRAWN} messages draws them as transitions,
 * which React renders in short slices: its newest {@link FIRST_DRAWN} first, then the older ones a chunk
 * at a time, so it opens without a long task however long it is. A short one is drawn at once. Messages
 * added to a conversation on screen are always drawn.
 */
export function useDrawnFrom(conversation: string, count: number, chunkSize: number): number {
  const [drawn, setDrawn] = useState(() => ({ conversation, from: initialFrom(count) }));
  /** The latest committed count, for the transitions' updates to read (kept in a layout effect, not during render). */
  const totalRef = useRef(count);
  useLayoutEffect(() => {
    totalRef.current = count;
  });
  let { from } = drawn;
  if (drawn.conversation !== conversation) {
    // Adjusting state while rendering: React renders again at once, before anything is drawn.
    from = initialFrom(count);
    setDrawn({ conversation, from });
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
  }, [from, chunkSize]);
  return Math.min(from, count);
}
