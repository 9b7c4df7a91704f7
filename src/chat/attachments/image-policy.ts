/**
 * The one rule for images in replies, markdown images and product-card images alike. An image URL is a
 * request the visitor's browser makes: to another server it can carry the conversation out (a
 * prompt-injected reply hiding an email address in `?d=`), and to the store itself it is a credentialed
 * GET (`/cart/add?id=1`, `/account/logout`). So a reply's image never loads from a URL that changes the
 * store session (see {@link storeRequestOf}), and otherwise only:
 * - from the page's own origin, when its path ends in an image extension or sits under a configured
 *   `host/path-prefix` entry;
 * - over https from a host of `image-hosts` (any path, or only under the entry's path prefix).
 */
export interface ImagePolicy {
  /** `image-hosts` entries: `cdn.example`, `*.example.com`, `host:port`, or `host/path-prefix`. */
  imageHosts: readonly string[];
  /** The page's origin: relative URLs resolve here, and its image files are allowed. */
  pageOrigin: string;
  /** Told the host of every refused image, and whether it was the page's own. */
  onRefused?: (host: string, sameOrigin: boolean) => void;
}

/**
 * The default `image-hosts`: the image CDNs of the common shop platforms (Shopify, BigCommerce,
 * Squarespace, Wix, Webflow). None of them fetches arbitrary remote URLs, so an image there cannot relay
 * a request to another server. Jetpack's `i0.wp.com` does (it proxies any URL) and is left out;
 * WooCommerce images on the store's own origin need nothing.
 */
export const COMMERCE_IMAGE_HOSTS: readonly string[] = [
  'cdn.shopify.com',
  'cdn11.bigcommerce.com',
  'images.squarespace-cdn.com',
  'static.wixstatic.com',
  'cdn.prod.website-files.com',
];

/** One cart line a store URL adds: what following it would put in the cart. */
export interface StoreAddItem {
  variantId: string;
  quantity: number;
}

/**
 * What requesting a URL does to the visitor's store session: `add` puts `items` in the cart, `change`
 * empties or edits the cart or signs the visitor out; null for anything else.
 */
export type StoreRequest = { kind: 'add'; items: StoreAddItem[] } | { kind: 'change' } | null;

/** Shopify's `/cart/add` (any language folder before it, `.js` or `.json` after). */
const CART_ADD_PATH = /(?:^|\/)cart\/add(?:\.js|\.json)?\/?$/;
/** A Shopify cart permalink, `/cart/4242:7,99:1`: it fills the cart with those lines. */
const CART_PERMALINK_PATH = /(?:^|\/)cart\/(\d{1,20}:\d{1,6}(?:,\d{1,20}:\d{1,6})*)\/?$/;
/** Paths that edit or empty a cart, or sign the visitor out (Shopify, WooCommerce, and the usual names). */
const CHANGE_PATH =
  /(?:^|\/)(?:cart\/(?:clear|change|update|remove|empty)(?:\.js|\.json)?|account\/logout|customer-logout|log-?out|sign-?out)\/?$/;
/** Query parameters that make a WooCommerce (or WordPress) page change the cart or the session. */
const CHANGE_PARAMETERS = [
  'remove_item',
  'undo_item',
  'empty-cart',
  'empty_cart',
  'update_cart',
  'customer-logout',
  'wc-ajax',
];

/** A quantity from a URL: a whole number from 1 up, else null. */
function urlQuantity(value: string | null): number | null {
  const quantity = value === null || value === '' ? 1 : Number(value);
  return Number.isInteger(quantity) && quantity >= 1 ? quantity : null;
}

/** The lines an add URL names, or null when it names none it could be confirmed as. */
function addItems(query: URLSearchParams, path: string): StoreAddItem[] | null {
  const permalink = CART_PERMALINK_PATH.exec(path)?.[1];
  if (permalink)
    return permalink
      .split(',')
      .map((pair) => ({ variantId: pair.split(':')[0] ?? '', quantity: Number(pair.split(':')[1]) }));
  const id = CART_ADD_PATH.test(path) ? query.get('id') : query.get('add-to-cart');
  const quantity = urlQuantity(query.get('quantity'));
  return id && quantity !== null ? [{ variantId: id, quantity }] : null;
}

/**
 * The path as the store's server routes it, so that spelling cannot slip a store request past the rule:
 * percent-decoded (`/cart%2Fclear`, even encoded twice), backslashes as slashes, runs of slashes as one,
 * dot segments resolved, no trailing slash, lower case.
 */
function routedPath(url: URL): string {
  let path = url.pathname;
  for (let round = 0; round < 3; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.split(/[\\/]+/)) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/**
 * The one rule for store URLs that change something: a GET to them, with the visitor's cookies, adds to
 * the cart (`/cart/add?id=…`, a cart permalink `/cart/4242:7`, WooCommerce's `?add-to-cart=…`),
 * edits or empties it (`/cart/clear`, `/cart/change`, `/cart/update`, `?remove_item=`, `?empty-cart`) or
 * signs the visitor out (`/account/logout`, `customer-logout`, `wp-login.php?action=logout`). Images
 * never load from them, and links in replies and cards never point at them: an add becomes a proposal
 * the visitor confirms, anything else is shown as text. Any host counts: a top-level navigation carries
 * that site's cookies too. The voice call's `navigate` tool never opens them either. Paths are compared
 * as the server routes them (see {@link routedPath}), query names in any case.
 */
export function storeRequestOf(href: string, base: string): StoreRequest {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol)) return null;
  const path = routedPath(url);
  const query = new URLSearchParams([...url.searchParams].map(([key, value]) => [key.toLowerCase(), value]));
  const parameters = [...query.keys()];
  const logout = path.endsWith('/wp-login.php') && query.get('action')?.toLowerCase() === 'logout';
  if (CART_ADD_PATH.test(path) || CART_PERMALINK_PATH.test(path) || parameters.includes('add-to-cart')) {
    const items = addItems(query, path);
    return items ? { kind: 'add', items } : { kind: 'change' };
  }
  if (logout || CHANGE_PATH.test(path) || parameters.some((key) => CHANGE_PARAMETERS.includes(key)))
    return { kind: 'change' };
  return null;
}

/** Paths that name an image file. */
const IMAGE_PATH = /\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

/** Does `host` (as in `URL.host`) match `pattern`? `*.example.com` matches subdomains only. */
function hostMatches(host: string, pattern: string): boolean {
  const lower = host.toLowerCase();
  return pattern.startsWith('*.')
    ? lower.endsWith(pattern.slice(1)) && lower.length > pattern.length - 1
    : lower === pattern;
}

/** Does `url` match an `image-hosts` entry? With `prefixOnly`, only entries with a path prefix count. */
function entryAllows(url: URL, entry: string, prefixOnly: boolean): boolean {
  const slash = entry.indexOf('/');
  if (slash < 0) return !prefixOnly && hostMatches(url.host, entry.toLowerCase());
  const prefix = entry.slice(slash).replace(/\/*$/, '/');
  return hostMatches(url.host, entry.slice(0, slash).toLowerCase()) && url.pathname.startsWith(prefix);
}

/**
 * The image URL a reply may show, made absolute; null (and `onRefused` told) for anything else.
 * Relative URLs resolve against the page.
 */
export function allowedImageUrl(src: string, policy: ImagePolicy): string | null {
  let url: URL;
  try {
    url = new URL(src, policy.pageOrigin);
  } catch {
    return null;
  }
  const sameOrigin = url.origin === policy.pageOrigin;
  const allowed =
    storeRequestOf(url.href, policy.pageOrigin) === null &&
    (sameOrigin
      ? /^https?:$/.test(url.protocol) &&
        (IMAGE_PATH.test(url.pathname) || policy.imageHosts.some((entry) => entryAllows(url, entry, true)))
      : url.protocol === 'https:' && policy.imageHosts.some((entry) => entryAllows(url, entry, false)));
  if (allowed) return url.href;
  if (url.host) policy.onRefused?.(url.host, sameOrigin);
  return null;
}

/**
 * Reports each refused host once, through `warn`, with what to add to `image-hosts`: the store owner
 * sees why an image is missing without a message per reply.
 */
export function refusedImageReporter(warn: (message: string) => void): NonNullable<ImagePolicy['onRefused']> {
  const reported = new Set<string>();
  return (host, sameOrigin) => {
    if (reported.has(host)) return;
    reported.add(host);
    warn(
      sameOrigin
        ? `an image on this site that is not an image file was not shown; add "${host}/folder/" to image-hosts to allow a folder`
        : `an image from ${host} was not shown; add "${host}" to image-hosts to allow it`,
    );
  };
}
