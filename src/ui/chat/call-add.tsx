import type { CallAdd } from '../../commerce/commerce-state';
import { useActions, useStrings } from '../context';

/**
 * The card of something the voice assistant added to the cart during a call (the visitor asked aloud,
 * so it was added at once): "Added", and "Undo", which takes back what that add put in (the line goes down by its quantity, as the cart is now).
 * While it is undone the button waits; when the cart refused, its reason shows and Undo can be tried again.
 */
export function CallAddActions({ messageId, add }: { messageId: string; add: CallAdd }) {
  const t = useStrings();
  const { undoCallAdd } = useActions();
  const undoing = add.state === 'undoing';
  return (
    <div className="sa-cart-action sa-call-add">
      <div className="sa-call-add-row">
        <span className="sa-cart-added">{t('addedToCart')}</span>
        <button
          type="button"
          className="sa-undo-button"
          part="undo-button"
          disabled={undoing}
          aria-busy={undoing}
          onClick={() => void undoCallAdd(messageId)}
        >
          {undoing ? t('undoingAddToCart') : t('undoAddToCart')}
          <span className="sr-only">: {add.title}</span>
        </button>
      </div>
      <span className="sr-only" role="status">
        {add.state === 'added' ? `${t('addedToCart')}: ${add.title}` : ''}
      </span>
      {add.state === 'failed' && (
        <p className="sa-cart-error" role="alert">
          {add.error}
        </p>
      )}
    </div>
  );
}
