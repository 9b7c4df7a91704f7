import type { Product } from '../chat/replies/products';
import { explicitRequest } from '../chat/replies/request-options';
import { isJsonObject, own } from '../common/own';
import { safeStringify } from '../common/safe-json';
import type { Timers } from '../common/timers';
import {
  MAX_CART_LINES,
  type AssistedMark,
  type CartLine,
  type CartSummary,
  type CommercePlatform,
} from './commerce-state';

/**
 * One store platform's cart, behind one interface: the card buttons, the confirmed reply actions and
 * (through the assistant) the voice assistant's tools all change the cart through this.
 */
export interface CartAdapter {
  /** Adds `quantity` of `variantId`; resolves to the cart after the change (null when the platform does not say). */
  add(variantId: string, quantity: number, product: Product | null): Promise<CartSummary | null>;
  /** Sets the quantity of the line holding `variantId`; 0 removes it (an Undo). */
  setQuantity(variantId: string, quantity: number): Promise<CartSummary | null>;
  /** The cart as it is now. */
  read(): Promise<CartSummary | null>;
  /**
   * Keeps `mark` with the cart so the order it becomes shows the conversation that helped; rejects when
   * the platform refused. Absent where the platform has no way to keep it.
   */
  markAssisted?(mark: AssistedMark): Promise<void>;
}

/**
 * Why a cart change failed: `platform` (the store refused: sold out, unknown product; `message` is its
 * own text for the visitor), `network` (no usable answer), `unavailable` (nothing on the page handles
 * the cart). `detail` is for the console.
 */
export class CartError extends Error {
  constructor(
    readonly reason: 'platform' | 'network' | 'unavailable',
    message = '',
    readonly detail = '',
  ) {
    super(message);
    this.name = 'CartError';
  }
}

/** A cart answer: its status, JSON body (null when it had none) and headers. */
export interface CartResponse {
  status: number;
  ok: boolean;
  body: unknown;
  headers: Headers;
}

/** Sends one request to the cart endpoints, relative to the cart's base URL. */
export type CartSend = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: [string, string][],
) => Promise<CartResponse>;

/** A cart endpoint that has not answered in this long has failed: the button must not spin forever. */
export const CART_TIMEOUT_MS = 15_000;
/** Larger cart answers are not parsed. */
const MAX_CART_BODY = 1_000_000;

/**
 * JSON requests to the cart at `base`, with the visitor's cookies (the store's cart session), every
 * fetch option set explicitly and a {@link CART_TIMEOUT_MS} timeout. Throws a `network` CartError when
 * no answer came.
 */
export function cartSender(deps: { fetch: typeof fetch; timers: Timers }, base: string): CartSend {
  return async (method, path, body, extraHeaders = []) => {
    const url = new URL(path, base).href;
    const controller = new AbortController();
    const timer = deps.timers.setTimeout(() => controller.abort(), CART_TIMEOUT_MS);
    const headers = new Headers([['Accept', 'application/json'], ...extraHeaders]);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    try {
      const init = explicitRequest({
        method,
        headers,
        body: body === undefined ? null : safeStringify(body),
        signal: controller.signal,
        credentials: 'include',
      });
      const response = await deps.fetch(url, init);
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text.length <= MAX_CART_BODY ? JSON.parse(text) : null;
      } catch {
        // not JSON: the status speaks for itself
      }
      return { status: response.status, ok: response.ok, body: parsed, headers: response.headers };
    } catch (error) {
      throw new CartError(
        'network',
        '',
        `${method} ${url} failed (${controller.signal.aborted ? 'no answer in time' : String(error)})`,
      );
    } finally {
      deps.timers.clearTimeout(timer);
    }
  };
}

/** The platforms' carts take numeric ids; a Shopify GraphQL id (gid://shopify/ProductVariant/42) gives its number. */
function numericId(value: string | undefined): string | null {
  const match = value === undefined ? null : /^(?:gid:\/\/shopify\/ProductVariant\/)?(\d{1,20})$/.exec(value.trim());
  return match ? (match[1] as string) : null;
}

/**
 * The id `platform`'s cart adds `product` by, or null (the card gets no button): Shopify a variant id,
 * WooCommerce a product or variation id (`variantId` or `id`), a custom cart whatever the store uses.
 */
export function cartIdFor(platform: CommercePlatform, product: Pick<Product, 'variantId' | 'id'>): string | null {
  if (platform === 'shopify') return numericId(product.variantId);
  if (platform === 'woocommerce') return numericId(product.variantId) ?? numericId(product.id);
  const id = (product.variantId ?? product.id)?.trim();
  return id && /^[\w.:/@#-]{1,100}$/.test(id) ? id : null;
}

/** A text the platform wrote for the visitor: tags removed, the common HTML entities decoded, capped. */
export function platformText(value: unknown): string {
  if (typeof value !== 'string') return '';
  const entities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };
  return value
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
      (whole, decimal?: string, hex?: string, name?: string) => {
        const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : 0;
        if (code) return code > 31 && code < 0x110000 ? String.fromCodePoint(code) : whole;
        return (own(entities, (name ?? '').toLowerCase()) as string | undefined) ?? whole;
      },
    )
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** A finite number from a number or a numeric string, else undefined. */
export function amount(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A cart summary from lines read by `line`, at most {@link MAX_CART_LINES}. */
export function summary(
  itemCount: unknown,
  total: number | undefined,
  currency: unknown,
  items: unknown,
  line: (item: unknown) => CartLine | null,
): CartSummary {
  const lines = (Array.isArray(items) ? items : []).slice(0, MAX_CART_LINES).flatMap((item) => line(item) ?? []);
  const count = amount(itemCount);
  const cart: CartSummary = {
    itemCount:
      count !== undefined && count >= 0 ? Math.floor(count) : lines.reduce((sum, each) => sum + each.quantity, 0),
    lines,
  };
  if (total !== undefined) cart.total = total;
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) cart.currency = currency;
  return cart;
}

/** A summary a custom page reported (`{ itemCount, total?, currency?, lines? }`), or null when it is not one. */
export function readReportedCart(value: unknown): CartSummary | null {
  if (!isJsonObject(value) || amount(own(value, 'itemCount')) === undefined) return null;
  return summary(
    own(value, 'itemCount'),
    amount(own(value, 'total')),
    own(value, 'currency'),
    own(value, 'lines'),
    (item) => {
      const title = own(item, 'title');
      const quantity = amount(own(item, 'quantity'));
      if (typeof title !== 'string' || quantity === undefined) return null;
      return {
        variantId: String(own(item, 'variantId') ?? ''),
        title: platformText(title),
        quantity,
        price: amount(own(item, 'price')),
      };
    },
  );
}
