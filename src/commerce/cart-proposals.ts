import type { Message } from '../chat/message';
import { own } from '../common/own';
import { cartIdFor } from './cart-adapter';
import { cartErrorText, patchCommerce, type createCommerceCart } from './commerce-cart';
import type { CartProposal, CommerceDeps, CommerceStore } from './commerce-state';
import { readReplyActions } from './reply-actions';

/**
 * The cart changes replies propose: each shows under its reply as a confirmation card and is added
 * only when the visitor confirms it.
 */
export function createCartProposals(
  store: CommerceStore,
  deps: CommerceDeps,
  cart: ReturnType<typeof createCommerceCart>,
) {
  let warnedUnset = false;
  const setProposal = (messageId: string, index: number, change: Partial<CartProposal>) =>
    patchCommerce(store, (commerce) => {
      const list = own(commerce.proposals, messageId) as CartProposal[] | undefined;
      return list
        ? {
            proposals: {
              ...commerce.proposals,
              [messageId]: list.map((item, at) => (at === index ? { ...item, ...change } : item)),
            },
          }
        : {};
    });

  return {
    /** The visitor confirmed proposal `index` of the reply `messageId`: now it is added. */
    async confirm(messageId: string, index: number): Promise<boolean> {
      const proposal = (own(store.getState().commerce.proposals, messageId) as CartProposal[] | undefined)?.[index];
      if (!proposal || (proposal.state !== 'pending' && proposal.state !== 'failed')) return false;
      setProposal(messageId, index, { state: 'adding', error: undefined });
      try {
        await cart.change('add', proposal.variantId, proposal.quantity, proposal.product);
        setProposal(messageId, index, { state: 'added' });
        return true;
      } catch (error) {
        setProposal(messageId, index, { state: 'failed', error: cartErrorText(error, store.getState().strings) });
        return false;
      }
    },

    /** The visitor declined it: nothing is added. */
    decline: (messageId: string, index: number) => setProposal(messageId, index, { state: 'declined' }),

    /** Shows `proposal` under message `messageId` as a confirmation card: nothing is added until the visitor clicks. */
    propose(messageId: string, proposal: Omit<CartProposal, 'state'>): void {
      patchCommerce(store, (commerce) => {
        const list = (own(commerce.proposals, messageId) as CartProposal[] | undefined) ?? [];
        return { proposals: { ...commerce.proposals, [messageId]: [...list, { ...proposal, state: 'pending' }] } };
      });
    },

    /** A reply carried `actions`: the valid ones show as confirmation cards under it (only with `commerce`). */
    proposeActions(message: Message, raw: unknown[]): void {
      const platform = store.getState().config.commerce.platform;
      if (raw.length === 0) return;
      if (!platform) {
        if (!warnedUnset)
          deps.warn('a reply proposed cart actions, but the commerce attribute is not set: they were ignored');
        warnedUnset = true;
        return;
      }
      const proposals = readReplyActions(raw, message.products ?? [], (product) => cartIdFor(platform, product));
      if (proposals.length > 0)
        patchCommerce(store, (commerce) => ({ proposals: { ...commerce.proposals, [message.id]: proposals } }));
    },
  };
}
