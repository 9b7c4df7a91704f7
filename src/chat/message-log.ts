import { announcementFor } from './markdown/plain-text';
import type { ChatDeps, ChatStore } from './chat-state';
import { completeMessage, type Message, type Sender } from './message';
import { MAX_MESSAGES_PER_CONVERSATION } from './conversations/conversation-storage';

/** How a message joins the conversation. */
export interface AddOptions {
  /** Keep only the newest this many messages (a batch of pushed ones; see {@link MessageLog.push}). */
  keepLast?: number;
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

/**
 * The conversation's messages by id, made once per list: a burst of pushed messages, each looked up
 * before it joins, costs one pass over the conversation, not one per message.
 */
const byIdOf = new WeakMap<readonly Message[], Map<string, Message>>();
function messagesById(messages: readonly Message[]): Map<string, Message> {
  let known = byIdOf.get(messages);
  if (!known) byIdOf.set(messages, (known = new Map(messages.map((message) => [message.id, message]))));
  return known;
}

/** Adds messages to the store's conversation, as {@link MessageLog.add} describes. */
function appender(store: ChatStore, deps: Pick<ChatDeps, 'emit'>) {
  return (added: Message | readonly Message[], { as = 'complete', keepLast }: AddOptions = {}): void => {
    const all: readonly Message[] = Array.isArray(added) ? added : [added as Message];
    // Messages the cap would drop at once never join: not shown, counted or announced.
    const list = keepLast !== undefined && all.length > keepLast ? all.slice(-keepLast) : all;
    const replies = as === 'transcript' ? 0 : list.filter((message) => message.sender === 'bot').length;
    store.setState((state) => {
      const messages = as === 'transcript' ? inTimeOrder(state.messages, list) : [...state.messages, ...list];
      return {
        messages: keepLast !== undefined && messages.length > keepLast ? messages.slice(-keepLast) : messages,
        unread:
          replies > 0 && state.config.mode === 'floating' && !state.isOpen ? state.unread + replies : state.unread,
      };
    });
    if (as === 'complete') list.forEach((message) => deps.emit('message', message));
  };
}

/**
 * `append`, with what was asked to run just before the next messages join the conversation (added or
 * pushed): `beforeNextAddition(run)` runs `run` once, then, so that what it adds comes before them, and
 * returns how to cancel it.
 */
function appendAfterFirstRuns(append: ReturnType<typeof appender>) {
  const first = new Set<() => void>();
  const appendAfter: typeof append = (added, options) => {
    const runs = [...first];
    first.clear();
    runs.forEach((run) => run());
    append(added, options);
  };
  const beforeNextAddition = (run: () => void): (() => void) => {
    first.add(run);
    return () => void first.delete(run);
  };
  return { append: appendAfter, beforeNextAddition };
}

/** The conversation's messages: the one way in for every message, and the changes a message goes through. */
export type MessageLog = ReturnType<typeof createMessageLog>;

/** What the log tells the rest of the chat. */
export interface LogHooks {
  /** A batch of pushed messages joined the conversation (see {@link MessageLog.push}). */
  pushed?: (batch: readonly Message[]) => void;
}

/** Puts `update(message)` in place of the message `id` of the conversation. */
function replaceMessage(store: ChatStore, id: string, update: (message: Message) => Message): void {
  store.setState((state) => ({
    messages: state.messages.map((message) => (message.id === id ? update(message) : message)),
  }));
}

/** Creates the log over the chat's store. */
export function createMessageLog(store: ChatStore, deps: Pick<ChatDeps, 'now' | 'emit'>, hooks: LogHooks = {}) {
  let sequence = 0;
  const { append, beforeNextAddition } = appendAfterFirstRuns(appender(store, deps));
  const batch = createPushedBatch(store, (messages) => {
    append(messages, { keepLast: MAX_MESSAGES_PER_CONVERSATION });
    hooks.pushed?.(messages);
  });

  const replace = (id: string, update: (message: Message) => Message) => replaceMessage(store, id, update);
  const find = (id: string) => messagesById(store.getState().messages).get(id) ?? batch.find(id);

  const add = (added: Message | readonly Message[], options: AddOptions = {}) => {
    // Pushed messages of this task came first: they join before anything added after them.
    batch.flush();
    append(added, options);
  };

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
    add,

    /**
     * Adds a message pushed from outside a request at the end of the current task, with every other
     * pushed in the same task: a burst of them commits once, not once each. The conversation then keeps
     * its newest {@link MAX_MESSAGES_PER_CONVERSATION} messages, as it is saved, the oldest dropped.
     */
    push: (message: Message) => batch.push(message),

    /** Adds the pushed messages still waiting for the end of the task now (before the conversation changes). */
    flushPushed: () => batch.flush(),

    /** Runs a function once, just before the next messages join (see {@link appendAfterFirstRuns}). */
    beforeNextAddition,

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

/**
 * Pushed messages waiting for the end of the task they arrived in, for the conversation they arrived
 * for: another conversation opened meanwhile is not theirs.
 */
function createPushedBatch(store: ChatStore, commit: (messages: readonly Message[]) => void) {
  let waiting: Message[] = [];
  const ids = new Set<string>();
  let sessionId = '';

  const flush = () => {
    if (waiting.length === 0) return;
    const messages = waiting;
    waiting = [];
    ids.clear();
    if (store.getState().sessionId === sessionId) commit(messages);
  };

  return {
    push(message: Message): void {
      if (waiting.length > 0 && store.getState().sessionId !== sessionId) flush();
      if (waiting.length === 0) {
        sessionId = store.getState().sessionId;
        queueMicrotask(flush);
      }
      waiting.push(message);
      ids.add(message.id);
    },
    find: (id: string) => (ids.has(id) ? waiting.find((message) => message.id === id) : undefined),
    flush,
  };
}
