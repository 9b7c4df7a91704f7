import type { Product } from '../chat/replies/products';
import { visibleText } from '../chat/markdown/visible-text';
import { own } from '../common/own';
import type { CartProposal } from './commerce-state';

/** A reply proposes at most this many cart changes; the rest are dropped. */
export const MAX_REPLY_ACTIONS = 10;
/** A proposed quantity above this is dropped, not lowered: the reply asked for something unreasonable. */
export const MAX_ACTION_QUANTITY = 10;

/**
 * The cart changes a reply proposes, from its `actions` entries: `{ "type": "add-to-cart", "variantId",
 * "quantity"? (1 to 10, default 1), "title"? }`. This is a security boundary: a prompt-injected reply
 * must not fill a cart, so nothing here changes the cart (each proposal waits for the visitor's click),
 * at most {@link MAX_REPLY_ACTIONS} are kept, and anything else (another type, an id `cartId` refuses,
 * a quantity that is not a whole number from 1 to {@link MAX_ACTION_QUANTITY}) is dropped. The title
 * comes from the action, else from the reply's card with the same id.
 */
export function readReplyActions(
  raw: readonly unknown[],
  products: readonly Product[],
  cartId: (product: Pick<Product, 'variantId'>) => string | null,
): CartProposal[] {
  const proposals: CartProposal[] = [];
  for (const action of raw.slice(0, 100)) {
    if (proposals.length >= MAX_REPLY_ACTIONS) break;
    if (own(action, 'type') !== 'add-to-cart') continue;
    const given = own(action, 'variantId') ?? own(action, 'variant_id');
    const variantId =
      typeof given === 'string' || typeof given === 'number' ? cartId({ variantId: String(given) }) : null;
    const quantity = own(action, 'quantity') ?? 1;
    if (
      variantId === null ||
      !Number.isInteger(quantity) ||
      (quantity as number) < 1 ||
      (quantity as number) > MAX_ACTION_QUANTITY
    )
      continue;
    const product = products.find((card) => card.variantId === variantId || card.id === variantId) ?? null;
    const named = own(action, 'title') ?? own(action, 'name');
    // A title from the reply reads as a card's does: references decoded as text, invisible characters gone.
    const title =
      (typeof named === 'string' &&
        visibleText(named.slice(0, 1200))
          .replace(/[\u0000-\u001f\u007f]+/g, ' ')
          .trim()
          .slice(0, 120)) ||
      product?.title ||
      `#${variantId}`;
    const toolCallId = own(action, 'toolCallId');
    proposals.push({
      variantId,
      quantity: quantity as number,
      title,
      product,
      state: 'pending',
      ...(typeof toolCallId === 'string' ? { toolCallId: toolCallId.slice(0, 200) } : {}),
    });
  }
  return proposals;
}
