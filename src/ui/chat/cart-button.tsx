import type { Product } from '../../chat/replies/products';
import { cartIdFor } from '../../commerce/cart-adapter';
import { own } from '../../common/own';
import { callAddOnCard } from '../../commerce/call-adds';
import type { CardAdd } from '../../commerce/commerce-state';
import { useActions, useAssistantState, useStrings } from '../context';
import { CallAddActions } from './call-add';

type Translate = ReturnType<typeof useStrings>;

/**
 * After a card's add: "Added" as a status, not a button (tapping it adds nothing), and "Add another"
 * as the one way to add more; the status counts what this card added ("2 added").
 */
function AddedActions({
  add,
  busy,
  onAdd,
  title,
  t,
}: {
  add: CardAdd;
  busy: boolean;
  onAdd: () => void;
  title: string;
  t: Translate;
}) {
  return (
    <div className="sa-card-added-row">
      <span className="sa-cart-added sa-card-added">
        <span aria-hidden="true">✓</span>
        {add.added > 1 ? t('addedToCartCount', { count: add.added }) : t('addedToCart')}
      </span>
      <button type="button" className="sa-add-another" disabled={busy} aria-busy={busy} onClick={onAdd}>
        {busy ? t('addingToCart') : t('addAnother')}
        <span className="sr-only">: {title}</span>
      </button>
    </div>
  );
}

/**
 * A product card's "Add to cart" (with `commerce` set and a cart id on the product): its progress, then
 * "Added" with "Add another", or the error under it; "Sold out" when the product is not available. The
 * state is the card's (`card`, its key), so another card of the same product starts at "Add to cart".
 * On the card of what the voice assistant added during a call (message `messageId`), "Added" with
 * "Undo" instead; once undone, "Add to cart" again, with a note that it was removed (or had already
 * been, when Undo found it gone).
 */
export function CartButton({ product, messageId, card }: { product: Product; messageId?: string; card?: string }) {
  const t = useStrings();
  const { addToCart } = useActions();
  const platform = useAssistantState((state) => state.config.commerce.platform);
  const id = platform && cartIdFor(platform, product);
  const add = useAssistantState((state) =>
    card === undefined ? undefined : (own(state.commerce.cardAdds, card) as CardAdd | undefined),
  );
  const fromCall = useAssistantState((state) => callAddOnCard(state, messageId, product));
  if (!id) return null;
  if (fromCall && fromCall.state !== 'undone' && fromCall.state !== 'gone')
    return <CallAddActions messageId={messageId ?? ''} add={fromCall} />;
  const soldOut = product.available === false;
  const busy = add?.state === 'adding';
  const onAdd = () => void addToCart(product, card);
  const addedLabel = add && add.added > 1 ? t('addedToCartCount', { count: add.added }) : t('addedToCart');
  return (
    <div className="sa-cart-action">
      {add && add.added > 0 ? (
        <AddedActions add={add} busy={busy} onAdd={onAdd} title={product.title} t={t} />
      ) : (
        <button
          type="button"
          className="sa-cart-button"
          part="cart-button"
          disabled={soldOut || busy}
          aria-busy={busy}
          onClick={onAdd}
        >
          {soldOut ? t('soldOut') : busy ? t('addingToCart') : t('addToCart')}
          <span className="sr-only">: {product.title}</span>
        </button>
      )}
      <span className="sr-only" role="status">
        {add && add.added > 0 && !busy ? `${addedLabel}: ${product.title}` : ''}
      </span>
      {add?.state === 'failed' && (
        <p className="sa-cart-error" role="alert">
          {add.error}
        </p>
      )}
      {fromCall && !add && (
        <p className="sa-cart-note" role="status">
          {t(fromCall.state === 'gone' ? 'undoAlreadyRemoved' : 'undoneAddToCart')}
        </p>
      )}
    </div>
  );
}
