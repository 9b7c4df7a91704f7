import { isJsonObject, own } from '../common/own';
import { safeStringify } from '../common/safe-json';
import type { PageSnapshot } from './commerce-state';

/** The product the visitor is looking at, as the page describes it (schema.org names). */
export interface PageProduct {
  name?: string;
  sku?: string;
  price?: string | number;
  priceCurrency?: string;
  /** The schema.org availability without its prefix, for example "InStock" or "OutOfStock". */
  availability?: string;
  url?: string;
  image?: string;
  /** The product's type or category (schema.org `category`, `product:category`), as the store names it. */
  category?: string;
}

/** `context.page`: where the visitor is. */
export interface PageFacts {
  url: string;
  title: string;
  product?: PageProduct;
}

/** `context.page` is at most this many bytes of JSON: a page cannot make every request large. */
export const MAX_PAGE_CONTEXT_BYTES = 4096;
/** Longest text kept from the page; longer ones are cut. */
export const MAX_PAGE_TEXT = 300;
/** JSON-LD blocks larger than this are not parsed (no product description needs them). */
export const MAX_JSON_LD_LENGTH = 200_000;
/** Values visited at most while looking for a Product, so a hostile page costs no more than a real one. */
const MAX_NODES = 2_000;
const MAX_DEPTH = 8;

/** A page text: control characters and runs of spaces folded, capped. */
function text(value: unknown, max = MAX_PAGE_TEXT): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const clean = value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? clean.slice(0, max) : undefined;
}

/** The first of a value that may be one item or a list of them. */
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** Is `node` a schema.org Product (or ProductGroup), whichever way its `@type` is written? */
function isProduct(node: Record<string, unknown>): boolean {
  const type = own(node, '@type');
  return (Array.isArray(type) ? type : [type]).some(
    (name) => typeof name === 'string' && /(?:^|[/:#])Product(?:Group)?$/.test(name),
  );
}

/** The first Product in parsed JSON-LD: at the top, in a list, in `@graph` or nested in another node. */
function findProduct(value: unknown, walk = { nodes: 0 }, depth = 0): Record<string, unknown> | null {
  if (++walk.nodes > MAX_NODES || depth > MAX_DEPTH || typeof value !== 'object' || value === null) return null;
  if (!Array.isArray(value) && isProduct(value as Record<string, unknown>)) return value as Record<string, unknown>;
  const children = Array.isArray(value) ? value : Object.keys(value).map((key) => own(value, key));
  for (const child of children.slice(0, 200)) {
    const found = findProduct(child, walk, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The offer that prices the product: the first one, or the first inside an AggregateOffer or variant. */
function firstOffer(product: Record<string, unknown>): Record<string, unknown> {
  let offer = first(own(product, 'offers')) ?? own(first(own(product, 'hasVariant')), 'offers');
  offer = first(offer);
  const inner = first(own(offer, 'offers'));
  return isJsonObject(inner) ? inner : isJsonObject(offer) ? offer : {};
}

/** A page URL or image: http(s) only, resolved against the page. */
function link(value: unknown, base: string): string | undefined {
  const raw = text(typeof value === 'object' ? (own(value, 'url') ?? own(value, '@id')) : value, 2_000);
  try {
    const url = raw ? new URL(raw, base) : null;
    return url && /^https?:$/.test(url.protocol) ? url.href.slice(0, 500) : undefined;
  } catch {
    return undefined;
  }
}

function availability(value: unknown): string | undefined {
  return text(value, 60)
    ?.replace(/^https?:\/\/schema\.org\//i, '')
    .replace(/^schema:/i, '');
}

/** A category: a text (its last step, of a path such as "Apparel > Shirts") or a thing with a name. */
function categoryOf(value: unknown): string | undefined {
  const name = text(typeof value === 'object' ? own(value, 'name') : value, 200);
  return (
    name
      ?.split(/\s*>\s*/)
      .pop()
      ?.slice(0, 100) || undefined
  );
}

/** A Product node as {@link PageProduct}: its first offer's price and availability. */
function productFromJsonLd(node: Record<string, unknown>, base: string): PageProduct {
  const offer = firstOffer(node);
  const spec = first(own(offer, 'priceSpecification'));
  const price = own(offer, 'price') ?? own(offer, 'lowPrice') ?? own(spec, 'price');
  return {
    name: text(own(node, 'name')),
    sku: text(own(node, 'sku') ?? own(offer, 'sku'), 100),
    price: typeof price === 'number' && Number.isFinite(price) ? price : text(price, 40),
    priceCurrency: text(own(offer, 'priceCurrency') ?? own(spec, 'priceCurrency'), 10),
    availability: availability(own(offer, 'availability')),
    url: link(own(node, 'url') ?? own(offer, 'url'), base),
    image: link(first(own(node, 'image')), base),
    category: categoryOf(first(own(node, 'category'))),
  };
}

/** The product from Open Graph meta tags (`og:type` product, `product:price:amount`...), if any. */
function productFromMeta(meta: readonly [string, string][], base: string): PageProduct | undefined {
  const tags = new Map<string, string>();
  for (const [name, content] of meta) if (!tags.has(name.toLowerCase())) tags.set(name.toLowerCase(), content);
  const either = (key: string) => tags.get(`product:${key}`) ?? tags.get(`og:${key}`);
  const price = either('price:amount');
  if (tags.get('og:type')?.trim().toLowerCase() !== 'product' && price === undefined) return undefined;
  return {
    name: text(tags.get('og:title')),
    sku: text(tags.get('product:retailer_item_id'), 100),
    price: text(price, 40),
    priceCurrency: text(either('price:currency'), 10),
    availability: availability(either('availability')),
    url: link(tags.get('og:url'), base),
    image: link(tags.get('og:image:secure_url') ?? tags.get('og:image'), base),
    category: categoryOf(tags.get('product:category')),
  };
}

function parseJsonLd(block: string): unknown {
  if (block.length > MAX_JSON_LD_LENGTH) return null;
  try {
    return JSON.parse(block);
  } catch {
    return null;
  }
}

/** Only the fields that have a value: absent ones are not sent as null. */
function defined(product: PageProduct): PageProduct | undefined {
  const entries = Object.entries(product).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as PageProduct) : undefined;
}

const bytes = (value: unknown) => new TextEncoder().encode(safeStringify(value)).length;

/**
 * `context.page` from a snapshot of the page: its URL and title, and the product it shows, read from
 * the first JSON-LD Product (in a list, an `@graph` or nested; the first offer when there are several),
 * else from Open Graph product tags. Own properties only; texts folded and cut; at most
 * {@link MAX_PAGE_CONTEXT_BYTES} bytes of JSON (the picture and link give way first, then the product).
 */
export function readPageContext(page: PageSnapshot): PageFacts {
  const facts: PageFacts = { url: link(page.url, page.url) ?? '', title: text(page.title) ?? '' };
  let node: Record<string, unknown> | null = null;
  for (const block of page.jsonLd.slice(0, 20)) if ((node = findProduct(parseJsonLd(block)))) break;
  const product = defined(node ? productFromJsonLd(node, page.url) : (productFromMeta(page.meta, page.url) ?? {}));
  if (product) facts.product = product;
  if (facts.product && bytes(facts) > MAX_PAGE_CONTEXT_BYTES)
    facts.product = { ...facts.product, image: undefined, url: undefined };
  if (bytes(facts) > MAX_PAGE_CONTEXT_BYTES) delete facts.product;
  return facts;
}
