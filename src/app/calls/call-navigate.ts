import { storeRequestOf } from '../../chat/attachments/image-policy';
import type { CallTool, ToolResult } from '../../voice/call-tools';

/** How long the page waits before it leaves, so the tool's result reaches the call first. */
export const NAVIGATE_DELAY_MS = 300;

/** Where the `navigate` tool may take the visitor. */
export const DESTINATIONS = ['product', 'cart', 'checkout'] as const;

/** What the `navigate` tool needs of the page: its origin, the platform's cart and checkout, and how to leave. */
export interface PageNavigation {
  origin: string;
  /** The cart and checkout pages of the store's platform (with `commerce`), else null. */
  links(): { cart: string; checkout: string } | null;
  /** Opens `url` in this tab; absent where the page cannot be left (a test page). */
  open?: (url: string) => void;
  /** Runs `then` once the tool's result has had time to reach the call. */
  later(then: () => void): void;
}

const refused = (error: string): ToolResult => ({ ok: false, error });

/** The page to open for the arguments, or why none may be. */
function target(args: Record<string, unknown>, page: PageNavigation): { url: string } | { error: string } {
  const destination = args.destination;
  if (destination !== 'product' && destination !== 'cart' && destination !== 'checkout')
    return { error: `Give a destination: one of ${DESTINATIONS.join(', ')}.` };
  let raw: unknown = args.url;
  if (destination !== 'product') {
    const links = page.links();
    if (!links) return { error: `This store has not connected its ${destination} to the assistant.` };
    raw = links[destination];
  }
  if (typeof raw !== 'string' || !raw.trim()) return { error: 'Give the url of the product page to open.' };
  let url: URL;
  try {
    url = new URL(raw.trim(), page.origin);
  } catch {
    return { error: `"${raw.slice(0, 200)}" is not a page address.` };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== page.origin)
    return { error: `Only pages of this store (${page.origin}) can be opened; nothing was opened.` };
  const request = storeRequestOf(url.href, page.origin);
  if (request?.kind === 'add')
    return {
      error:
        'That address would change the cart without the visitor clicking; nothing was opened. Call add_to_cart instead, so the visitor sees the add and can undo it.',
    };
  if (request)
    return {
      error:
        "That address would change the visitor's cart or sign them out; nothing was opened. Only pages to look at (a product, a collection, the cart, the checkout) can be opened.",
    };
  return { url: url.href };
}

/**
 * `navigate`: opens a product, the cart or the checkout, on the store's own origin only, and never an
 * address that changes the cart or signs the visitor out (the rule for replies' links, storeRequestOf):
 * opening one is a credentialed GET no one clicked. Anything refused is the tool's result, and nothing is
 * opened; the call is kept and goes on on the new page.
 */
export function navigateTool(page: PageNavigation): CallTool {
  return (args) => {
    const open = page.open;
    if (!open) return refused('Pages cannot be opened from this call.');
    const found = target(args, page);
    if ('error' in found) return refused(found.error);
    page.later(() => open(found.url));
    return { ok: true, opening: found.url, note: 'The call goes on on the new page once it has loaded.' };
  };
}
