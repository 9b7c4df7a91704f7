import type { CallUndo } from '../commerce/call-adds';
import type { createChatSlice } from '../chat/chat-slice';
import type { createCommerceSlice } from '../commerce/commerce-slice';
import type { createStore } from '../common/store';
import type { createHandoffSlice } from '../handoff/handoff-slice';
import type { createCallController } from '../voice/voice-slice';
import type { AssistantActions } from './actions';
import type { AssistantDeps } from './deps';
import type { createNavigation } from './navigation';
import type { createOutbox } from './outbox';
import { erasePersonalKeys } from './personal-keys';
import type { AssistantState } from './state';
import { toolAnswers } from './tool-answers';

/**
 * The public actions that take the place of a feature's own step: each does that step and what the
 * other features must do with it. The feature offers its step under another name, so that neither is
 * mistaken for the other, and `mergeActions` (app/merge-actions.ts) refuses two actions of one name.
 *
 * | action                                     | takes the place of                            | because                                                                                        |
 * | ------------------------------------------ | --------------------------------------------- | ---------------------------------------------------------------------------------------------- |
 * | `sendMessage`                              | chat's `sendToWebhook`                        | during a live call typed text goes into the call; offline, it waits as not delivered            |
 * | `newChat`                                  | chat's `startNewConversation`                 | a takeover, a call's transcript and unsent messages belong to the conversation they were in   |
 * | `clearConversations`                       | chat's `clearSavedConversations`              | every takeover and whatever else the widget kept of the person goes too                        |
 * | `openConversation`                         | chat's `openSavedConversation`                | unsent messages stay with their conversation, and the chat view shows the one opened           |
 * | `confirmCartProposal`, `declineCartProposal` | commerce's `confirmProposal`, `declineProposal` | an agent's call of the widget's cart tool is answered with what the visitor chose (AG-UI)      |
 * | `undoCallAdd`                              | commerce's `callAdds.undo`                    | the assistant on the call is told what the cart holds now                                      |
 */
export type ReplacingActions = Pick<
  AssistantActions,
  | 'sendMessage'
  | 'newChat'
  | 'clearConversations'
  | 'openConversation'
  | 'confirmCartProposal'
  | 'declineCartProposal'
  | 'undoCallAdd'
>;

/** The features' parts the replacing actions are made of. */
export interface ReplacedParts {
  chat: ReturnType<typeof createChatSlice>;
  commerce: ReturnType<typeof createCommerceSlice>;
  calls: ReturnType<typeof createCallController>;
  handoff: ReturnType<typeof createHandoffSlice>;
  navigation: ReturnType<typeof createNavigation>;
  outbox: ReturnType<typeof createOutbox>;
}

type AssistantStore = ReturnType<typeof createStore<AssistantState>>;

/** What the call is told after an Undo: what came out of the cart, or that nothing could. */
function undoReport({ add, outcome, removed }: CallUndo): string {
  const item = `${add.title} (variant ${add.variantId})`;
  if (outcome === 'gone')
    return `The visitor pressed Undo in the chat, but ${item} was no longer in the cart (already removed): nothing was taken out.`;
  if (removed < add.quantity)
    return `The visitor pressed Undo in the chat: only ${removed} of the ${add.quantity} × ${item} added were still in the cart, and those were taken out.`;
  return `The visitor pressed Undo in the chat: ${add.quantity} × ${item} was taken out of the cart again.`;
}

/** Starting, clearing and switching conversations: a takeover and unsent messages belong to their thread. */
function threadActions(
  store: AssistantStore,
  deps: AssistantDeps,
  { chat, calls, handoff, navigation }: ReplacedParts,
): Pick<ReplacingActions, 'newChat' | 'clearConversations' | 'openConversation'> {
  return {
    newChat() {
      // A takeover belongs to its conversation: a new one starts with the assistant.
      handoff.actions.cancelHandoff();
      chat.startNewConversation();
      calls.clearTranscript();
      // What was written offline belongs to the conversation it was written in.
      store.setState({ undelivered: [] });
    },
    clearConversations() {
      handoff.actions.cancelHandoff();
      handoff.forgetAll();
      chat.clearSavedConversations();
      calls.clearTranscript();
      store.setState({ undelivered: [] });
      // What else the widget kept of the person: the next one starts with none of it.
      erasePersonalKeys(deps.localStorage, deps.sessionStorage);
    },
    openConversation(id) {
      if (id !== store.getState().sessionId) store.setState({ undelivered: [] });
      if (chat.openSavedConversation(id)) navigation.navigate('chat');
    },
  };
}

/** The actions of the table above, made of the features' own steps. */
export function replacingActions(store: AssistantStore, deps: AssistantDeps, parts: ReplacedParts): ReplacingActions {
  const { chat, commerce, calls, outbox } = parts;
  const answers = toolAnswers(store.getState, commerce, chat);
  const { newChat, clearConversations, openConversation } = threadActions(store, deps, parts);
  return {
    sendMessage(text, options) {
      // During a live call, what the visitor types goes into the call, not to the webhook.
      // Offline, a message waits as not delivered instead of failing.
      if (!calls.sendText(text.trim())) return outbox.hold(text) || chat.sendToWebhook(text, options);
      if (store.getState().draft.trim() === text.trim()) chat.actions.setDraft('');
      return true;
    },
    newChat,
    clearConversations,
    openConversation,
    confirmCartProposal: answers.confirmCartProposal,
    declineCartProposal: answers.declineCartProposal,
    async undoCallAdd(messageId) {
      const undone = await commerce.callAdds.undo(messageId);
      // The assistant on the call must know what the cart holds now, told as it happened.
      if (undone) calls.tell(undoReport(undone));
      return undone !== null;
    },
  };
}
