import type { createChatSlice } from '../chat/chat-slice';
import type { Message } from '../chat/message';
import type { Product } from '../chat/replies/products';
import { CartError } from '../commerce/cart-adapter';
import type { createCommerceSlice } from '../commerce/commerce-slice';
import type { CartSummary } from '../commerce/commerce-state';
import type { PageProduct } from '../commerce/page-context';
import type { CallTools, ToolResult } from '../voice/call-tools';

/** The most a voice assistant may add in one call of `add_to_cart`, as for a reply's proposals. */
const MAX_CALL_QUANTITY = 10;

type Chat = Pick<ReturnType<typeof createChatSlice>, 'showCallProducts'>;
type Commerce = Pick<ReturnType<typeof createCommerceSlice>, 'cart' | 'callAdds'>;

/** What the tools read of the widget now: the conversation (for the cards shown) and the product on the page. */
export interface CallToolFacts {
  messages(): readonly Message[];
  pageProduct(): PageProduct | null;
}

/** The newest card in the conversation with cart id `id`. */
function shownProduct(messages: readonly Message[], cartId: (variantId: string) => string | null, id: string): Product | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const found = messages[index]?.products?.find((product) => [product.variantId, product.id].some((candidate) => candidate !== undefined && cartId(candidate) === id));
    if (found) return found;
  }
  return null;
}

/**
 * The card for what a call added: the card shown in the chat with that id, else the product on the page
 * when it has that id (sku), else the cart's line for it, else just the id. Sanitised by the chat like
 * any card.
 */
function addedCard(shown: Product | null, facts: CallToolFacts, commerce: Commerce, id: string, cart: CartSummary | null): Record<string, unknown> {
  if (shown) return { ...shown };
  const page = facts.pageProduct();
  if (page?.name && page.sku !== undefined && commerce.callAdds.cartId(page.sku) === id) {
    return { title: page.name, price: page.price === undefined ? undefined : `${page.price}${page.priceCurrency ? ` ${page.priceCurrency}` : ''}`, url: page.url, image: page.image, variantId: id };
  }
  const line = cart?.lines.find((each) => each.variantId === id);
  return { title: line?.title || `#${id}`, variantId: id };
}

/** Why an add failed, for the assistant to say: the store's own words, or what kind of failure it was. */
function addFailure(error: unknown, variantId: string): string {
  if (error instanceof CartError && error.message) return error.message;
  if (error instanceof CartError && error.reason === 'unavailable') return `The product "${variantId}" cannot be added to this store's cart.`;
  return "The store's cart did not answer. Nothing was added.";
}

/** `add_to_cart`: adds at once (the visitor asked aloud) and shows the card with "Added" and "Undo". */
async function addToCart(args: Record<string, unknown>, chat: Chat, commerce: Commerce, facts: CallToolFacts): Promise<ToolResult> {
  if (!commerce.cart.available) return { ok: false, error: 'The cart is not available on this page: the store has not connected its cart to the assistant.' };
  const variantId = typeof args.variantId === 'string' || typeof args.variantId === 'number' ? String(args.variantId).trim() : '';
  const quantity = args.quantity === undefined ? 1 : Number(args.quantity);
  if (!variantId || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CALL_QUANTITY) {
    return { ok: false, error: `Give a variantId and a quantity from 1 to ${MAX_CALL_QUANTITY}.` };
  }
  const id = commerce.callAdds.cartId(variantId);
  if (!id) return { ok: false, error: addFailure(new CartError('unavailable'), variantId) };
  const known = shownProduct(facts.messages(), (candidate) => commerce.callAdds.cartId(candidate), id);
  let added;
  try {
    added = await commerce.callAdds.add(id, quantity, known);
  } catch (error) {
    return { ok: false, error: addFailure(error, variantId) };
  }
  const message = chat.showCallProducts(addedCard(known, facts, commerce, id, added.cart));
  const title = message?.products?.[0]?.title ?? `#${id}`;
  if (message) commerce.callAdds.record(message.id, { variantId: id, title, quantity });
  return { ok: true, added: quantity, variantId: id, title, cart: added.cart ? { itemCount: added.cart.itemCount } : null, undo: 'The visitor can undo this in the chat window.' };
}

/**
 * The client-side tools a voice assistant may call (see demo/vapi-tools.json for their definitions):
 * `show_products` shows cards in the thread; `add_to_cart` adds to the store's cart at once, because the
 * visitor asked aloud, and shows the product's card with "Added" and "Undo"; without `commerce` it
 * answers that the cart is not available. `end_call` is the call controller's own.
 */
export function callTools(chat: Chat, commerce: Commerce, facts: CallToolFacts): CallTools {
  return {
    show_products(args) {
      const shown = chat.showCallProducts(args.products)?.products?.length ?? 0;
      return shown > 0 ? { ok: true, shown } : { ok: false, error: 'No product could be shown: each needs at least a title or name.' };
    },
    add_to_cart: (args) => addToCart(args, chat, commerce, facts),
  };
}
