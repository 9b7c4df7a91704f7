import { stripInvisible } from '../../common/invisible-characters';
import { own } from '../../common/own';
import { capText, cutText } from '../../common/text-cut';
import { decodeEntities } from '../markdown/visible-text';

/** Suggestions shown under a reply at most. */
export const MAX_SUGGESTIONS = 6;
/** Longest suggestion label, in characters; longer ones are cut. */
export const MAX_SUGGESTION_LENGTH = 80;
/** Keys whose value is a list of suggested next messages (n8n nests them under `output`). */
export const SUGGESTION_KEYS = ['suggestions', 'quickReplies'] as const;

/**
 * One label: a string, its bidirectional controls, zero-width and control characters removed (they can
 * make a label read other than it is), white space folded, cut to length.
 */
function label(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = stripInvisible(value)
    .replace(/[\u0000-\u001F\u007F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return capText(text, MAX_SUGGESTION_LENGTH);
}

/**
 * The suggestions of a reply value: a list of strings under `suggestions` or `quickReplies`, read as
 * own properties only, character references decoded as text. At most {@link MAX_SUGGESTIONS}, each at
 * most {@link MAX_SUGGESTION_LENGTH} characters; empty ones, duplicates and anything but strings are
 * dropped.
 */
export function suggestionsOf(record: unknown): string[] {
  const list = SUGGESTION_KEYS.map((key) => own(record, key)).find(Array.isArray);
  // Character references read as text (`Fish &amp; Chips`), decoded once, here, where labels come in.
  const decoded = list
    ?.slice(0, 100)
    .map((item: unknown) =>
      typeof item === 'string' ? decodeEntities(cutText(item, MAX_SUGGESTION_LENGTH * 10)) : item,
    );
  return decoded ? cleanSuggestions(decoded) : [];
}

/** Cleans a list of suggestions from untrusted input (see {@link suggestionsOf}). */
export function cleanSuggestions(list: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of list.slice(0, 100)) {
    const text = label(item);
    if (text === null || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    result.push(text);
    if (result.length === MAX_SUGGESTIONS) break;
  }
  return result;
}
