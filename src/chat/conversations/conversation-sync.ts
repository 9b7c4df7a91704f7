import type { ChatDeps, ChatStore } from '../chat-state';
import { byId, mergeConversation, sameMessages } from './conversation-merge';
import { readConversation, writeConversation, type StorageKeys } from './conversation-storage';
import type { Message } from '../message';
import type { ProductContext } from '../replies/products';
import { noStorage, type SafeStorage } from '../../common/storage';

/** Where the conversations of the configured webhook are saved right now. */
export interface SaveTarget {
  storage: SafeStorage;
  keys: StorageKeys;
}

/**
 * The open conversation and its saved copy. A save writes its one entry, and only when its messages
 * changed; it first merges what another tab saved meanwhile (conversation-merge.ts), so neither tab's
 * messages are lost, and this tab then shows the merged conversation.
 */
export function createOpenConversationSync(
  store: ChatStore,
  deps: Pick<ChatDeps, 'warn' | 'now'>,
  target: SaveTarget,
  productContext: () => ProductContext,
) {
  /** This tab's messages as last saved or read, by id. */
  let synced = new Map<string, Message>();
  /** The message list last saved or read: while it is the one shown, there is nothing to write. */
  let written: readonly Message[] | null = null;
  let warnedFull = false;

  const show = (messages: Message[]) => {
    if (!sameMessages(messages, store.getState().messages)) store.setState({ messages });
  };
  const stored = () => readConversation(target.storage, target.keys, store.getState().sessionId, productContext());

  return {
    /** The shown messages are what is saved (just loaded or opened): nothing to write until they change. */
    reset(): void {
      written = store.getState().messages;
      synced = byId(written);
    },

    /** Nothing of the open conversation counts as saved any more: the next save writes it whole. */
    forget(): void {
      written = null;
      synced = new Map();
    },

    /** Saves the open conversation if it changed. Returns whether it was not saved before. */
    save(): boolean {
      const { sessionId, messages } = store.getState();
      if (messages === written || (messages.length === 0 && synced.size === 0)) return false;
      const saved = stored();
      const merged = mergeConversation(messages, synced, saved);
      const updatedAt = merged.messages[merged.messages.length - 1]?.timestamp ?? deps.now();
      const ok = writeConversation(target.storage, target.keys, {
        id: sessionId,
        updatedAt,
        messages: merged.messages,
        removed: merged.removed,
      });
      if (!ok && target.storage !== noStorage && !warnedFull) {
        warnedFull = true;
        deps.warn('the conversation could not be saved: the browser refused storage (blocked or full)');
        // Full storage is worth a word to the visitor (blocked storage is the browser's choice, and
        // silent): the conversation stays on screen, but would not be there on the next page.
        if (target.storage.full?.())
          store.setState({ notice: { source: 'chat', text: store.getState().strings.storageFull } });
      }
      if (ok) warnedFull = false;
      show(merged.messages);
      written = store.getState().messages;
      synced = byId(written);
      return saved === null;
    },

    /**
     * Another tab saved the open conversation: its new messages join this tab's view. Deleted there, it
     * stays on screen here, and is saved again only if the visitor goes on with it here.
     */
    follow(): void {
      const saved = stored();
      if (!saved) return this.forget();
      const clean = store.getState().messages === written;
      const merged = mergeConversation(store.getState().messages, synced, saved);
      show(merged.messages);
      synced = merged.synced;
      if (clean) written = store.getState().messages;
    },
  };
}
