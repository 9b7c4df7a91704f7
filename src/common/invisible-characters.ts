/**
 * Characters that change what a visitor reads without being seen: the bidirectional embeddings and
 * overrides (U+202A to U+202E), isolates (U+2066 to U+2069) and marks (U+200E, U+200F), the zero-width
 * space, joiners and word joiner (U+200B to U+200D, U+2060), the invisible operators next to them
 * (U+2061 to U+2064) and the byte-order mark (U+FEFF). A prompt-injected reply or a pasted brand name can
 * use them to reverse or pad the text a visitor reads.
 */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** `text` without bidirectional controls and zero-width characters (see {@link INVISIBLE}). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
