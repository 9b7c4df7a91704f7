import type { ChatConfig, ChatDeps, ChatStore, ConversationSummary } from '../chat-state';
import {
  CLEARED_KEY,
  eraseAllConversations,
  eraseConversations,
  MAX_CONVERSATIONS,
  readConversation,
  readConversations,
  storageKeys,
  writeConversation,
  type StoredConversation,
} from './conversation-storage';
import { createOpenConversationSync, type SaveTarget } from './conversation-sync';
import { summarise } from './conversation-summary';
import type { ProductContext } from '../replies/products';
import { noStorage, type SafeStorage } from '../../common/storage';

/** The open conversation as the Chats view lists it. */
function openConversation(store: ChatStore, now: () => number): StoredConversation {
  const { sessionId, messages } = store.getState();
  const last = messages[messages.length - 1];
  return { id: sessionId, updatedAt: last?.timestamp ?? now(), messages, removed: [] };
}

/** The Chats view's list: the open conversation (once it has messages) and the others, most recent first. */
function listed(
  open: StoredConversation,
  others: readonly StoredConversation[],
  greeting: string,
): ConversationSummary[] {
  const all = open.messages.length > 0 ? [open, ...others.filter((other) => other.id !== open.id)] : [...others];
  return all
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, MAX_CONVERSATIONS)
    .map((conversation) => summaryOf(conversation, greeting));
}

/** Each listed conversation's summary, made once: the others do not change while the open one grows. */
const summaries = new WeakMap<StoredConversation, { greeting: string; summary: ConversationSummary }>();

function summaryOf(conversation: StoredConversation, greeting: string): ConversationSummary {
  const known = summaries.get(conversation);
  if (known?.greeting === greeting) return known.summary;
  const summary = summarise(conversation, greeting);
  summaries.set(conversation, { greeting, summary });
  return summary;
}

/** The storage a `persist` mode writes to. */
function storageFor(
  persist: ChatConfig['persist'],
  deps: Pick<ChatDeps, 'localStorage' | 'sessionStorage'>,
): SafeStorage {
  if (persist === 'local') return deps.localStorage;
  return persist === 'session' ? deps.sessionStorage : noStorage;
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

/** The saved conversations of one widget. */
export type Conversations = ReturnType<typeof createConversations>;

/** The state the parts of {@link createConversations} share. */
interface Parts {
  store: ChatStore;
  deps: ChatDeps;
  target: SaveTarget & { loaded: boolean };
  list: { others: StoredConversation[] };
  /** The id the saved "open conversation" points at, so it is written only when it changes. */
  pointer: { id: string | null };
  open: ReturnType<typeof createOpenConversationSync>;
  productContext: () => ProductContext;
  /** The clear mark ({@link CLEARED_KEY}) this tab last saw: another one means a clear happened since. */
  cleared: { seen: string | null };
}

/**
 * The saved conversations: which one is open, the list for the Chats view, saving and deleting. Each
 * conversation has an entry of its own; only the open one is ever written, in idle time and only when
 * it changed. With `persist="local"`, other tabs' changes arrive through the `storage` event and join
 * this tab's view.
 */
export function createConversations(store: ChatStore, deps: ChatDeps) {
  const target = { storage: noStorage, keys: storageKeys(null), loaded: false };
  const productContext = () => ({ ...store.getState().markdownOptions, storeUrl: store.getState().config.storeUrl });
  const open = createOpenConversationSync(store, deps, target, productContext);
  const parts: Parts = {
    store,
    deps,
    target,
    list: { others: [] },
    pointer: { id: null },
    open,
    productContext,
    cleared: { seen: null },
  };
  const saving = createSaving(parts);
  const moves = createConversationMoves(parts, saving);
  let unwatch: (() => void) | null = null;

  return {
    commit: saving.commit,
    flush: saving.flush,

    /**
     * Applies `persist` and the webhook. The first time, and for another webhook, the saved
     * conversations are loaded and the last one reopened. A new `persist` on the same webhook keeps what
     * is on screen and moves what was saved: to the new storage, or, for `none`, nowhere. `reopen`:
     * nothing was kept until now only to keep the saved conversations out of view (the page had yet to
     * say who is signed in); with nothing on screen, they load as on a fresh page.
     */
    load(config: ChatConfig, reopen = false): void {
      unwatch ??= deps.watchStorage(moves.followStorage);
      const storage = storageFor(config.persist, deps);
      const keys = storageKeys(config.webhookUrl);
      const hidden = reopen && target.storage === noStorage && store.getState().messages.length === 0;
      if (target.loaded && keys.conversation === target.keys.conversation && !hidden) {
        if (storage !== target.storage) moves.moveTo(storage);
      } else {
        Object.assign(target, { storage, keys, loaded: true });
        moves.loadAll();
      }
      saving.publish();
    },

    /** Keeps the open conversation in the list and starts an empty one with a new session id. */
    startNew: () => moves.switchTo(null),

    /** Opens a saved conversation. False when there is none with that id. */
    open(id: string): boolean {
      if (id === store.getState().sessionId) return true;
      const known = parts.list.others.find((conversation) => conversation.id === id);
      if (known) moves.switchTo(readConversation(target.storage, target.keys, id, productContext()) ?? known);
      return Boolean(known);
    },

    /** Deletes a conversation everywhere it is saved; deleting the open one starts an empty one. */
    remove: moves.erase,

    /** Deletes every conversation the widget saved, for every webhook, and starts an empty one. */
    clear: moves.eraseAll,

    /** Stops following other tabs (the element was removed). */
    dispose(): void {
      unwatch?.();
      unwatch = null;
    },
  };
}

/**
 * A clear happened in another tab since this one last loaded or saved: it wins over what this tab
 * still shows from before it (a reply arriving for a deleted conversation would save it all again).
 * The list empties and an empty conversation opens; a reply still in flight is dropped, as it is
 * for another conversation now.
 */
function followClear({ store, deps, list, pointer, open, cleared, target }: Parts): boolean {
  if (target.storage === noStorage) return false;
  const mark = target.storage.get(CLEARED_KEY);
  if (mark === cleared.seen) return false;
  cleared.seen = mark;
  list.others = [];
  pointer.id = null;
  store.setState({ sessionId: deps.randomId(), messages: [] });
  open.reset();
  return true;
}

/**
 * Marks a clear in localStorage, the one storage tabs share, so every tab's next save follows it
 * rather than undoing it. The mark is a random value: it says nothing about the visitor. A storage
 * that refuses the mark keeps what it held: this tab then takes that as seen, or each of its saves
 * would read the old value as another tab's clear and empty the conversation on screen.
 */
function markCleared({ deps, cleared }: Parts): void {
  const mark = deps.randomId();
  cleared.seen = deps.localStorage.set(CLEARED_KEY, mark) ? mark : deps.localStorage.get(CLEARED_KEY);
}

/** Publishing the Chats list, and saving the open conversation in idle time. */
function createSaving(parts: Parts) {
  const { store, deps, list, open, pointer, target } = parts;
  const pending = { scheduled: false, cancel: () => undefined as void };
  const publish = () => {
    const { askQuestionMessage } = store.getState().strings;
    store.setState({ conversations: listed(openConversation(store, deps.now), list.others, askQuestionMessage) });
  };
  const point = (id: string) => {
    if (pointer.id === id) return;
    pointer.id = id;
    target.storage.set(target.keys.open, id);
  };
  /** At most {@link MAX_CONVERSATIONS} are kept: a new one pushes the oldest out of storage. */
  const prune = () => {
    const kept = newestCopies(list.others).slice(0, MAX_CONVERSATIONS - 1);
    for (const conversation of list.others)
      if (!kept.includes(conversation)) target.storage.remove(target.keys.conversation + conversation.id);
    list.others = kept;
  };
  /** Saves the open conversation now, if it changed. */
  const save = () => {
    pending.cancel();
    pending.scheduled = false;
    if (followClear(parts)) return publish();
    if (open.save()) prune();
    const { sessionId, messages } = store.getState();
    if (messages.length > 0) point(sessionId);
    publish();
  };
  return {
    publish,
    /** Saves that conversation `id` is the open one, which the next page reopens. */
    point,
    save,

    /** Records that the open conversation changed: the Chats list updates now, storage when idle. */
    commit(): void {
      publish();
      if (pending.scheduled) return;
      pending.scheduled = true;
      pending.cancel = deps.scheduleIdle(save);
    },

    /** Writes pending changes now (the page is going away or the element was removed). */
    flush(): void {
      if (pending.scheduled) save();
    },

    /** Nothing is to be written any more. */
    drop(): void {
      pending.cancel();
      pending.scheduled = false;
    },
  };
}

/** Loads the conversations saved for the webhook and reopens the last one. */
function loadAll({ store, deps, target, list, pointer, open, productContext, cleared }: Parts): void {
  target.storage.remove(target.keys.legacy);
  cleared.seen = target.storage.get(CLEARED_KEY);
  const saved = readConversations(target.storage, target.keys, productContext());
  const openId = target.storage.get(target.keys.open);
  const reopened = saved.find((conversation) => conversation.id === openId) ?? null;
  list.others = saved.filter((conversation) => conversation !== reopened);
  store.setState({ sessionId: reopened?.id ?? deps.randomId(), messages: reopened?.messages ?? [], loading: false });
  pointer.id = reopened?.id ?? null;
  open.reset();
}

/** Another tab changed localStorage (`key` null: it was cleared): the open conversation and the list follow. */
function followStorage(parts: Parts, key: string | null, publish: () => void): void {
  const { store, deps, target, list, open, productContext } = parts;
  if (target.storage !== deps.localStorage) return;
  // Cleared in another tab: followed at once, so a reply still arriving here lands nowhere.
  if ((key === CLEARED_KEY || key === null) && followClear(parts)) return publish();
  if (key !== null && !key.startsWith(target.keys.conversation)) return;
  const id = key?.slice(target.keys.conversation.length);
  const { sessionId } = store.getState();
  if (id === undefined || id === sessionId) open.follow();
  if (id !== sessionId)
    list.others = readConversations(target.storage, target.keys, productContext()).filter(
      (conversation) => conversation.id !== sessionId,
    );
  publish();
}

/** Loading, moving, switching and deleting conversations: what replaces what is shown or stored. */
function createConversationMoves(parts: Parts, saving: ReturnType<typeof createSaving>) {
  const { store, deps, target, list, pointer, open, productContext } = parts;
  const { save } = saving;
  /** Shows `next`, or a new empty conversation, as saved; the next page reopens it. */
  const show = (next: StoredConversation | null) => {
    const sessionId = next?.id ?? deps.randomId();
    store.setState({ sessionId, messages: next?.messages ?? [], loading: false });
    open.reset();
    saving.point(sessionId);
  };

  return {
    /** Loads the conversations saved for the webhook and reopens the last one. */
    loadAll: () => loadAll(parts),

    /** Shows `next` (or a new, empty conversation); the one open before is saved and stays in the list. */
    switchTo(next: StoredConversation | null): void {
      save();
      const before = openConversation(store, deps.now);
      const rest = list.others.filter((conversation) => conversation.id !== before.id && conversation.id !== next?.id);
      list.others = before.messages.length > 0 ? [before, ...rest] : rest;
      show(next);
      saving.publish();
    },

    /**
     * `persist` changed (a consent banner): what is on screen stays, and what was saved moves with it, to
     * the new storage, or for `none` nowhere: it is removed from both storages.
     */
    moveTo(storage: SafeStorage): void {
      save();
      const before = target.storage;
      const there = storage === noStorage ? [] : readConversations(storage, target.keys, productContext());
      for (const conversation of list.others) {
        if (storage !== noStorage && !there.some((saved) => saved.id === conversation.id))
          writeConversation(storage, target.keys, conversation);
      }
      const { sessionId } = store.getState();
      list.others = newestCopies([...list.others, ...there]).filter((conversation) => conversation.id !== sessionId);
      if (storage === noStorage)
        [deps.localStorage, deps.sessionStorage].forEach((each) => eraseConversations(each, target.keys));
      else if (before !== noStorage) eraseConversations(before, target.keys);
      // Nothing is saved any more: other tabs must not save again what was just removed.
      if (storage === noStorage) markCleared(parts);
      target.storage = storage;
      if (storage !== noStorage) parts.cleared.seen = storage.get(CLEARED_KEY);
      pointer.id = null;
      open.forget();
      save();
      saving.point(sessionId);
    },

    /** Another tab changed localStorage (`key` null: it was cleared). */
    followStorage: (key: string | null) => followStorage(parts, key, saving.publish),

    /** Deletes conversation `id` from storage and the list; the open one gives way to an empty one. */
    erase(id: string): void {
      target.storage.remove(target.keys.conversation + id);
      list.others = list.others.filter((conversation) => conversation.id !== id);
      if (id === store.getState().sessionId) show(null);
      saving.publish();
    },

    /** Deletes every conversation the widget saved, in both storages and for every webhook, and shows an empty one. */
    eraseAll(): void {
      saving.drop();
      eraseAllConversations(deps.localStorage);
      eraseAllConversations(deps.sessionStorage);
      markCleared(parts);
      list.others = [];
      show(null);
      target.storage.remove(target.keys.open);
      pointer.id = null;
      saving.publish();
    },
  };
}
