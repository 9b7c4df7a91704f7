/**
 * The one rule for images in replies, markdown images and product-card images alike. An image URL is a
 * request the visitor's browser makes: to another server it can carry the conversation out (a
 * prompt-injected reply hiding an email address in `?d=`), and to the store itself it is a credentialed
 * GET (`/cart/add?id=1`, `/account/logout`). So a reply's image loads only:
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

/** Paths that name an image file. */
const IMAGE_PATH = /\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

/** Does `host` (as in `URL.host`) match `pattern`? `*.example.com` matches subdomains only. */
function hostMatches(host: string, pattern: string): boolean {
  const lower = host.toLowerCase();
  return pattern.startsWith('*.') ? lower.endsWith(pattern.slice(1)) && lower.length > pattern.length - 1 : lower === pattern;
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
  const allowed = sameOrigin
    ? /^https?:$/.test(url.protocol) && (IMAGE_PATH.test(url.pathname) || policy.imageHosts.some((entry) => entryAllows(url, entry, true)))
    : url.protocol === 'https:' && policy.imageHosts.some((entry) => entryAllows(url, entry, false));
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
