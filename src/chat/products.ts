import { own } from '../shared/own';

/** A product card, normalised from either naming a workflow may use (SPEC §3). */
export interface Product {
  title: string;
  description: string;
  /** Opens in a new tab; absent when the reply's link was unsafe. */
  url?: string;
  /** Absent when the reply's image was unsafe. */
  image?: string;
  price?: string;
}

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 300;
export const MAX_PRICE_LENGTH = 40;
/** More cards than this are not shown: a reply is a recommendation, not a catalogue. */
export const MAX_PRODUCTS = 12;

/** Where relative product links resolve, and which origins count as the store's own. */
export interface ProductContext {
  /** Relative links resolve against the store's URL. */
  storeUrl: string | null;
  /** The page's origin: relative links resolve here when there is no store URL. */
  pageOrigin: string;
}

function clip(value: string, max: number): string {
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

function firstString(record: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = own(record, key);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/**
 * A product link: `https:` anywhere, or a relative link resolved against the store. Anything else
 * (javascript:, data:, plain http to another host) is dropped.
 */
export function safeProductUrl(value: string, context: ProductContext): string | undefined {
  const trimmed = value.trim();
  const isRelative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//');
  try {
    const url = new URL(trimmed, context.storeUrl ?? context.pageOrigin);
    if (url.protocol === 'https:') return url.href;
    if (isRelative && (url.protocol === 'http:' || url.protocol === 'https:')) return url.href;
  } catch {
    // not a URL at all
  }
  return undefined;
}

/** A product image: `https:` or an inline `data:image/` (not SVG, which can carry script when opened). */
export function safeProductImage(value: string, context: ProductContext): string | undefined {
  const trimmed = value.trim();
  if (/^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i.test(trimmed)) return trimmed.replace(/\s+/g, '');
  const url = safeProductUrl(trimmed, context);
  return url && (url.startsWith('https:') || new URL(url).origin === context.pageOrigin) ? url : undefined;
}

function formatPrice(raw: unknown, currency: unknown): string | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
    if (code) {
      try {
        // A whole amount without ".00": "$49" reads better than "$49.00".
        return new Intl.NumberFormat(undefined, { style: 'currency', currency: code, minimumFractionDigits: Number.isInteger(raw) ? 0 : undefined }).format(raw);
      } catch {
        // an unknown currency code: fall through to the plain number
      }
    }
    return raw.toFixed(2);
  }
  if (typeof raw === 'string' && raw.trim() !== '') return clip(raw, MAX_PRICE_LENGTH);
  return undefined;
}

/** Does `value` look like a product (a title or name, plus a link, image or price)? */
export function isProductLike(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const hasName = typeof own(record, 'title') === 'string' || typeof own(record, 'name') === 'string';
  return hasName && ['url', 'productUrl', 'link', 'image', 'imageUrl', 'price'].some((key) => own(record, key) !== undefined);
}

/**
 * Normalises a product from a reply: `{ title | name, description, url | productUrl, image | imageUrl,
 * price? }` to one shape, with text capped and unsafe links and images dropped. Null when it has no title.
 */
export function normaliseProduct(raw: unknown, context: ProductContext): Product | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const title = firstString(record, ['title', 'name']);
  if (!title) return null;
  // Optional fields present as undefined, so they shadow anything a page added to Object.prototype.
  const product: Product = {
    title: clip(title, MAX_TITLE_LENGTH),
    description: clip(firstString(record, ['description', 'summary']) ?? '', MAX_DESCRIPTION_LENGTH),
    url: undefined,
    image: undefined,
    price: undefined,
  };
  const link = firstString(record, ['url', 'productUrl', 'link']);
  const url = link === undefined ? undefined : safeProductUrl(link, context);
  if (url) product.url = url;
  const picture = firstString(record, ['image', 'imageUrl']);
  const image = picture === undefined ? undefined : safeProductImage(picture, context);
  if (image) product.image = image;
  const price = formatPrice(own(record, 'price'), own(record, 'currency'));
  if (price) product.price = price;
  return product;
}
