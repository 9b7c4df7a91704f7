import type { Product } from '../chat/replies/products';
import { createCallAdds } from './call-adds';
import { createCardAdds } from './card-adds';
import { cartIdFor } from './cart-adapter';
import { createCartProposals } from './cart-proposals';
import { createCommerceCart, type CommerceCart } from './commerce-cart';
import type { CommerceDeps, CommerceStore } from './commerce-state';
import { readPageContext } from './page-context';
import { checkStoreContext } from './store-context';

/**
 * What the visitor (through the UI) and the store (through the element's methods) can do with the cart
 * and context, as it is. Answering a proposed cart change and undoing a call's are wider: the assistant
 * composes them from the slice's `confirmProposal`, `declineProposal` and `callAdds` (app/replacing-actions.ts).
 */
export interface CommerceActions {
  /**
   * A card's "Add to cart" (or its "Add another"): adds one. With `card` (its {@link cardKey}) the
   * progress and how many it added show on that card only, and a click while it is adding adds nothing.
   * False when it failed, cannot be added, or the card was busy.
   */
  addToCart(product: Product, card?: string): Promise<boolean>;
  /** The visitor opened the page of card `index` ("View product"): announced as `store-assistant:product-open`. */
  openProduct(product: Product, index: number): void;
  /** `setContext()`: the store's own facts, sent as `context.store`. False (with a console message) when invalid or too large. */
  setContext(facts: unknown): boolean;
}

/** How long a message waits for the cart before it leaves without `context.cart`. */
export const CART_CONTEXT_WAIT_MS = 2_000;

/**
 * The facts sent as `context` with each message: `page` (unless `page-context="off"`), `store` (set with
 * `setContext()`) and, with `commerce`, `cart`, read at most once per message and waited for at most
 * {@link CART_CONTEXT_WAIT_MS}. Without a cart to read it returns at once, not a promise, so the message
 * leaves without waiting.
 */
function readRequestContext(
  store: CommerceStore,
  deps: CommerceDeps,
  cart: CommerceCart,
  storeFacts: Record<string, unknown> | null,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const context: Record<string, unknown> = {};
  if (store.getState().config.commerce.pageContext) {
    try {
      const page = deps.readPage();
      if (page) context.page = readPageContext(page);
    } catch {
      // a page that throws while being read sends no page facts
    }
  }
  if (storeFacts) context.store = storeFacts;
  if (!cart.available) return context;
  let timer: unknown;
  const timeout = new Promise<null>(
    (resolve) => (timer = deps.timers.setTimeout(() => resolve(null), CART_CONTEXT_WAIT_MS)),
  );
  return Promise.race([cart.read(), timeout]).then((summary) => {
    deps.timers.clearTimeout(timer);
    return summary ? { ...context, cart: summary } : context;
  });
}

/**
 * The commerce feature: the page and store facts and the cart sent with each message, "Add to cart"
 * on cards, and the cart changes replies propose (added only when the visitor confirms). `cart` is the
 * cart for other features (the voice assistant's tools).
 */
export function createCommerceSlice(store: CommerceStore, deps: CommerceDeps) {
  const cart = createCommerceCart(store, deps);
  const callAdds = createCallAdds(store, cart);
  let storeFacts: Record<string, unknown> | null = null;
  const proposals = createCartProposals(store, deps, cart);
  const addFromCard = createCardAdds(store, cart);

  const actions: CommerceActions = {
    async addToCart(product, card) {
      const platform = store.getState().config.commerce.platform;
      const id = platform && cartIdFor(platform, product);
      if (!id || product.available === false) return false;
      if (card !== undefined) return addFromCard(card, id, product);
      return cart.add(id, 1, product).then(
        () => true,
        () => false,
      );
    },
    openProduct: (product, index) => deps.emit('product-open', { product, index }),
    setContext(facts) {
      const checked = checkStoreContext(facts);
      if ('problem' in checked) deps.warn(`setContext: ${checked.problem}; the store context is unchanged`);
      else storeFacts = checked.facts;
      return !('problem' in checked);
    },
  };

  return {
    actions,
    cart: cart as CommerceCart,
    /** The voice assistant's cart changes, each shown on a card with "Added" and "Undo". */
    callAdds,
    configure: cart.configure,

    /** The facts sent as `context` with each message (see {@link readRequestContext}). */
    readRequestContext: () => readRequestContext(store, deps, cart, storeFacts),

    /** The visitor confirmed proposal `index` of the reply `messageId`: now it is added. */
    confirmProposal: proposals.confirm,
    /** The visitor declined it: nothing is added. */
    declineProposal: proposals.decline,

    /** Shows a proposal under a message as a confirmation card: nothing is added until the visitor clicks. */
    propose: proposals.propose,

    /** A reply carried actions: the valid ones show as confirmation cards under it (only with `commerce`). */
    proposeActions: proposals.proposeActions,
  };
}
