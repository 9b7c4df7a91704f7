import { own } from '../common/own';
import type { PageSnapshot } from './commerce-state';

/**
 * Reads the store's page for `context.page`: its address (without query or fragment, which can carry
 * personal tokens), its title, its JSON-LD blocks and its Open Graph and product meta tags. Only the
 * raw texts: page-context.ts parses and caps them.
 */
export function snapshotPage(): PageSnapshot {
  const meta: [string, string][] = [];
  for (const tag of document.querySelectorAll(
    'meta[property^="og:" i], meta[property^="product:" i], meta[name^="og:" i], meta[name^="product:" i]',
  )) {
    if (meta.length >= 50) break;
    meta.push([tag.getAttribute('property') ?? tag.getAttribute('name') ?? '', tag.getAttribute('content') ?? '']);
  }
  return {
    url: `${location.origin}${location.pathname}`,
    title: document.title,
    jsonLd: Array.from(
      document.querySelectorAll('script[type="application/ld+json" i]'),
      (script) => script.textContent ?? '',
    ).slice(0, 20),
    meta,
  };
}

/** `window.Shopify.routes.root` (for example "/fr/" on a store with a French folder), when it is a path. */
export function shopifyRoot(): string | null {
  const root = own(own(own(window, 'Shopify'), 'routes'), 'root');
  return typeof root === 'string' && /^\/(?![/\\])/.test(root) && root.length < 100 ? root : null;
}
