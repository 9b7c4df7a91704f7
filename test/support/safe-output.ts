import { stripInvisible } from '../../src/common/invisible-characters';

/** Elements that can run script, load a document or style the page: none may ever come out of a reply. */
const UNSAFE_ELEMENTS =
  /^(?:script|iframe|frame|object|embed|form|input|button|textarea|select|style|link|meta|base|svg|math|template|noscript)$/;
/** Schemes a link may use. */
const LINK_SCHEMES = /^(?:https?|mailto|tel):/;

/**
 * Every way rendered reply markup under `root` could run script, load from an unapproved source,
 * carry styles or mislead: unsafe elements, `on*` and `style` attributes, links with other schemes or
 * without `target`/`rel`, images `imageAllowed` refuses, and invisible characters in link text.
 * `allowedButtons` are the widget's own controls (Retry, thumbs up and down), which are not reply content.
 */
export function unsafeMarkup(
  root: ParentNode,
  imageAllowed: (src: string) => boolean,
  allowedButtons = /^(?:retry-button|feedback-button(?: chosen)?|carousel-button (?:previous|next))$/,
): string[] {
  const problems: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (UNSAFE_ELEMENTS.test(tag) && !(tag === 'button' && allowedButtons.test(element.className)))
      problems.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcset' || name === 'formaction')
        problems.push(`<${tag} ${name}>`);
      if (name === 'href' && !LINK_SCHEMES.test(value)) problems.push(`<${tag} href="${attribute.value}">`);
      if (name === 'src' && !imageAllowed(attribute.value)) problems.push(`<${tag} src="${attribute.value}">`);
    }
    if (tag === 'a' && element.hasAttribute('href')) {
      if (element.getAttribute('target') !== '_blank' || element.getAttribute('rel') !== 'noopener noreferrer')
        problems.push('a link without target="_blank" rel="noopener noreferrer"');
      const text = element.textContent ?? '';
      if (stripInvisible(text) !== text) problems.push(`invisible characters in link text ${JSON.stringify(text)}`);
    }
  }
  return problems;
}

/** How deeply elements nest under `root` (its children are at depth 1). */
export function elementDepth(root: ParentNode): number {
  let deepest = 0;
  for (const element of root.querySelectorAll('*')) {
    let depth = 0;
    for (let node: Element | null = element; node && node !== root; node = node.parentElement) depth += 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}
