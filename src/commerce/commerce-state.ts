import type { Product } from '../chat/replies/products';
import type { StringTable } from '../i18n/strings';
import type { Emit, Warn } from '../common/events';
import type { SliceStore } from '../common/store';
import type { Timers } from '../common/timers';

/** Whose cart the "Add to cart" buttons fill (the `commerce` attribute). */
export type CommercePlatform = 'shopify' | 'woocommerce' | 'custom';

/** The settings the commerce feature reads from the element's attributes. */
export interface CommerceConfig {
  /** `commerce`: null leaves product cards as links, sends no cart and makes no cart request. */
  platform: CommercePlatform | null;
  /** `page-context`: whether `context.page` (URL, title, the product shown) goes with each message. */
  pageContext: boolean;
  /** `cart-base-url`: where the cart endpoints live; null: this site (on Shopify, its routes root). */
  cartBaseUrl: string | null;
  /** `cart-url` and `checkout-url`: the cart strip's links; null: `cart` and `checkout` under the base. */
  cartUrl: string | null;
  checkoutUrl: string | null;
}

/** One line of the cart. Prices are in the currency's main unit (dollars, not cents). */
export interface CartLine {
  variantId: string;
  title: string;
  quantity: number;
  price?: number;
}

/** The cart as the platform reported it last: `context.cart`, the strip and `store-assistant:cart`. */
export interface CartSummary {
  itemCount: number;
  /** The cart's total in the currency's main unit, when the platform says. */
  total?: number;
  /** ISO 4217 code, for example "USD". */
  currency?: string;
  /** At most {@link MAX_CART_LINES}. */
  lines: CartLine[];
}

/** More lines than this are not sent or kept: the webhook needs what is in the cart, not a database. */
export const MAX_CART_LINES = 20;

/** Where an add stands: under way, done, or refused (the card or confirmation then says why). */
export type AddProgress = 'adding' | 'added' | 'failed';

/**
 * What one product card's "Add to cart" has done: the card's own record, so a later card of the same
 * product (another reply, a proposal's card) starts again at "Add to cart".
 */
export interface CardAdd {
  /** `adding` while a request is under way; `failed` when the last one did not go through. */
  state: AddProgress;
  /** How many this card has put in the cart: 1 after "Add to cart", one more for each "Add another". */
  added: number;
  /** When failed: what to tell the visitor. */
  error?: string;
}

/** A cart change a reply proposed: nothing happens until the visitor confirms it. */
export interface CartProposal {
  variantId: string;
  quantity: number;
  title: string;
  /** The reply's card with the same id, if any (the cart event carries it). */
  product: Product | null;
  state: 'pending' | 'declined' | AddProgress;
  error?: string;
  /** The agent's call of the widget's `add_to_cart` tool this proposal answers (`protocol="ag-ui"`). */
  toolCallId?: string;
}

/**
 * A cart change the voice assistant made during a call (its `add_to_cart` tool), shown as a card with
 * "Added" and "Undo": the visitor asked aloud, so it was added at once, and Undo takes it back.
 */
export interface CallAdd {
  /** The cart id that was added. */
  variantId: string;
  title: string;
  /** What the add put in: Undo takes this much back out of the line as it is then. */
  quantity: number;
  /**
   * `added`, then `undoing` and `undone` after Undo; `gone` when Undo found the line already out of the
   * cart (nothing changed); `failed` when Undo did not go through (`error` says why).
   */
  state: 'added' | 'undoing' | 'undone' | 'gone' | 'failed';
  error?: string;
}

/** The commerce feature's slice of the widget's state. */
export interface CommerceState {
  /** The cart as last read or changed; null until known (and always without `commerce`). */
  cart: CartSummary | null;
  /** The cart strip's links, from the configuration. */
  links: { cart: string; checkout: string } | null;
  /** Each card's adds, by {@link cardKey}; kept for the page's life only. Read with `own()`. */
  cardAdds: Record<string, CardAdd>;
  /** Proposed cart changes by the id of the reply that carried them; kept for the page's life only. */
  proposals: Record<string, CartProposal[]>;
  /** Cart changes a call made, by the id of the message with the card that shows them; kept for the page's life only. */
  callAdds: Record<string, CallAdd>;
}

/** What commerce reads and writes of the whole state. */
export type CommerceView = {
  commerce: CommerceState;
  config: { commerce: CommerceConfig; lang: string };
  strings: StringTable;
  /** The open conversation's id: an assisted cart is marked with it. */
  sessionId: string;
  /** The assistant's name, as its header shows it: an assisted cart is marked with it. */
  theme: { brandName: string };
};

/** The store as the commerce feature sees it: it writes only its own slice. */
export type CommerceStore = SliceStore<CommerceView, 'commerce'>;

/** The detail of `store-assistant:cart`: the cart changed through the widget. */
export interface CartEventDetail {
  action: 'add' | 'update';
  /** The card the change came from, when there was one. */
  product: Product | null;
  /** The cart's id of what changed (a Shopify variant, a WooCommerce product or variation). */
  variantId: string;
  /** The card's place in its row (0 first), when the add came from a card. */
  index?: number;
  /** Added (`add`), or the line's new quantity (`update`). */
  quantity: number;
  /** The cart after the change, when the platform reported it. */
  cart: CartSummary | null;
}

/** The detail of `store-assistant:product-open`: the visitor opened a product card's page ("View product"). */
export interface ProductOpenDetail {
  product: Product;
  /** The card's place in its row (0 first). */
  index: number;
}

/** The events commerce announces. */
export interface CommerceEvents {
  cart: CartEventDetail;
  'product-open': ProductOpenDetail;
}

/**
 * What marks a cart as assisted, so the order shows the conversation that helped sell it: the
 * conversation's id and the assistant's name, nothing that identifies the visitor.
 */
export interface AssistedMark {
  conversation: string;
  assistant: string;
}

/**
 * The detail of the cancellable `store-assistant:mark-cart` event of `commerce="custom"`: something was
 * added from the widget, and the page may keep `conversation` and `assistant` with its order, then call
 * `resolve()`, or `reject(message?)` when it could not (the console says so; the visitor sees nothing).
 */
export interface CartMarkDetail extends AssistedMark {
  resolve(): void;
  reject(message?: unknown): void;
}

/** The cancellable events through which `commerce="custom"` asks the page's own cart code. */
export interface PageCartRequests {
  'add-to-cart': CartRequestDetail;
  'update-cart': CartRequestDetail;
  'mark-cart': CartMarkDetail;
}

/**
 * The detail of the cancellable `store-assistant:add-to-cart` and `store-assistant:update-cart`
 * events of `commerce="custom"`: the page calls `preventDefault()` to take the request, then `resolve`
 * (with its cart summary, optionally) or `reject` (with a message for the visitor, optionally).
 */
export interface CartRequestDetail {
  product: Product | null;
  variantId: string;
  quantity: number;
  resolve(cart?: unknown): void;
  reject(message?: unknown): void;
}

/** The page as the widget reads it for `context.page`: raw texts, parsed and capped by page-context.ts. */
export interface PageSnapshot {
  /** The page's address without query or fragment. */
  url: string;
  title: string;
  /** The text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** `[property or name, content]` of the page's Open Graph and product meta tags. */
  meta: [string, string][];
}

/** Every side effect commerce may cause, injected so tests pass fakes. */
export interface CommerceDeps {
  fetch: typeof fetch;
  timers: Timers;
  /** The page as it is now; null where there is no page to read. */
  readPage: () => PageSnapshot | null;
  /** `window.Shopify.routes.root` when the page sets it (a Shopify store in a language folder). */
  shopifyRoot: () => string | null;
  /** Dispatches a cancellable `store-assistant:<name>`; true when the page took it (`preventDefault()`). */
  requestFromPage: <K extends keyof PageCartRequests>(name: K, detail: PageCartRequests[K]) => boolean;
  emit: Emit<CommerceEvents>;
  warn: Warn;
  pageOrigin: string;
}

/** The key of card `index` under message `messageId`: each card's "Add to cart" has its own state. */
export function cardKey(messageId: string, index: number): string {
  return `${messageId}#${index}`;
}

/** The card's place in its row, read back from its {@link cardKey}. */
export function cardIndex(card: string): number | undefined {
  const index = Number(card.slice(card.lastIndexOf('#') + 1));
  return card.includes('#') && Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** The commerce state of a new widget. */
export function initialCommerceState(): CommerceState {
  return { cart: null, links: null, cardAdds: {}, proposals: {}, callAdds: {} };
}
