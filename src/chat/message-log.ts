import { announcementFor } from './markdown/plain-text';
import type { ChatDeps, ChatStore } from './chat-state';
import { completeMessage, type Message, type Sender } from './message';

/** How a message joins the conversation. */
export interface AddOptions {
  /**
   * `complete` (default): the message is final, `store-assistant:message` fires now. `streaming`: a reply
   * still arriving; the event fires when {@link MessageLog.complete} finishes it. `transcript`: lines of
   * a call, which joined the conversation by voice and are neither announced nor counted as unread.
   */
  as?: 'complete' | 'streaming' | 'transcript';
}

/**
 * `messages` with a call's `lines` put where they were spoken: after every message from before the line,
 * so cards the assistant showed during the call sit between the lines around them.
 */
function inTimeOrder(messages: readonly Message[], lines: readonly Message[]): Message[] {
  const result = [...messages];
  for (const line of lines) {
    let at = result.length;
    while (at > 0 && (result[at - 1]?.timestamp ?? 0) > line.timestamp) at -= 1;
    result.splice(at, 0, line);
  }
  return result;
}

/** The conversation's messages: the one way in for every message, and the changes a message goes through. */
export type MessageLog = ReturnType<typeof createMessageLog>;

/** Creates the log over the chat's store. */
export function createMessageLog(store: ChatStore, deps: Pick<ChatDeps, 'now' | 'emit'>) {
  let sequence = 0;

  const replace = (id: string, update: (message: Message) => Message) =>
    store.setState((state) => ({
      messages: state.messages.map((message) => (message.id === id ? update(message) : message)),
    }));
  const find = (id: string) => store.getState().messages.find((message) => message.id === id);

  return {
    /**
     * A new message with a unique id built from the timestamp, also unique among the messages
     * another tab added to this conversation.
     */
    create(sender: Sender, content: string, extra: Partial<Message> = {}): Message {
      const timestamp = deps.now();
      do sequence += 1;
      while (find(`${timestamp}-${sequence}`));
      return completeMessage({ id: `${timestamp}-${sequence}`, content, sender, timestamp, ...extra });
    },

    /**
     * Adds messages to the conversation: every message, the visitor's, a reply, a streamed reply or a
     * call's lines, enters here. A bot message that arrives while the floating card is closed raises the
     * launcher's unread badge.
     */
    add(added: Message | readonly Message[], { as = 'complete' }: AddOptions = {}): void {
      const list: readonly Message[] = Array.isArray(added) ? added : [added as Message];
      const replies = as === 'transcript' ? 0 : list.filter((message) => message.sender === 'bot').length;
      store.setState((state) => ({
        messages: as === 'transcript' ? inTimeOrder(state.messages, list) : [...state.messages, ...list],
        unread:
          replies > 0 && state.config.mode === 'floating' && !state.isOpen ? state.unread + replies : state.unread,
      }));
      if (as === 'complete') list.forEach((message) => deps.emit('message', message));
    },

    /** Changes a message while it is still arriving (a streamed reply's text so far). */
    update(id: string, patch: Partial<Message>): void {
      replace(id, (message) => ({ ...message, ...patch }));
    },

    /** A streamed reply has arrived in full: it takes its final form and is announced as a message. */
    complete(id: string, patch: Partial<Message>): Message | undefined {
      replace(id, (message) => ({ ...message, ...patch, status: undefined, retryFor: undefined }));
      const final = find(id);
      if (final) deps.emit('message', final);
      return final;
    },

    remove(id: string): void {
      store.setState((state) => ({ messages: state.messages.filter((message) => message.id !== id) }));
    },

    find,

    /** The typewriter finished (or was skipped): the message is shown in full from now on, and read out. */
    markRevealed(id: string): void {
      replace(id, (message) => ({ ...message, animate: undefined }));
      this.announce(find(id));
    },

    /** Hands a complete bot message to the polite live region, to be read once, in full. */
    announce(message: Message | undefined): void {
      if (message) store.setState((state) => ({ announcement: announcementFor(message, state.strings, state.locale) }));
    },
  };
}
