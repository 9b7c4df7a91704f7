import { stripInvisible } from '../../common/invisible-characters';
import { storeRequestOf } from '../attachments/image-policy';

/**
 * Host names written in link text: labels of letters, digits and hyphens, a dot, a top-level domain of
 * letters; at the start, after `//` or after a character that is none of these, a `/` or a `.` (a file
 * name in a path is no host). The first group is what comes before (no lookbehind: Safari before 16.4
 * cannot parse it).
 */
const WRITTEN_HOST = /(^|\/\/|[^\p{L}\p{N}/.-])((?:[\p{L}\p{N}-]+\.)+(?:\p{L}{2,}|xn--[a-z\d-]+))(?![\p{L}\p{N}-])/giu;

function withoutWww(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/**
 * What a link must show next to its text so it cannot mislead, or null. When the text names a host
 * (`store.example`, `https://store.example/sale`) that the target is not on, the target's host is shown
 * (a subdomain of the named host is fine). The comparison is on the host as written, so text with an
 * internationalised or look-alike host (`аpple.com` in Cyrillic) also gets the target's ASCII (punycode)
 * host, the form `URL.host` gives. A mail link is compared by its address's domain; mail and phone
 * links show their whole target.
 */
export function linkTargetNote(text: string, href: string): string | null {
  let url: URL | undefined;
  for (const [, , written = ''] of text.matchAll(WRITTEN_HOST)) {
    url ??= new URL(href);
    // A mail link's host is its address's domain.
    const target = withoutWww(url.hostname || url.pathname.split('@').pop() || '');
    const host = withoutWww(written);
    if (target !== host && !target.endsWith(`.${host}`)) return url.host || url.href;
  }
  return null;
}

/**
 * Makes a sanitised link honest: removes bidirectional controls and zero-width characters from its
 * text, and writes the target's host after it when {@link linkTargetNote} says so. `href` is the
 * link's checked, absolute target.
 */
export function makeLinkHonest(link: Element, href: string): void {
  const text = link.textContent ?? '';
  const visible = stripInvisible(text);
  if (visible !== text) {
    const walker = link.ownerDocument.createTreeWalker(link, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
      node.data = stripInvisible(node.data);
  }
  const note = linkTargetNote(visible, href);
  if (note) link.after(` (${note})`);
}

/** Where markdown names a link target: `[text](target)`, `<target>`, a bare URL, a `[ref]: target` line. */
const LINK_TARGETS = [
  /\]\(\s*<?([^\s)>]+)/g,
  /<(https?:\/\/[^\s>]+)>/g,
  /(?:^|[\s(])((?:https?:\/\/|www\.)[^\s<>)\]]+)/g,
  /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm,
];

/**
 * The cart additions the links of a reply's markdown amount to, as reply `actions` entries
 * (`{ type: 'add-to-cart', variantId, quantity }`): the rendered links themselves show as text
 * (storeRequestOf), and each add they named is offered as a proposal the visitor confirms instead.
 * One per cart id, first link first.
 */
export function storeAddActions(
  markdown: string,
  base: string,
): { type: 'add-to-cart'; variantId: string; quantity: number }[] {
  const found = new Map<string, { type: 'add-to-cart'; variantId: string; quantity: number }>();
  for (const pattern of LINK_TARGETS) {
    for (const [, target = ''] of markdown.matchAll(pattern)) {
      const request = storeRequestOf(target.startsWith('www.') ? `https://${target}` : target, base);
      if (request?.kind !== 'add') continue;
      for (const { variantId, quantity } of request.items)
        if (!found.has(variantId)) found.set(variantId, { type: 'add-to-cart', variantId, quantity });
    }
  }
  return [...found.values()];
}
