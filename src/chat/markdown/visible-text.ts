import { stripInvisible } from '../../common/invisible-characters';
import { trustedHtml } from './trusted-html';

/**
 * Decodes HTML character references (`&amp;`, `&#8211;`, `&#x2014;`, `&nbsp;`, every named one the HTML
 * standard knows) as text; unknown ones stay as written. Workflows and shop APIs often send text
 * escaped (WooCommerce names a product `Hoodie &#8211; Blue`). The browser's own parser decodes, exactly
 * as it decodes the same text in rendered markdown, so a card and the live region read what a bubble
 * shows. Safe for untrusted text: every `<` is escaped first, so the parser never sees a tag, and a
 * document from DOMParser is never attached, runs no script and loads nothing. The leading dot keeps
 * leading whitespace, which the parser would otherwise drop before the body.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const parsed = new DOMParser().parseFromString(trustedHtml(`.${text.replace(/</g, '&lt;')}`), 'text/html');
  return (parsed.documentElement.textContent ?? '.').slice(1);
}

/** Reply text as shown: character references decoded as text (never as markup), invisible characters removed. */
export function visibleText(text: string): string {
  return stripInvisible(decodeEntities(text));
}

/** Escapes text for HTML: every character that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Reply text as HTML that shows it verbatim, line breaks kept and character references decoded. */
export function plainTextToHtml(text: string): string {
  return escapeHtml(decodeEntities(text)).replace(/\n/g, '<br>');
}
