import { MAX_MESSAGE_LENGTH } from '../chat/chat-slice';
import type { createStore } from '../common/store';
import type { AssistantDeps, Connection } from './deps';
import type { AssistantState, UndeliveredMessage } from './state';

/** A connection that is always there (no browser to ask). */
const ALWAYS_ONLINE: Connection = { online: () => true, watch: () => () => undefined };

type AssistantStore = ReturnType<typeof createStore<AssistantState>>;

/**
 * Messages written offline. Sending one while the browser is offline could only fail with the generic
 * error: instead it is kept, shown as not delivered, and sent when the connection returns (or on Retry
 * once online), once, in the order written. While offline, the notice above the text box says so.
 * `send` is the chat's own send, which adds the message to the conversation and asks for the reply.
 */
export function createOutbox(
  store: AssistantStore,
  deps: Pick<AssistantDeps, 'connection'>,
  send: (text: string) => boolean,
) {
  const connection = deps.connection ?? ALWAYS_ONLINE;
  let ids = 0;
  let draining = false;
  const offlineNotice = () => ({ source: 'chat' as const, text: store.getState().strings.offlineComposer });
  const showsOfflineNotice = () => store.getState().notice?.text === store.getState().strings.offlineComposer;

  /** Sends the oldest undelivered message, if the browser is online and no reply is awaited. */
  const drain = () => {
    if (draining || !connection.online()) return;
    const { loading, undelivered } = store.getState();
    const next = undelivered[0];
    if (loading || !next) return;
    draining = true;
    try {
      store.setState({
        undelivered: undelivered.slice(1),
        ...(next.attachment ? { attachment: next.attachment } : {}),
      });
      send(next.text);
    } finally {
      draining = false;
    }
  };

  const followConnection = () => {
    if (connection.online()) {
      if (showsOfflineNotice()) store.setState({ notice: null });
      drain();
    } else if (store.getState().config.webhookUrl) store.setState({ notice: offlineNotice() });
  };
  const unwatch = connection.watch(followConnection);
  // Each reply that ends lets the next undelivered message go.
  const unsubscribe = store.subscribe(() => {
    if (store.getState().undelivered.length > 0) drain();
  });

  return {
    /**
     * Keeps `text` (and the attached image) as not delivered when the browser is offline and the chat
     * would otherwise send it. Returns whether it was kept; false means: send it as usual.
     */
    hold(text: string): boolean {
      const state = store.getState();
      const content = text.trim();
      if (connection.online() || !state.config.webhookUrl || state.loading) return false;
      if ((!content && !state.attachment) || content.length > MAX_MESSAGE_LENGTH) return false;
      const message: UndeliveredMessage = { id: `undelivered-${++ids}`, text: content, attachment: state.attachment };
      store.setState({
        undelivered: [...state.undelivered, message],
        attachment: null,
        notice: offlineNotice(),
        ...(state.draft.trim() === content ? { draft: '' } : {}),
      });
      return true;
    },

    /** Retry on a message not delivered: sent now when online; while offline it stays, and the notice says why. */
    retry(id: string): void {
      if (!store.getState().undelivered.some((message) => message.id === id)) return;
      if (!connection.online()) return store.setState({ notice: offlineNotice() });
      drain();
    },

    /** Shows the offline notice if the browser is offline already when the widget starts. */
    start: followConnection,

    dispose(): void {
      unwatch();
      unsubscribe();
    },
  };
}
