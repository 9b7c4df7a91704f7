import type { Product } from '../chat/replies/products';
import { own } from '../common/own';
import { CartError, cartIdFor } from './cart-adapter';
import { patchCommerce, type createCommerceCart } from './commerce-cart';
import type { CallAdd, CartSummary, CommerceStore } from './commerce-state';

/** What a call's add did: the cart id, the cart after it, and the quantity Undo restores. */
export interface CallAddResult {
  variantId: string;
  cart: CartSummary | null;
  restoreTo: number;
}

/** The line's quantity before adding `quantity`, from the cart after the add (0 when the cart does not say). */
function quantityBefore(cart: CartSummary | null, variantId: string, quantity: number): number {
  const line = cart?.lines.find((each) => each.variantId === variantId);
  return line ? Math.max(0, line.quantity - quantity) : 0;
}

/**
 * The voice assistant's cart changes: added at once (the visitor asked aloud), each recorded by the
 * message whose card shows it with "Added" and "Undo"; Undo sets the line back to its quantity before.
 */
export function createCallAdds(store: CommerceStore, cart: ReturnType<typeof createCommerceCart>) {
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

  return {
    cartId,

    /** Adds `quantity` of `variantId` now; throws a CartError when the cart refused or did not answer. */
    async add(variantId: string, quantity: number, product: Product | null): Promise<CallAddResult> {
      const summary = await cart.add(variantId, quantity, product);
      const id = cartId(variantId) ?? variantId;
      return { variantId: id, cart: summary, restoreTo: quantityBefore(summary, id, quantity) };
    },

    /** The card of message `messageId` shows this add, with "Added" and "Undo". */
    record(messageId: string, add: Omit<CallAdd, 'state'>): void {
      patchCommerce(store, (commerce) => ({ callAdds: { ...commerce.callAdds, [messageId]: { ...add, state: 'added' } } }));
    },

    /**
     * Undo of the add shown by `messageId`: the line goes back to its quantity before (removed when it
     * was not in the cart), and the card's "Add to cart" is offered again. The add it undid, or null when
     * there was nothing to undo or the cart refused (the card then says why).
     */
    async undo(messageId: string): Promise<CallAdd | null> {
      const add = own(store.getState().commerce.callAdds, messageId) as CallAdd | undefined;
      if (!add || (add.state !== 'added' && add.state !== 'failed')) return null;
      patch(messageId, { state: 'undoing', error: undefined });
      try {
        await cart.setQuantity(add.variantId, add.restoreTo);
        patch(messageId, { state: 'undone' });
        patchCommerce(store, (commerce) => ({ adds: Object.fromEntries(Object.entries(commerce.adds).filter(([id]) => id !== add.variantId)) }));
        return add;
      } catch (error) {
        // The platform's own words when it gave any (CartError.message), else ours.
        const text = error instanceof CartError && error.message ? error.message : store.getState().strings.undoFailed;
        patch(messageId, { state: 'failed', error: text });
        return null;
      }
    },
  };
}
