import type { CartProposal } from '../commerce/commerce-state';
import type { createCommerceSlice } from '../commerce/commerce-slice';
import type { createChatSlice } from '../chat/chat-slice';
import { own } from '../common/own';
import type { AssistantState } from './state';

/** Where a proposal stands once the visitor has answered it (`adding` is still on its way). */
const ANSWERED = new Set<CartProposal['state']>(['added', 'declined', 'failed']);

/**
 * A cart proposal the agent made by calling the widget's `add_to_cart` tool (`protocol="ag-ui"` or
 * `"ai-sdk"`) is answered by the visitor: confirming or declining it tells the chat the tool's result,
 * which goes back to the agent in a run of its own once every call of that reply is answered
 * (docs/ag-ui.md, docs/ai-sdk.md). Other proposals are answered as before.
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
    const calls = (own(state().commerce.proposals, messageId) as CartProposal[] | undefined) ?? [];
    const all = calls.every((call) => !call.toolCallId || ANSWERED.has(call.state));
    chat.answerTool(messageId, toolCallId, JSON.stringify(result), all);
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
