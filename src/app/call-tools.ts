import type { createChatSlice } from '../chat/chat-slice';
import type { CallTools } from '../voice/call-tools';

/**
 * The client-side tools a voice assistant may call (see demo/vapi-tools.json for their definitions):
 * `show_products` shows cards in the thread; `add_to_cart` needs a store cart (`commerce`).
 * `end_call` is the call controller's own.
 */
export function callTools(chat: Pick<ReturnType<typeof createChatSlice>, 'showCallProducts'>): CallTools {
  return {
    show_products(args) {
      const shown = chat.showCallProducts(args.products);
      return shown > 0 ? { ok: true, shown } : { ok: false, error: 'No product could be shown: each needs at least a title or name.' };
    },
    add_to_cart: () => ({ ok: false, error: 'The cart is not available on this page: the store has not connected its cart to the assistant.' }),
  };
}
