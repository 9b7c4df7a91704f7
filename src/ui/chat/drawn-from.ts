import { startTransition, useEffect, useState } from 'react';

/** How many of its newest messages a conversation shown anew draws at once: more than a screenful. */
export const FIRST_DRAWN = 4;

/** The start of the block of `size` messages that index `at` falls in. */
const blockStart = (at: number, size: number) => Math.floor(at / size) * size;

/**
 * Where the drawn part of a conversation starts. A conversation shown anew (the list appears, or
 * another conversation opens) first draws only its newest {@link FIRST_DRAWN} messages, so it opens
 * at once however long it is; the older ones follow a chunk at a time as transitions, which React
 * renders in short slices. Messages added to a conversation on screen are always drawn.
 */
export function useDrawnFrom(conversation: string, count: number, chunkSize: number): number {
  const [drawn, setDrawn] = useState(() => ({ conversation, from: Math.max(0, count - FIRST_DRAWN) }));
  let { from } = drawn;
  if (drawn.conversation !== conversation) {
    // Adjusting state while rendering: React renders again at once, before anything is drawn.
    from = Math.max(0, count - FIRST_DRAWN);
    setDrawn({ conversation, from });
  }
  useEffect(() => {
    if (from === 0) return;
    startTransition(() => setDrawn((previous) => ({ ...previous, from: blockStart(Math.max(0, previous.from - 1), chunkSize) })));
  }, [from, chunkSize]);
  return Math.min(from, count);
}
