/**
 * Cutting text to a length without breaking a character. A cut inside a surrogate pair shows "�" (and
 * sends it on); a cut inside a grapheme cluster (an emoji with a skin tone, a family, a flag, a letter
 * with its accent) shows half of it. Every length cap on text goes through here.
 */

/** What is read past the cut point to find the cluster it falls in: more than any real cluster spans. */
const LOOKAHEAD = 64;

let segmenter: Intl.Segmenter | null | undefined;

function graphemes(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    try {
      segmenter =
        typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
          ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
          : null;
    } catch {
      segmenter = null;
    }
  }
  return segmenter;
}

/** Whether the UTF-16 unit at `index` is the first half of a surrogate pair. */
function isHighSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The longest start of `text` that is at most `max` UTF-16 units long and ends between two graphemes.
 * Without `Intl.Segmenter` it still never ends inside a surrogate pair. Only the text near the cut is
 * segmented, so cutting a megabyte costs no more than cutting a line.
 */
export function cutText(text: string, max: number): string {
  const limit = Math.max(0, Math.floor(max));
  if (text.length <= limit) return text;
  const segments = graphemes()?.segment(text.slice(0, limit + LOOKAHEAD));
  const end = segments ? (segments.containing(limit)?.index ?? limit) : limit;
  return text.slice(0, end > 0 && isHighSurrogate(text, end - 1) ? end - 1 : end);
}

/**
 * `text` within `max` UTF-16 units: unchanged when it fits, else cut on a grapheme boundary, trailing
 * white space dropped, and `…` added (the ellipsis counts towards `max`).
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${cutText(text, max - 1).trimEnd()}…`;
}
