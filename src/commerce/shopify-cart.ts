import { own } from '../common/own';
import {
  amount,
  CartError,
  platformText,
  summary,
  type CartAdapter,
  type CartResponse,
  type CartSend,
} from './cart-adapter';
import type { AssistedMark, CartSummary } from './commerce-state';

/** The cart attributes an assisted cart gets: the conversation's id and the assistant's name. */
export function assistedAttributes(mark: AssistedMark): Record<string, string> {
  return { store_assistant_conversation: mark.conversation, store_assistant: mark.assistant };
}

// Shopify's Ajax Cart API (https://shopify.dev/docs/api/ajax/reference/cart): POST {root}cart/add.js
// with { items: [{ id, quantity }] }, POST {root}cart/change.js with { id, quantity }, GET {root}cart.js.
// Prices are in the currency's subunit (cents); errors answer { status, message, description }.
// POST {root}cart/update.js with { attributes } sets cart attributes, which the order keeps as its
// note attributes ("Additional details" in the admin).

/** The cart of a `/cart.js` (or `/cart/change.js`) answer. */
function shopifyCart(body: unknown): CartSummary {
  const cents = (value: unknown) => {
    const number = amount(value);
    return number === undefined ? undefined : number / 100;
  };
  return summary(
    own(body, 'item_count'),
    cents(own(body, 'total_price')),
    own(body, 'currency'),
    own(body, 'items'),
    (item) => {
      const quantity = amount(own(item, 'quantity'));
      const id = own(item, 'variant_id') ?? own(item, 'id');
      if (quantity === undefined || (typeof id !== 'number' && typeof id !== 'string')) return null;
      return {
        variantId: String(id),
        title: platformText(own(item, 'product_title') ?? own(item, 'title')),
        quantity,
        price: cents(own(item, 'final_price') ?? own(item, 'price')),
      };
    },
  );
}

/** Shopify's refusal: its `description` (for example "The product 'Linen Shirt' is already sold out.") for the visitor. */
function refusal(response: CartResponse, what: string): CartError {
  const description = platformText(own(response.body, 'description')) || platformText(own(response.body, 'message'));
  const reason = response.status >= 400 && response.status < 500 && description ? 'platform' : 'network';
  return new CartError(
    reason,
    reason === 'platform' ? description : '',
    `${what} answered ${response.status}${description ? `: ${description}` : ''}`,
  );
}

/** The Shopify cart at `send`'s base (the store's routes root). */
export function shopifyCartAdapter(send: CartSend): CartAdapter {
  const read = async () => {
    const response = await send('GET', 'cart.js');
    if (!response.ok) throw refusal(response, 'cart.js');
    return shopifyCart(response.body);
  };
  return {
    read,
    async add(variantId, quantity) {
      const response = await send('POST', 'cart/add.js', { items: [{ id: Number(variantId), quantity }] });
      if (!response.ok) throw refusal(response, 'cart/add.js');
      // add.js answers with the added lines only; the count and total come from the cart.
      return read();
    },
    async setQuantity(variantId, quantity) {
      const response = await send('POST', 'cart/change.js', { id: String(variantId), quantity });
      if (!response.ok) throw refusal(response, 'cart/change.js');
      return shopifyCart(response.body);
    },
    async markAssisted(mark) {
      const response = await send('POST', 'cart/update.js', { attributes: assistedAttributes(mark) });
      if (!response.ok) throw refusal(response, 'cart/update.js');
    },
  };
}
