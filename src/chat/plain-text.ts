import type { StringTable } from '../i18n/strings';
import type { Message } from './message';

/**
 * Markdown as the words a listener needs: link and image text kept, markup, URLs and raw tags
 * dropped, whitespace collapsed. Used for screen-reader announcements, never rendered as HTML.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/[*`~]+/g, '')
    // Underscores only where they open or close emphasis: snake_case words keep theirs. (No lookbehind:
    // Safari before 16.4 cannot parse it.)
    .replace(/(^|\s)_+|_+(?=\s|[.,!?;:]|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the live region says when a bot message has been revealed: who, the text, and its products. */
export function announcementFor(message: Message, strings: StringTable): string {
  let text = `${strings.assistant}: ${markdownToPlainText(message.content)}`;
  const titles = (message.products ?? []).map((product) => product.title).filter(Boolean);
  if (titles.length > 0) text += ` ${strings.products}: ${titles.join(', ')}.`;
  return text;
}
