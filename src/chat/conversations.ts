import type { ChatConfig, ChatDeps, ChatStore, ConversationSummary } from './chat-state';
import { chatsStorageKey, MAX_CONVERSATIONS, readChats, writeChats, type StoredConversation } from './conversation-storage';
import { withoutImageData } from './history';
import { noStorage, type SafeStorage } from '../shared/storage';

const SUMMARY_LENGTH = 80;

function clip(text: string): string {
  const flat = withoutImageData(text).replace(/\s+/g, ' ').trim();
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

/** One copy of each conversation, the newer one winning, most recent first. */
function newestCopies(conversations: readonly StoredConversation[]): StoredConversation[] {
  const byId = new Map<string, StoredConversation>();
  for (const conversation of conversations) {
    const known = byId.get(conversation.id);
    if (!known || conversation.updatedAt > known.updatedAt) byId.set(conversation.id, conversation);
  }
  return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The open conversation as it is saved. */
function openConversation(store: ChatStore, now: () => number): StoredConversation {
  const { sessionId, messages } = store.getState();
  const last = messages[messages.length - 1];
  return { id: sessionId, updatedAt: last?.timestamp ?? now(), messages };
}

/** The Chats view's list: the open conversation (once it has messages) and the others, most recent first. */
function listed(open: StoredConversation, others: readonly StoredConversation[]): ConversationSummary[] {
  const all = open.messages.length > 0 ? [open, ...others] : [...others];
  return all.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_CONVERSATIONS).map(summarise);
}

/** The storage a `persist` mode writes to. */
function storageFor(persist: ChatConfig['persist'], deps: Pick<ChatDeps, 'localStorage' | 'sessionStorage'>): SafeStorage {
  if (persist === 'local') return deps.localStorage;
  return persist === 'session' ? deps.sessionStorage : noStorage;
}

/** The saved conversations of one widget. */
export type Conversations = ReturnType<typeof createConversations>;

/**
 * The saved conversations: which one is open, the list for the Chats view, and saving. Saves are
 * deferred to idle time and merged with what is stored, so two widgets (or two tabs) of the same store
 * do not overwrite each other's conversations.
 */
export function createConversations(store: ChatStore, deps: ChatDeps) {
  const saved = { storage: noStorage, key: '', others: [] as StoredConversation[], warnedFull: false };
  const pending = { scheduled: false, cancel: () => undefined as void };
  const productContext = () => ({ ...store.getState().markdownOptions, storeUrl: store.getState().config.storeUrl });

  const current = () => openConversation(store, deps.now);
  const publish = () => store.setState({ conversations: listed(current(), saved.others) });

  const save = () => {
    pending.scheduled = false;
    const openId = store.getState().sessionId;
    const merged = newestCopies([current(), ...saved.others, ...readChats(saved.storage, saved.key, productContext()).conversations]);
    if (!writeChats(saved.storage, saved.key, { currentId: openId, conversations: merged }) && saved.storage !== noStorage && !saved.warnedFull) {
      saved.warnedFull = true;
      deps.warn('the conversation could not be saved: the browser refused storage (blocked or full)');
    }
    saved.others = merged.filter((conversation) => conversation.id !== openId);
    publish();
  };

  /** Shows `target` (or a new, empty conversation), keeping the open one in the list. */
  const switchTo = (target: StoredConversation | null) => {
    const open = current();
    const rest = saved.others.filter((conversation) => conversation.id !== open.id && conversation.id !== target?.id);
    saved.others = open.messages.length > 0 ? [open, ...rest] : rest;
    store.setState({ sessionId: target?.id ?? deps.randomId(), messages: target?.messages ?? [] });
    commit();
  };

  /** Records that the open conversation changed: the Chats list updates now, storage when idle. */
  function commit(): void {
    publish();
    if (pending.scheduled) return;
    pending.scheduled = true;
    pending.cancel = deps.scheduleIdle(save);
  }

  return {
    commit,

    /** Loads the conversations saved for this webhook and storage mode, reopening the last one. */
    load(config: ChatConfig): void {
      const storage = storageFor(config.persist, deps);
      const key = chatsStorageKey(config.webhookUrl);
      if (storage === saved.storage && key === saved.key) return;
      Object.assign(saved, { storage, key });
      const chats = readChats(storage, key, productContext());
      const reopened = chats.conversations.find((conversation) => conversation.id === chats.currentId);
      saved.others = chats.conversations.filter((conversation) => conversation !== reopened);
      store.setState({ sessionId: reopened?.id ?? deps.randomId(), messages: reopened?.messages ?? [], loading: false });
      publish();
    },

    /** Writes pending changes now (the page is going away or the element was removed). */
    flush(): void {
      if (!pending.scheduled) return;
      pending.cancel();
      save();
    },

    /** Keeps the open conversation in the list and starts an empty one with a new session id. */
    startNew(): void {
      switchTo(null);
    },

    /** Opens a saved conversation. False when there is none with that id. */
    open(id: string): boolean {
      if (id === store.getState().sessionId) return true;
      const target = saved.others.find((conversation) => conversation.id === id);
      if (!target) return false;
      switchTo(target);
      return true;
    },
  };
}
