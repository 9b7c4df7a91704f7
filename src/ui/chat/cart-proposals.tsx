import { memo } from 'react';
import type { CartProposal } from '../../commerce/commerce-state';
import { useActions, useStrings } from '../context';

/** What a proposal says once the visitor has answered it (or while it is being added). */
function outcome(proposal: CartProposal, t: ReturnType<typeof useStrings>): string {
  if (proposal.state === 'adding') return t('addingToCart');
  return proposal.state === 'added' ? t('addedToCart') : t('declinedAddToCart');
}

/**
 * The cart changes a reply proposed, each a confirmation card: nothing is added until the visitor
 * clicks "Add to cart" on it.
 */
export const CartProposals = memo(function CartProposals({
  messageId,
  proposals,
}: {
  messageId: string;
  proposals: CartProposal[];
}) {
  const t = useStrings();
  const { confirmCartProposal, declineCartProposal } = useActions();
  return (
    <ul className="sa-proposals" aria-label={t('cartProposals')}>
      {proposals.map((proposal, index) => {
        const open = proposal.state === 'pending' || proposal.state === 'failed';
        return (
          <li key={index} className={`sa-proposal ${proposal.state}`} part="cart-proposal">
            <p className="sa-proposal-text">
              {t('confirmAddToCart', { quantity: proposal.quantity, title: proposal.title })}
            </p>
            {open ? (
              <div className="sa-proposal-buttons">
                <button
                  type="button"
                  className="sa-cart-button"
                  onClick={() => void confirmCartProposal(messageId, index)}
                >
                  {t('addToCart')}
                </button>
                <button
                  type="button"
                  className="sa-proposal-decline"
                  onClick={() => declineCartProposal(messageId, index)}
                >
                  {t('declineAddToCart')}
                </button>
              </div>
            ) : (
              <p className="sa-proposal-outcome" role="status">
                {outcome(proposal, t)}
              </p>
            )}
            {proposal.state === 'failed' && (
              <p className="sa-cart-error" role="alert">
                {proposal.error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
});
