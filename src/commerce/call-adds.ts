import type { Product } from '../chat/replies/products';
import { own } from '../common/own';
import { CartError, cartIdFor } from './cart-adapter';
import { patchCommerce, type createCommerceCart } from './commerce-cart';
import type { CallAdd, CartSummary, CommerceStore, CommerceView } from './commerce-state';

/** What a call's add did: the cart id and the cart after it. */
export interface CallAddResult {
  variantId: string;
  cart: CartSummary | null;
}

/**
 * What an Undo did: `removed` of the add's quantity came out of the cart (less than it when the visitor
 * had lowered the line since), or `gone` when the line was no longer in the cart and nothing changed.
 */
export interface CallUndo {
  add: CallAdd;
  outcome: 'removed' | 'gone';
  removed: number;
}

/**
 * The call's add the card of `product` under message `messageId` shows ("Added" and "Undo", or the note
 * after an Undo), if any: the message's add, when it is of that product's cart id.
 */
export function callAddOnCard(
  state: Pick<CommerceView, 'commerce' | 'config'>,
  messageId: string | undefined,
  product: Pick<Product, 'variantId' | 'id'>,
): CallAdd | undefined {
  const platform = state.config.commerce.platform;
  const add = messageId === undefined ? undefined : (own(state.commerce.callAdds, messageId) as CallAdd | undefined);
  return add && platform && add.variantId === cartIdFor(platform, product) ? add : undefined;
}

/**
 * The voice assistant's cart changes: added at once (the visitor asked aloud), each recorded by the
 * message whose card shows it with "Added" and "Undo". Undo takes back what that add put in, from the
 * cart as it is now: the line's quantity goes down by the add's quantity (never below zero), so later
 * adds and the visitor's own changes stay. Undos run one after another, each on the cart the last left.
 */
export function createCallAdds(store: CommerceStore, cart: ReturnType<typeof createCommerceCart>) {
  let queue: Promise<unknown> = Promise.resolve();
  const patch = (messageId: string, change: Partial<CallAdd>) =>
    patchCommerce(store, (commerce) => {
      const current = own(commerce.callAdds, messageId) as CallAdd | undefined;
      return current ? { callAdds: { ...commerce.callAdds, [messageId]: { ...current, ...change } } } : {};
    });

  /** The cart id `variantId` stands for on this store's platform, or null (no `commerce`, or not an id it takes). */
  const cartId = (variantId: string): string | null => {
    const platform = store.getState().config.commerce.platform;
    return platform ? cartIdFor(platform, { variantId }) : null;
  };

  /** Takes `add` back out of the cart as it is now; throws a CartError when the cart is unknown or refused. */
  const takeBack = async (add: CallAdd): Promise<Omit<CallUndo, 'add'>> => {
    const now = (await cart.read()) ?? store.getState().commerce.cart;
    if (!now) throw new CartError('network', '', 'the cart could not be read, so Undo changed nothing');
    const line = now.lines.find((each) => each.variantId === add.variantId);
    if (!line || line.quantity <= 0) {
      // Gone only when the lines account for the whole cart: a cart told without all its lines (more than
      // MAX_CART_LINES, or a custom page that reports only its count) may still hold it.
      const listed = now.lines.reduce((sum, each) => sum + each.quantity, 0);
      if (listed < now.itemCount)
        throw new CartError('network', '', 'the cart did not list the line, so Undo changed nothing');
      return { outcome: 'gone', removed: 0 };
    }
    const removed = Math.min(line.quantity, add.quantity);
    await cart.setQuantity(add.variantId, line.quantity - removed);
    return { outcome: 'removed', removed };
  };

  const undoNow = async (messageId: string): Promise<CallUndo | null> => {
    const add = own(store.getState().commerce.callAdds, messageId) as CallAdd | undefined;
    if (!add || (add.state !== 'added' && add.state !== 'failed')) return null;
    patch(messageId, { state: 'undoing', error: undefined });
    try {
      const done = await takeBack(add);
      patch(messageId, { state: done.outcome === 'gone' ? 'gone' : 'undone' });
      return { add, ...done };
    } catch (error) {
      // The platform's own words when it gave any (CartError.message), else ours.
      const text = error instanceof CartError && error.message ? error.message : store.getState().strings.undoFailed;
      patch(messageId, { state: 'failed', error: text });
      return null;
    }
  };

  return {
    cartId,

    /** Adds `quantity` of `variantId` now; throws a CartError when the cart refused or did not answer. */
    async add(variantId: string, quantity: number, product: Product | null): Promise<CallAddResult> {
      const summary = await cart.add(variantId, quantity, product);
      return { variantId: cartId(variantId) ?? variantId, cart: summary };
    },

    /** The card of message `messageId` shows this add, with "Added" and "Undo". */
    record(messageId: string, add: Omit<CallAdd, 'state'>): void {
      patchCommerce(store, (commerce) => ({
        callAdds: { ...commerce.callAdds, [messageId]: { ...add, state: 'added' } },
      }));
    },

    /**
     * Undo of the add shown by `messageId` (see {@link createCallAdds}); the card's "Add to cart" is
     * offered again. What it did, or null when there was nothing to undo or the cart refused (the card
     * then says why). Queued behind any Undo still under way.
     */
    undo(messageId: string): Promise<CallUndo | null> {
      const next = queue.then(() => undoNow(messageId));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
