import type { createChatSlice } from '../chat/chat-slice';
import type { createCommerceSlice } from '../commerce/commerce-slice';
import type { CallTools } from '../voice/call-tools';

/** The most a voice assistant may add in one call of `add_to_cart`, as for a reply's proposals. */
const MAX_CALL_QUANTITY = 10;

/**
 * The client-side tools a voice assistant may call (see demo/vapi-tools.json for their definitions):
 * `show_products` shows cards in the thread; `add_to_cart` adds to the store's cart at once, because the
 * visitor asked aloud, and shows the product's card with "Added" (the cart strip offers the cart and
 * its quantities); without `commerce` it answers that the cart is not available. `end_call` is the
 * call controller's own.
 */
export function callTools(chat: Pick<ReturnType<typeof createChatSlice>, 'showCallProducts'>, commerce: Pick<ReturnType<typeof createCommerceSlice>, 'cart'>): CallTools {
  return {
    show_products(args) {
      const shown = chat.showCallProducts(args.products);
      return shown > 0 ? { ok: true, shown } : { ok: false, error: 'No product could be shown: each needs at least a title or name.' };
    },
    async add_to_cart(args) {
      const { cart } = commerce;
      if (!cart.available) return { ok: false, error: 'The cart is not available on this page: the store has not connected its cart to the assistant.' };
      const variantId = typeof args.variantId === 'string' || typeof args.variantId === 'number' ? String(args.variantId) : '';
      const quantity = args.quantity === undefined ? 1 : Number(args.quantity);
      if (!variantId || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CALL_QUANTITY) {
        return { ok: false, error: `Give a variantId and a quantity from 1 to ${MAX_CALL_QUANTITY}.` };
      }
      const summary = await cart.add(variantId, quantity);
      return { ok: true, added: quantity, variantId, cart: summary ? { itemCount: summary.itemCount } : null };
    },
  };
}
