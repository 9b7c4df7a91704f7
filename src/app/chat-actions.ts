import type { AssistantDeps } from './deps';
import type { AssistantState, Message, Sender } from './state';
import type { Store } from './store';

/** Chat actions: what the input bar, the quick starts and the public methods call. */
export function createChatActions(store: Store<AssistantState>, deps: AssistantDeps) {
  let sequence = 0;
  const createMessage = (sender: Sender, content: string): Message => {
    const timestamp = deps.now();
    sequence += 1;
    return { id: `${timestamp}-${sequence}`, content, sender, timestamp };
  };

  const addMessage = (message: Message) => {
    store.setState((state) => ({ messages: [...state.messages, message] }));
    deps.emit('message', message);
  };

  /**
   * Placeholder for the webhook round trip, which the chat feature replaces: the visitor's message is
   * recorded and nothing is requested yet.
   */
  const requestReplyPlaceholder = (_message: Message): void => undefined;

  return {
    /** Keeps the visitor's unsent text. */
    setDraft(draft: string): void {
      store.setState({ draft });
    },

    /**
     * Sends `text` as the visitor. Ignored when the trimmed text is empty or a reply is awaited (SPEC §5).
     * Returns whether the message was sent.
     */
    sendMessage(text: string): boolean {
      const content = text.trim();
      if (!content || store.getState().loading) return false;
      const message = createMessage('user', content);
      // The draft is cleared only when the text it held is the one being sent.
      if (store.getState().draft.trim() === content) store.setState({ draft: '' });
      addMessage(message);
      requestReplyPlaceholder(message);
      return true;
    },

    /** Clears the messages, the loading flag and any notice (SPEC §4). */
    newChat(): void {
      store.setState({ messages: [], loading: false, notice: null });
    },
  };
}
