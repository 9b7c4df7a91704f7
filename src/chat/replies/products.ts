import { own } from '../../common/own';
import { capText, cutText } from '../../common/text-cut';
import { visibleText } from '../markdown/visible-text';
import { allowedImageUrl, storeRequestOf, type ImagePolicy } from '../attachments/image-policy';

/** A product card, normalised from either naming a workflow may use. */
export interface Product {
  title: string;
  description: string;
  /** Opens in a new tab; absent when the reply's link was unsafe. */
  url?: string;
  /** Absent when the reply's image was unsafe. */
  image?: string;
  price?: string;
  /** The cart's id for this product: `variantId` or `variant_id` (a Shopify variant). */
  variantId?: string;
  /** The product's own `id` (WooCommerce adds products by it). */
  id?: string;
  /** False: sold out (the card says so and offers no Add to cart). */
  available?: boolean;
}

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 300;
export const MAX_PRICE_LENGTH = 40;
export const MAX_ID_LENGTH = 100;
/** More cards than this are not shown: a reply is a recommendation, not a catalogue. */
export const MAX_PRODUCTS = 12;

/** Where relative product links resolve, and the image rule card images follow (image-policy.ts). */
export interface ProductContext extends ImagePolicy {
  /** Relative links resolve against the store's URL (against the page's origin without one). */
  storeUrl: string | null;
}

/**
 * A text field as shown: character references decoded, invisible and control characters removed,
 * whitespace folded, cut to `max`. Only the first `max * 10` characters are read (ten characters
 * hold any common reference), so a megabyte-long field costs no more than a normal one.
 */
export function clipText(value: string, max: number): string {
  const clean = visibleText(cutText(value, max * 10))
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return capText(clean, max);
}

/** The first of `keys` holding a non-blank string or a finite number (as text), unread. */
function firstString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = own(record, key);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/**
 * A reply's text field as shown ({@link clipText}): the first of `keys` with something to show; a
 * finite number is written as text. Undefined when none has any.
 */
export function textField(record: Record<string, unknown>, keys: readonly string[], max: number): string | undefined {
  for (const key of keys) {
    const text = firstString(record, [key]);
    const clipped = text === undefined ? '' : clipText(text, max);
    if (clipped !== '') return clipped;
  }
  return undefined;
}

/**
 * A reply's link field, the first of `keys` given, checked by a product rule: the link rule
 * ({@link safeProductUrl}), or {@link safeProductImage} for a picture.
 */
export function linkField(
  record: Record<string, unknown>,
  keys: readonly string[],
  context: ProductContext,
  rule: (value: string, context: ProductContext) => string | undefined = safeProductUrl,
): string | undefined {
  const link = firstString(record, keys);
  return link === undefined ? undefined : rule(link, context);
}

/**
 * A product link: `https:` anywhere, or a link on the store's own origin (relative, or absolute as a
 * relative one resolves: a card shown again, by a call, carries the links it was resolved to). Anything
 * else (javascript:, data:, plain http to another host, a URL that changes the cart or the session) is dropped.
 */
export function safeProductUrl(value: string, context: ProductContext): string | undefined {
  const trimmed = value.trim();
  const isRelative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//');
  try {
    const base = new URL(context.storeUrl ?? context.pageOrigin);
    const url = new URL(trimmed, base);
    // A card never links to a URL that changes the cart or signs the visitor out: it has its own button.
    if (storeRequestOf(url.href, context.pageOrigin) !== null) return undefined;
    if (url.protocol === 'https:') return url.href;
    const onStore = isRelative || url.origin === base.origin;
    if (onStore && (url.protocol === 'http:' || url.protocol === 'https:')) return url.href;
  } catch {
    // not a URL at all
  }
  return undefined;
}

/**
 * A product image: one the image rule allows (the same as for markdown images), or an inline
 * `data:image/` (not SVG, which can carry script when opened), which loads nothing.
 */
export function safeProductImage(value: string, context: ProductContext): string | undefined {
  const trimmed = value.trim();
  if (/^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i.test(trimmed))
    return trimmed.replace(/\s+/g, '');
  const url = safeProductUrl(trimmed, context);
  return (url && allowedImageUrl(url, context)) ?? undefined;
}

/**
 * A numeric price as "64.00 USD": the amount with its currency's code, formatted for the visitor only
 * when shown (displayPrice), so every price reads in the visitor's language, not the browser's.
 */
function formatNumber(raw: number, currency: unknown): string {
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
  const amount = raw.toFixed(2);
  // Past 1e21 toFixed writes an exponent: a number too large to be a price.
  if (/e/i.test(amount)) return '';
  return code ? `${amount} ${code}` : amount;
}

/** A price as shown: a number in `currency` (an ISO code), or the reply's own text capped. */
export function formatPrice(raw: unknown, currency: unknown): string | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    // A number too large to show as a price (1e27) is no price at all.
    const price = formatNumber(raw, currency);
    return price && price.length <= MAX_PRICE_LENGTH ? price : undefined;
  }
  if (typeof raw === 'string' && raw.trim() !== '') {
    // A written amount with its currency apart ("29.00" and "USD", as schema.org's offers give them) is
    // that amount in that currency, not a number without one.
    const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : null;
    const text = code && /^\d+(?:[.,]\d{1,2})?$/.test(raw.trim()) ? `${raw.trim()} ${code}` : raw;
    return clipText(text, MAX_PRICE_LENGTH);
  }
  return undefined;
}

/** Does `value` look like a product (a title or name, plus a link, image or price)? */
export function isProductLike(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const hasName = typeof own(record, 'title') === 'string' || typeof own(record, 'name') === 'string';
  return (
    hasName &&
    ['url', 'productUrl', 'link', 'image', 'imageUrl', 'price', 'variantId', 'variant_id'].some(
      (key) => own(record, key) !== undefined,
    )
  );
}

/**
 * Normalises a product from a reply: `{ title | name, description, url | productUrl, image | imageUrl,
 * price?, variantId | variant_id?, id?, available? }` to one shape: text as shown (character references decoded as text, never as markup;
 * bidirectional controls and zero-width characters removed) and capped, unsafe links and images dropped.
 * Null when it has no title.
 */
export function normaliseProduct(raw: unknown, context: ProductContext): Product | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const title = textField(record, ['title', 'name'], MAX_TITLE_LENGTH);
  if (!title) return null;
  // Optional fields present as undefined, so they shadow anything a page added to Object.prototype.
  const product: Product = {
    title,
    description: textField(record, ['description', 'summary'], MAX_DESCRIPTION_LENGTH) ?? '',
    url: undefined,
    image: undefined,
    price: undefined,
    variantId: undefined,
    id: undefined,
    available: undefined,
  };
  const url = linkField(record, ['url', 'productUrl', 'link'], context);
  if (url) product.url = url;
  const image = linkField(record, ['image', 'imageUrl'], context, safeProductImage);
  if (image) product.image = image;
  // `priceCurrency` is schema.org's name, which a page's product (and a call showing it) carries.
  const price = formatPrice(own(record, 'price'), own(record, 'currency') ?? own(record, 'priceCurrency'));
  if (price) product.price = price;
  // An id too long to be real is dropped rather than cut: a cut id would name another product.
  const cartId = (value: string | undefined) =>
    value && value.trim().length <= MAX_ID_LENGTH ? value.trim() : undefined;
  product.variantId = cartId(firstString(record, ['variantId', 'variant_id']));
  product.id = cartId(firstString(record, ['id']));
  const available = own(record, 'available');
  if (typeof available === 'boolean') product.available = available;
  return product;
}
