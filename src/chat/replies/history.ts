import type { Message } from '../message';

/** One turn of the conversation as the webhook receives it. */
export interface HistoryItem {
  role: 'user' | 'assistant';
  content: string;
}

/** How many earlier turns each request carries. */
export const MAX_HISTORY_TURNS = 20;
/**
 * Characters of history each request carries at most, all turns together: the newest turns first, the
 * oldest that does not fit cut at its start. Enough for the last few full replies (10,000 characters
 * each at most) and many short turns; it keeps every request small however long the conversation, so
 * a long message is not sent again and again at full length with each later one.
 */
export const MAX_HISTORY_CHARACTERS = 24_000;

/** A markdown image with an inline data URL: the visitor's attachment. */
const DATA_IMAGE = /!\[[^\]]*\]\(data:image\/[^)]*\)/g;

/** The text of `content` with attached images replaced by "[image]", so history stays small. */
export function withoutImageData(content: string): string {
  return content.replace(DATA_IMAGE, '[image]');
}

/** The end of `text` within `max` characters, starting on a whole character, marked as cut with "…". */
function lastPart(text: string, max: number): string {
  if (max <= 1) return '';
  // A start on the second half of a surrogate pair moves past it: never half a character.
  const start = text.length - (max - 1);
  const code = text.charCodeAt(start);
  return `…${text.slice(code >= 0xdc00 && code <= 0xdfff ? start + 1 : start).trimStart()}`;
}

/**
 * The conversation before a message, as the webhook's `history`: the last {@link MAX_HISTORY_TURNS}
 * turns, within {@link MAX_HISTORY_CHARACTERS} all together, with image data replaced by "[image]".
 * Only what was said goes back: failed, cut-off and still-streaming replies, and every text the widget
 * wrote itself, are left out.
 */
export function buildHistory(messages: readonly Message[]): HistoryItem[] {
  const turns = messages
    .filter((message) => message.status === undefined && message.origin === undefined && message.content.trim() !== '')
    .slice(-MAX_HISTORY_TURNS);
  const history: HistoryItem[] = [];
  let budget = MAX_HISTORY_CHARACTERS;
  for (const message of turns.reverse()) {
    if (budget <= 1) break;
    const text = withoutImageData(message.content);
    const content = text.length <= budget ? text : lastPart(text, budget);
    budget -= content.length;
    history.unshift({ role: message.sender === 'user' ? 'user' : 'assistant', content });
  }
  return history;
}
