import {
  chatsStorageKey,
  MAX_CONVERSATIONS,
  readChats,
  writeChats,
  type StoredConversation,
} from '../chat/conversation-storage';
import { withoutImageData } from '../chat/history';
import { markdownToPlainText } from '../chat/plain-text';
import type { AssistantConfig } from './config';
import type { AssistantDeps } from './deps';
import type { AssistantState, ConversationSummary } from './state';
import { noStorage, type SafeStorage } from '../shared/storage';
import type { Store } from '../shared/store';

const SUMMARY_LENGTH = 80;

function clip(text: string): string {
  // Bot replies are markdown: a preview shows their words, not their `**` and link syntax.
  const flat = markdownToPlainText(withoutImageData(text));
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1)}…` : flat;
}

/** The Chats view's entry for a conversation. */
export function summarise(conversation: StoredConversation): ConversationSummary {
  const firstQuestion = conversation.messages.find((message) => message.sender === 'user');
  const last = conversation.messages[conversation.messages.length - 1];
  return {
    id: conversation.id,
    title: clip(firstQuestion?.content ?? last?.content ?? ''),
    preview: clip(last?.content ?? ''),
    updatedAt: conversation.updatedAt,
    messageCount: conversation.messages.length,
  };
}

/**
 * The saved conversations: which one is open, the list for the Chats view, and saving. Saves are
 * deferred to idle time and merged with what is stored, so two widgets (or two tabs) of the same store
 * do not overwrite each other's conversations.
 */
export function createConversations(store: Store<AssistantState>, deps: AssistantDeps) {
  let storage: SafeStorage = noStorage;
  let key = '';
  let others: StoredConversation[] = [];
  let saveScheduled = false;
  let cancelSave: () => void = () => undefined;
  let warnedFull = false;

  const productContext = () => ({ storeUrl: store.getState().config.storeUrl, pageOrigin: deps.pageOrigin });

  const current = (): StoredConversation => {
    const { sessionId, messages } = store.getState();
    const last = messages[messages.length - 1];
    return { id: sessionId, updatedAt: last?.timestamp ?? deps.now(), messages };
  };

  const publish = () => {
    const open = current();
    const all = open.messages.length > 0 ? [open, ...others] : others;
    const conversations = all
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, MAX_CONVERSATIONS)
      .map(summarise);
    store.setState({ conversations });
  };

  /** Every conversation known here or in storage, the newer copy winning when both have one. */
  const merge = (stored: StoredConversation[]): StoredConversation[] => {
    const byId = new Map<string, StoredConversation>();
    for (const conversation of [current(), ...others, ...stored]) {
      const known = byId.get(conversation.id);
      if (!known || conversation.updatedAt > known.updatedAt) byId.set(conversation.id, conversation);
    }
    return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt);
  };

  const save = () => {
    saveScheduled = false;
    const openId = store.getState().sessionId;
    const merged = merge(readChats(storage, key, productContext()).conversations);
    if (!writeChats(storage, key, { currentId: openId, conversations: merged }) && storage !== noStorage && !warnedFull) {
      warnedFull = true;
      deps.warn('the conversation could not be saved: the browser refused storage (blocked or full)');
    }
    others = merged.filter((conversation) => conversation.id !== openId);
    publish();
  };

  /** Records that the open conversation changed: the Chats list updates now, storage when idle. */
  const commit = () => {
    publish();
    if (saveScheduled) return;
    saveScheduled = true;
    cancelSave = deps.scheduleIdle(save);
  };

  return {
    commit,

    /** Loads the conversations saved for this webhook and storage mode, reopening the last one. */
    load(config: AssistantConfig): void {
      const nextStorage = config.persist === 'local' ? deps.localStorage : config.persist === 'session' ? deps.sessionStorage : noStorage;
      const nextKey = chatsStorageKey(config.webhookUrl);
      if (nextStorage === storage && nextKey === key) return;
      storage = nextStorage;
      key = nextKey;
      const chats = readChats(storage, key, productContext());
      const reopened = chats.conversations.find((conversation) => conversation.id === chats.currentId);
      others = chats.conversations.filter((conversation) => conversation !== reopened);
      store.setState({ sessionId: reopened?.id ?? deps.randomId(), messages: reopened?.messages ?? [], loading: false });
      publish();
    },

    /** Writes pending changes now (the page is going away or the element was removed). */
    flush(): void {
      if (!saveScheduled) return;
      cancelSave();
      save();
    },

    /** Keeps the open conversation in the list and starts an empty one with a new session id. */
    startNew(): void {
      const open = current();
      if (open.messages.length > 0) others = [open, ...others.filter((conversation) => conversation.id !== open.id)];
      store.setState({ sessionId: deps.randomId(), messages: [] });
      commit();
    },

    /** Opens a saved conversation. False when there is none with that id. */
    open(id: string): boolean {
      if (id === store.getState().sessionId) return true;
      const target = others.find((conversation) => conversation.id === id);
      if (!target) return false;
      const open = current();
      others = others.filter((conversation) => conversation.id !== id);
      if (open.messages.length > 0) others = [open, ...others];
      store.setState({ sessionId: target.id, messages: target.messages });
      commit();
      return true;
    },
  };
}
