import type { Product } from '../../chat/replies/products';
import { cartIdFor } from '../../commerce/cart-adapter';
import { own } from '../../common/own';
import type { AddStatus, CallAdd } from '../../commerce/commerce-state';
import { useActions, useAssistantState, useStrings } from '../context';
import { CallAddActions } from './call-add';

/**
 * A product card's "Add to cart" (with `commerce` set and a cart id on the product): its progress, then
 * "Added" or the error under it; "Sold out" when the product is not available. On the card of what the
 * voice assistant added during a call (message `messageId`), "Added" with "Undo" instead; once undone,
 * "Add to cart" again, with a note that it was removed (or had already been, when Undo found it gone).
 */
export function CartButton({ product, messageId }: { product: Product; messageId?: string }) {
  const t = useStrings();
  const { addToCart } = useActions();
  const platform = useAssistantState((state) => state.config.commerce.platform);
  const id = platform && cartIdFor(platform, product);
  const status = useAssistantState((state) =>
    id ? (own(state.commerce.adds, id) as AddStatus | undefined) : undefined,
  );
  const callAdd = useAssistantState((state) =>
    messageId ? (own(state.commerce.callAdds, messageId) as CallAdd | undefined) : undefined,
  );
  if (!id) return null;
  const fromCall = callAdd?.variantId === id ? callAdd : undefined;
  if (fromCall && fromCall.state !== 'undone' && fromCall.state !== 'gone')
    return <CallAddActions messageId={messageId ?? ''} add={fromCall} />;
  const soldOut = product.available === false;
  const busy = status?.state === 'adding';
  const label = soldOut
    ? t('soldOut')
    : busy
      ? t('addingToCart')
      : status?.state === 'added'
        ? t('addedToCart')
        : t('addToCart');
  return (
    <div className="sa-cart-action">
      <button
        type="button"
        className={`sa-cart-button${status?.state === 'added' ? ' added' : ''}`}
        part="cart-button"
        disabled={soldOut || busy}
        aria-busy={busy}
        onClick={() => void addToCart(product)}
      >
        {label}
        <span className="sr-only">: {product.title}</span>
      </button>
      <span className="sr-only" role="status">
        {status?.state === 'added' ? `${t('addedToCart')}: ${product.title}` : ''}
      </span>
      {status?.state === 'failed' && (
        <p className="sa-cart-error" role="alert">
          {status.error}
        </p>
      )}
      {fromCall && !status && (
        <p className="sa-cart-note" role="status">
          {t(fromCall.state === 'gone' ? 'undoAlreadyRemoved' : 'undoneAddToCart')}
        </p>
      )}
    </div>
  );
}
