import type { Product } from '../chat/replies/products';
import { own } from '../common/own';
import { cartErrorText, patchCommerce, type createCommerceCart } from './commerce-cart';
import { cardIndex, type CardAdd, type CommerceStore } from './commerce-state';

/**
 * The product cards' adds, each card on its own: its first click adds one and the card then says
 * "Added" (which adds nothing); "Add another" adds one more. A click while the card's request is under
 * way adds nothing, so a double tap is one add.
 */
export function createCardAdds(store: CommerceStore, cart: ReturnType<typeof createCommerceCart>) {
  const set = (card: string, add: CardAdd) =>
    patchCommerce(store, (commerce) => ({ cardAdds: { ...commerce.cardAdds, [card]: add } }));

  /** Adds one of `cartId` for card `card`; false when it did not go through or the card was busy. */
  return async function addFromCard(card: string, cartId: string, product: Product): Promise<boolean> {
    const current = own(store.getState().commerce.cardAdds, card) as CardAdd | undefined;
    if (current?.state === 'adding') return false;
    const added = current?.added ?? 0;
    set(card, { state: 'adding', added });
    try {
      await cart.add(cartId, 1, product, cardIndex(card));
      set(card, { state: 'added', added: added + 1 });
      return true;
    } catch (error) {
      set(card, { state: 'failed', added, error: cartErrorText(error, store.getState().strings) });
      return false;
    }
  };
}
