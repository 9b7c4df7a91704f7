import type { createChatSlice } from '../../chat/chat-slice';
import type { Message } from '../../chat/message';
import type { Product } from '../../chat/replies/products';
import { CartError } from '../../commerce/cart-adapter';
import type { createCommerceSlice } from '../../commerce/commerce-slice';
import type { CartSummary } from '../../commerce/commerce-state';
import type { PageProduct } from '../../commerce/page-context';
import { MAX_ACTION_QUANTITY } from '../../commerce/reply-actions';
import type { createCallCartCaps } from './call-cart-caps';
import { navigateTool, type PageNavigation } from './call-navigate';
import type { CallTools, ToolResult } from '../../voice/call-tools';

/** The most a voice assistant may ask for in one call of `add_to_cart` (confirmed or not), as for a reply's proposals. */
const MAX_CALL_QUANTITY = MAX_ACTION_QUANTITY;

type Chat = Pick<ReturnType<typeof createChatSlice>, 'showCallProducts' | 'showCallOrders'>;
type Commerce = Pick<ReturnType<typeof createCommerceSlice>, 'cart' | 'callAdds' | 'propose'>;

/** What the tools read of the widget now: the conversation (for the cards shown) and the product on the page. */
export interface CallToolFacts {
  messages(): readonly Message[];
  pageProduct(): PageProduct | null;
  /** When the call now running connected: what it added at once is counted per call. */
  callStartedAt(): number | null;
  /** What calls have added without the visitor, against the caps of call-cart-caps.ts. */
  caps: ReturnType<typeof createCallCartCaps>;
  /** Where `navigate` may take the visitor, and how. */
  pages: PageNavigation;
}

/** The newest card in the conversation with cart id `id` (and, with `also`, that also passes it). */
function shownProduct(
  messages: readonly Message[],
  cartId: (variantId: string) => string | null,
  id: string,
  also: (product: Product) => boolean = () => true,
): Product | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const found = messages[index]?.products?.find(
      (product) =>
        also(product) &&
        [product.variantId, product.id].some((candidate) => candidate !== undefined && cartId(candidate) === id),
    );
    if (found) return found;
  }
  return null;
}

/**
 * The card for what a call added: the card shown in the chat with that id (with the picture the chat
 * showed for it when that card has none), else the product on the page when it has that id (sku), else
 * the cart's line for it, else just the id. Sanitised by the chat like any card.
 */
function addedCard(
  shown: Product | null,
  facts: CallToolFacts,
  commerce: Commerce,
  id: string,
  cart: CartSummary | null,
): Record<string, unknown> {
  if (shown) {
    // A card the assistant shows again (by `show_products`, often with only a title and an id) still has
    // the picture an earlier card of the same product had.
    const cartId = (candidate: string) => commerce.callAdds.cartId(candidate);
    const pictured = (product: Product) => product.image !== undefined;
    const image = shown.image ?? shownProduct(facts.messages(), cartId, id, pictured)?.image;
    return { ...shown, image };
  }
  const page = facts.pageProduct();
  if (page?.name && page.sku !== undefined && commerce.callAdds.cartId(page.sku) === id) {
    return {
      title: page.name,
      price:
        page.price === undefined ? undefined : `${page.price}${page.priceCurrency ? ` ${page.priceCurrency}` : ''}`,
      url: page.url,
      image: page.image,
      variantId: id,
    };
  }
  const line = cart?.lines.find((each) => each.variantId === id);
  return { title: line?.title || `#${id}`, variantId: id };
}

/** Why an add failed, for the assistant to say: the store's own words, or what kind of failure it was. */
function addFailure(error: unknown, variantId: string): string {
  if (error instanceof CartError && error.message) return error.message;
  if (error instanceof CartError && error.reason === 'unavailable')
    return `The product "${variantId}" cannot be added to this store's cart.`;
  return "The store's cart did not answer. Nothing was added.";
}

/** Over a cap: the add waits for the visitor, as a confirmation card under the product's card. */
function askVisitor(
  chat: Chat,
  commerce: Commerce,
  facts: CallToolFacts,
  id: string,
  quantity: number,
  overCap: string,
): ToolResult {
  const known = shownProduct(facts.messages(), (candidate) => commerce.callAdds.cartId(candidate), id);
  const message = chat.showCallProducts(addedCard(known, facts, commerce, id, null));
  const title = message?.products?.[0]?.title ?? `#${id}`;
  if (message) commerce.propose(message.id, { variantId: id, quantity, title, product: known });
  return {
    ok: false,
    needsVisitorConfirmation: true,
    variantId: id,
    title,
    error: `Nothing was added: this is ${overCap}, which needs the visitor's confirmation. The chat window now asks the visitor to confirm ${quantity} × ${title}; it is added only if they click "Add to cart" there.`,
  };
}

/** Reads `add_to_cart`'s arguments: the cart id and quantity, or what is wrong with them. */
function addArguments(
  args: Record<string, unknown>,
  commerce: Commerce,
): { id: string; quantity: number } | { error: string } {
  const variantId =
    typeof args.variantId === 'string' || typeof args.variantId === 'number' ? String(args.variantId).trim() : '';
  const quantity = args.quantity === undefined ? 1 : Number(args.quantity);
  if (!variantId || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CALL_QUANTITY) {
    return { error: `Give a variantId and a quantity from 1 to ${MAX_CALL_QUANTITY}.` };
  }
  const id = commerce.callAdds.cartId(variantId);
  return id ? { id, quantity } : { error: addFailure(new CartError('unavailable'), variantId) };
}

/**
 * `add_to_cart`: adds at once (the visitor asked aloud) within the caps of call-cart-caps.ts and shows
 * the card with "Added" and "Undo"; beyond them the visitor is asked to confirm in the chat.
 */
async function addToCart(
  args: Record<string, unknown>,
  chat: Chat,
  commerce: Commerce,
  facts: CallToolFacts,
): Promise<ToolResult> {
  if (!commerce.cart.available)
    return {
      ok: false,
      error: 'The cart is not available on this page: the store has not connected its cart to the assistant.',
    };
  const read = addArguments(args, commerce);
  if ('error' in read) return { ok: false, error: read.error };
  const { id, quantity } = read;
  const check = facts.caps.reserve(facts.callStartedAt(), id, quantity);
  if ('overCap' in check) return askVisitor(chat, commerce, facts, id, quantity, check.overCap);
  const known = shownProduct(facts.messages(), (candidate) => commerce.callAdds.cartId(candidate), id);
  let added;
  try {
    added = await commerce.callAdds.add(id, quantity, known);
  } catch (error) {
    check.release();
    return { ok: false, error: addFailure(error, id) };
  }
  const message = chat.showCallProducts(addedCard(known, facts, commerce, id, added.cart));
  const title = message?.products?.[0]?.title ?? `#${id}`;
  if (message) commerce.callAdds.record(message.id, { variantId: id, title, quantity });
  return {
    ok: true,
    added: quantity,
    variantId: id,
    title,
    cart: added.cart ? { itemCount: added.cart.itemCount } : null,
    undo: 'The visitor can undo this in the chat window.',
  };
}

/**
 * `lookup_order`: the orders the assistant found (the shape of a reply's `orders`) show as order cards in
 * the thread, sanitised and capped like a reply's. The assistant hears back only a short summary of what
 * the visitor now sees (number, status, expected delivery), not the cards' links and lines.
 */
function lookupOrder(args: Record<string, unknown>, chat: Chat): ToolResult {
  const orders = chat.showCallOrders(args.orders)?.orders ?? [];
  if (orders.length === 0) {
    return { ok: false, error: 'No order could be shown: each needs a number and a status of the documented list.' };
  }
  return {
    ok: true,
    shown: orders.length,
    orders: orders.map(({ number, status, expectedDelivery }) =>
      expectedDelivery ? { number, status, expectedDelivery } : { number, status },
    ),
  };
}

/**
 * The client-side tools a voice assistant may call (see demo/vapi-tools.json for their definitions):
 * `show_products` shows cards in the thread; `add_to_cart` adds to the store's cart at once, because the
 * visitor asked aloud, and shows the product's card with "Added" and "Undo" (beyond the caps of
 * call-cart-caps.ts it asks the visitor to confirm instead); without `commerce` it
 * answers that the cart is not available; `lookup_order` shows order cards; `navigate` opens a product,
 * the cart or the checkout of this store (call-navigate.ts). `end_call` is the call controller's own.
 */
export function callTools(chat: Chat, commerce: Commerce, facts: CallToolFacts): CallTools {
  return {
    show_products(args) {
      const shown = chat.showCallProducts(args.products)?.products?.length ?? 0;
      return shown > 0
        ? { ok: true, shown }
        : { ok: false, error: 'No product could be shown: each needs at least a title or name.' };
    },
    add_to_cart: (args) => addToCart(args, chat, commerce, facts),
    lookup_order: (args) => lookupOrder(args, chat),
    navigate: navigateTool(facts.pages),
  };
}
