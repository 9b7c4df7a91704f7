import type { StringTable } from '../../i18n/strings';
import { formatList } from '../../i18n/translate';
import { renderedHtml } from './markdown-loader';
import { isStatusLine, type Message } from '../message';
import { safeHtmlFragment } from './trusted-html';
import { decodeEntities } from './visible-text';

/**
 * Markdown as the words a listener needs: link and image text kept, markup, URLs and raw tags
 * dropped, whitespace collapsed. Used for screen-reader announcements, never rendered as HTML.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]*>/g, ' ')
      .replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
      .replace(/[*`~]+/g, '')
      // Underscores only where they open or close emphasis: snake_case words keep theirs. (No lookbehind:
      // Safari before 16.4 cannot parse it.)
      .replace(/(^|\s)_+|_+(?=\s|[.,!?;:]|$)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The text of sanitised HTML as it reads: images by their alt text, line breaks as spaces. (The renderer
 * writes a newline after every block, so blocks stay apart.)
 */
function textOf(node: Node): string {
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) text += (child as Text).data;
    else if (child.nodeName === 'IMG' || child.nodeName === 'BR')
      text += ` ${(child as Element).getAttribute('alt') ?? ''} `;
    else text += textOf(child);
  }
  return text;
}

/**
 * What a bot message reads as: the text of its rendered markdown, exactly what the bubble shows (character
 * references decoded, links with the host they note). Before the renderer has loaded, or if rendering
 * fails, the markdown with its markup dropped and its references decoded.
 */
export function spokenText(markdown: string): string {
  try {
    const html = renderedHtml(markdown);
    if (html !== null) {
      return textOf(safeHtmlFragment(html)).replace(/\s+/g, ' ').trim();
    }
  } catch {
    // read the source instead
  }
  return decodeEntities(markdownToPlainText(markdown));
}

/**
 * What the live region says when a bot message has been revealed: who (the assistant, or the person
 * who wrote it), the text, its products and the replies it suggests (so a screen reader user knows the
 * buttons under it are there). A status line of the conversation is said as it is, by nobody.
 */
export function announcementFor(message: Message, strings: StringTable, locale: string): string {
  if (isStatusLine(message)) return spokenText(message.content);
  let text = `${message.agent?.name ?? strings.assistant}: ${spokenText(message.content)}`;
  const titles = (message.products ?? []).map((product) => product.title).filter(Boolean);
  if (titles.length > 0) text += ` ${strings.products}: ${formatList(titles, locale)}.`;
  const suggestions = message.suggestions ?? [];
  if (suggestions.length > 0)
    text += ` ${strings.suggestedReplies}: ${formatList(suggestions, locale, 'disjunction')}.`;
  return text;
}
