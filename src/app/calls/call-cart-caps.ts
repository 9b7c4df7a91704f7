/*
 * What a voice call may add to the cart without the visitor's click. A call's prompt carries the chat and
 * the page's text, so an instruction injected there can make the assistant call `add_to_cart` many times
 * in one message; the visitor asked aloud for what they want, which is a few items, one at a time.
 * Beyond these caps the add becomes a proposal the visitor confirms in the chat.
 */

/** Units one add may put in: "two of those" or "three" are what people say; more is confirmed. */
export const MAX_UNASKED_ADD_QUANTITY = 3;
/** Different products one call may add: a spoken order of more than five is rare enough to confirm. */
export const MAX_UNASKED_CALL_LINES = 5;
/** Units one call may add in all: ten covers a few products at a few each. */
export const MAX_UNASKED_CALL_UNITS = 10;
/** Adds in any minute: each is asked for and answered aloud, which takes more than ten seconds. */
export const MAX_UNASKED_ADDS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

/** Either why an add needs the visitor (for the assistant to say), or how to uncount it if the cart refuses. */
export type CapCheck = { overCap: string } | { release: () => void };

/**
 * The counts of what calls added at once: per call (by the time it connected) and over the last minute.
 * `reserve` checks an add against every cap and, when it fits, counts it (its `release` uncounts an add
 * the cart refused).
 */
export function createCallCartCaps(now: () => number) {
  let callKey: number | null = null;
  let lines = new Set<string>();
  let units = 0;
  let recent: number[] = [];

  const over = (variantId: string, quantity: number, time: number): string | null => {
    if (quantity > MAX_UNASKED_ADD_QUANTITY) return `more than ${MAX_UNASKED_ADD_QUANTITY} at once`;
    if (!lines.has(variantId) && lines.size >= MAX_UNASKED_CALL_LINES)
      return `more than ${MAX_UNASKED_CALL_LINES} different products in one call`;
    if (units + quantity > MAX_UNASKED_CALL_UNITS) return `more than ${MAX_UNASKED_CALL_UNITS} items in one call`;
    if (recent.filter((at) => time - at < MINUTE_MS).length >= MAX_UNASKED_ADDS_PER_MINUTE)
      return `more than ${MAX_UNASKED_ADDS_PER_MINUTE} adds in a minute`;
    return null;
  };

  return {
    reserve(call: number | null, variantId: string, quantity: number): CapCheck {
      if (call !== callKey) {
        callKey = call;
        lines = new Set();
        units = 0;
      }
      const time = now();
      recent = recent.filter((at) => time - at < MINUTE_MS);
      const overCap = over(variantId, quantity, time);
      if (overCap) return { overCap };
      const had = lines.has(variantId);
      lines.add(variantId);
      units += quantity;
      recent.push(time);
      const release = () => {
        if (!had) lines.delete(variantId);
        units -= quantity;
        recent.splice(recent.lastIndexOf(time), 1);
      };
      return { release };
    },
  };
}
