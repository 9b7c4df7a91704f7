/**
 * Transcript merging: final transcript fragments from a call become transcript entries.
 *
 * - Text shorter than {@link MIN_TEXT_LENGTH} characters (trimmed) is dropped.
 * - A fragment with more than {@link DUPLICATE_OVERLAP} of its words in the speaker's previous fragment
 *   is a duplicate and is dropped.
 * - A fragment from the same speaker less than {@link MERGE_WINDOW_MS} after that speaker's entry was
 *   last extended is merged into it; anything else starts a new entry.
 *
 * - No entry is longer than {@link MAX_TRANSCRIPT_LINE}: a fragment longer than that is cut (with "…"),
 *   and a merge that would pass it starts a new entry instead, so nothing said is lost.
 *
 * Each fragment is compared with the previous fragment, not with the growing entry, so merging n
 * fragments costs O(total text): linear, however long one speaker talks.
 */
import { capText, cutText } from '../common/text-cut';

/** Who spoke. */
export type Speaker = 'user' | 'assistant';

/** One final transcript fragment, as the voice provider reports it. */
export interface TranscriptFragment {
  role: Speaker;
  text: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/** One entry of the running transcript: role, text and timestamp in milliseconds. */
export interface TranscriptEntry {
  role: Speaker;
  text: string;
  /** When the entry was last extended. */
  timestamp: number;
}

export const MERGE_WINDOW_MS = 3000;
export const DUPLICATE_OVERLAP = 0.85;
export const MIN_TEXT_LENGTH = 3;
/**
 * Longest transcript line, in characters: the cap of a chat reply, for the same reasons. Laying out
 * far more in one go is a long task on the store's page, it is sent again as history with every later
 * message, and saved conversations would not keep it.
 */
export const MAX_TRANSCRIPT_LINE = 10_000;
/** Raw text read from one fragment at most, before white space is folded: enough to fill a line. */
const MAX_FRAGMENT_READ = MAX_TRANSCRIPT_LINE * 2;

/** The words of `text`: lower-cased, punctuation removed. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The share of `fragment`'s words that also occur in `previous` (each occurrence counted once). */
export function wordOverlap(fragment: string, previous: string): number {
  const fragmentWords = words(fragment);
  if (fragmentWords.length === 0) return 0;
  const available = new Map<string, number>();
  for (const word of words(previous)) available.set(word, (available.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of fragmentWords) {
    const count = available.get(word) ?? 0;
    if (count > 0) {
      shared += 1;
      available.set(word, count - 1);
    }
  }
  return shared / fragmentWords.length;
}

/** What adding a fragment did. */
export type MergeResult = 'dropped-short' | 'dropped-duplicate' | 'merged' | 'added';

/** The merging state: the entries so far and each speaker's previous fragment. */
export interface TranscriptState {
  readonly entries: readonly TranscriptEntry[];
  readonly previous: Readonly<Partial<Record<Speaker, TranscriptFragment>>>;
}

export const EMPTY_TRANSCRIPT: TranscriptState = { entries: [], previous: {} };

/** The fragment's text, white space folded, within {@link MAX_TRANSCRIPT_LINE}; a megabyte costs no more than a line. */
function normalise(text: string): string {
  return capText(cutText(text, MAX_FRAGMENT_READ).trim().replace(/\s+/g, ' '), MAX_TRANSCRIPT_LINE);
}

/** Whether `text` still fits on the speaker's line `last`. */
function fits(last: TranscriptEntry, text: string): boolean {
  return last.text.length + 1 + text.length <= MAX_TRANSCRIPT_LINE;
}

/** The rules, in order: too short, duplicate of the speaker's previous fragment, same turn, new turn. */
function classify(
  text: string,
  fragment: TranscriptFragment,
  previous: TranscriptFragment | undefined,
  last: TranscriptEntry | undefined,
): MergeResult {
  if (text.length < MIN_TEXT_LENGTH) return 'dropped-short';
  if (previous && wordOverlap(text, previous.text) > DUPLICATE_OVERLAP) return 'dropped-duplicate';
  if (last && last.role === fragment.role && fragment.timestamp - last.timestamp < MERGE_WINDOW_MS && fits(last, text))
    return 'merged';
  return 'added';
}

/**
 * Adds one fragment. Returns the new state (the input is not changed) and what happened. Only the last
 * entry can change, so a renderer can keep the rest.
 */
export function addFragment(
  state: TranscriptState,
  fragment: TranscriptFragment,
): { state: TranscriptState; result: MergeResult } {
  const text = normalise(fragment.text);
  const last = state.entries[state.entries.length - 1];
  const result = classify(text, fragment, state.previous[fragment.role], last);
  if (result === 'dropped-short' || result === 'dropped-duplicate') return { state, result };
  const previous = { ...state.previous, [fragment.role]: { ...fragment, text } };
  const entries =
    result === 'merged' && last
      ? [
          ...state.entries.slice(0, -1),
          { role: last.role, text: `${last.text} ${text}`, timestamp: fragment.timestamp },
        ]
      : [...state.entries, { role: fragment.role, text, timestamp: fragment.timestamp }];
  return { state: { entries, previous }, result };
}

/**
 * Merges a whole list of fragments into transcript entries in one linear pass: the batch form of
 * {@link addFragment}, which copies the entry list on every call.
 */
export function mergeTranscript(fragments: readonly TranscriptFragment[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const previous: Partial<Record<Speaker, TranscriptFragment>> = {};
  for (const fragment of fragments) {
    const text = normalise(fragment.text);
    const last = entries[entries.length - 1];
    const result = classify(text, fragment, previous[fragment.role], last);
    if (result === 'dropped-short' || result === 'dropped-duplicate') continue;
    previous[fragment.role] = { ...fragment, text };
    if (result === 'merged' && last) {
      last.text += ` ${text}`;
      last.timestamp = fragment.timestamp;
    } else {
      entries.push({ role: fragment.role, text, timestamp: fragment.timestamp });
    }
  }
  return entries;
}
