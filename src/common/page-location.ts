/** Where the page is: relative URLs resolve against `baseUrl`, and `origin` is the store's own. */
export interface PageLocation {
  /** The page's origin, e.g. "https://acme.example"; "null" only where nothing names an http(s) origin. */
  origin: string;
  /** The host of `origin`, e.g. "acme.example"; empty when there is none. */
  host: string;
  /** Base for relative URLs: the document's base URL. */
  baseUrl: string;
}

/** The http(s) origin of `url`, or null. */
function httpOrigin(url: string | null | undefined): string | null {
  try {
    const parsed = new URL(url ?? '');
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page's location, also where `location.origin` is "null": in an `<iframe srcdoc>` (how page
 * builders preview HTML) and an `about:blank` frame the document has its creator's origin
 * (`self.origin`) and base URL; in a sandboxed frame, with an opaque origin, the base URL's origin
 * stands in. Nothing here throws.
 */
export function pageLocation(win: Window = window): PageLocation {
  let baseUrl = '';
  try {
    baseUrl = win.document.baseURI;
  } catch {
    // a detached document: there is no base
  }
  const candidates = [() => win.location.origin, () => win.origin, () => httpOrigin(baseUrl)];
  let origin = 'null';
  for (const candidate of candidates) {
    try {
      const value = httpOrigin(candidate());
      if (value) {
        origin = value;
        break;
      }
    } catch {
      // try the next
    }
  }
  return { origin, host: origin === 'null' ? '' : new URL(origin).host, baseUrl: baseUrl || origin };
}
