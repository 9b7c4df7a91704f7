import { memo } from 'react';
import type { CartProposal } from '../../commerce/commerce-state';
import { useActions, useStrings } from '../context';
import { usePriceFormat } from './price-format';

type Translate = ReturnType<typeof useStrings>;

/**
 * What a proposal says once the visitor has answered it (or while it is being added). Added is a
 * confirmation in the colours of success, marked with a tick; the others are quiet.
 */
function Outcome({ proposal, t }: { proposal: CartProposal; t: Translate }) {
  if (proposal.state === 'added')
    return (
      <p className="sa-proposal-outcome sa-proposal-added" role="status">
        <span aria-hidden="true">✓</span>
        {t('proposalAdded')}
        <span className="sr-only">: {t('proposedItem', { quantity: proposal.quantity, item: proposal.title })}</span>
      </p>
    );
  return (
    <p className="sa-proposal-outcome" role="status">
      {proposal.state === 'adding' ? t('addingToCart') : t('declinedAddToCart')}
    </p>
  );
}

/**
 * The cart changes a reply proposed, each a confirmation card: nothing is added until the visitor
 * clicks "Add to cart" on it. The reply asks the question; the card names what would be added
 * ("Linen Shirt", "2 × $64.00", or "2 × Linen Shirt" without a price) and offers the two answers.
 */
export const CartProposals = memo(function CartProposals({
  messageId,
  proposals,
}: {
  messageId: string;
  proposals: CartProposal[];
}) {
  const t = useStrings();
  const displayPrice = usePriceFormat();
  const { confirmCartProposal, declineCartProposal } = useActions();
  return (
    <ul className="sa-proposals" aria-label={t('cartProposals')}>
      {proposals.map((proposal, index) => {
        const open = proposal.state === 'pending' || proposal.state === 'failed';
        const price = proposal.product?.price ? displayPrice(proposal.product.price) : null;
        const item = t('proposedItem', { quantity: proposal.quantity, item: proposal.title });
        return (
          <li key={index} className={`sa-proposal ${proposal.state}`} part="cart-proposal">
            <p className="sa-proposal-text">{price ? proposal.title : item}</p>
            {price && (
              <p className="sa-proposal-price">{t('proposedItem', { quantity: proposal.quantity, item: price })}</p>
            )}
            {open ? (
              <div className="sa-proposal-buttons">
                <button
                  type="button"
                  className="sa-cart-button"
                  onClick={() => void confirmCartProposal(messageId, index)}
                >
                  {t('addToCart')}
                  <span className="sr-only">: {item}</span>
                </button>
                <button
                  type="button"
                  className="sa-proposal-decline"
                  onClick={() => declineCartProposal(messageId, index)}
                >
                  {t('declineAddToCart')}
                  <span className="sr-only">: {item}</span>
                </button>
              </div>
            ) : (
              <Outcome proposal={proposal} t={t} />
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
