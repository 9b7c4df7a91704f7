import type { CartProposal } from '../commerce/commerce-state';
import type { createCommerceSlice } from '../commerce/commerce-slice';
import type { createChatSlice } from '../chat/chat-slice';
import { own } from '../common/own';
import type { AssistantState } from './state';

/**
 * A cart proposal the agent made by calling the widget's `add_to_cart` tool (`protocol="ag-ui"`) is
 * answered by the visitor: confirming or declining it tells the chat the tool's result, which goes back
 * to the agent with the next run (docs/ag-ui.md). Other proposals are answered as before.
 */
export function toolAnswers(
  state: () => AssistantState,
  commerce: ReturnType<typeof createCommerceSlice>,
  chat: ReturnType<typeof createChatSlice>,
) {
  const proposal = (messageId: string, index: number) =>
    (own(state().commerce.proposals, messageId) as CartProposal[] | undefined)?.[index];
  const answer = (messageId: string, index: number) => {
    const { toolCallId, state: outcome, error, variantId, quantity } = proposal(messageId, index) ?? {};
    if (!toolCallId) return;
    const added = outcome === 'added';
    const result = {
      added,
      variantId,
      quantity,
      ...(outcome === 'declined' ? { declined: true } : {}),
      ...(added ? {} : { error }),
    };
    chat.answerTool(toolCallId, JSON.stringify(result));
  };
  return {
    async confirmCartProposal(messageId: string, index: number): Promise<boolean> {
      const added = await commerce.confirmProposal(messageId, index);
      answer(messageId, index);
      return added;
    },
    declineCartProposal(messageId: string, index: number): void {
      commerce.declineProposal(messageId, index);
      answer(messageId, index);
    },
  };
}
