import type { Message } from '../message';

/** One turn of the conversation as the webhook receives it. */
export interface HistoryItem {
  role: 'user' | 'assistant';
  content: string;
}

/** How many earlier turns each request carries. */
export const MAX_HISTORY_TURNS = 20;

/** A markdown image with an inline data URL: the visitor's attachment. */
const DATA_IMAGE = /!\[[^\]]*\]\(data:image\/[^)]*\)/g;

/** The text of `content` with attached images replaced by "[image]", so history stays small. */
export function withoutImageData(content: string): string {
  return content.replace(DATA_IMAGE, '[image]');
}

/**
 * The conversation before a message, as the webhook's `history`: the last {@link MAX_HISTORY_TURNS}
 * turns, with image data replaced by "[image]". Only what was said goes back: failed, cut-off and
 * still-streaming replies, and every text the widget wrote itself, are left out.
 */
export function buildHistory(messages: readonly Message[]): HistoryItem[] {
  return messages
    .filter((message) => message.status === undefined && message.origin === undefined && message.content.trim() !== '')
    .slice(-MAX_HISTORY_TURNS)
    .map((message) => ({ role: message.sender === 'user' ? 'user' : 'assistant', content: withoutImageData(message.content) }));
}
