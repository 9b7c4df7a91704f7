import type { CartAdapter } from './cart-adapter';
import type { AssistedMark, CommerceDeps, CommerceStore } from './commerce-state';

/** Longer ids and names are cut: a mark names a conversation, it does not carry one. */
const MAX_MARK_LENGTH = 100;

/** The mark of the conversation open now: its id and the assistant's name, nothing about the visitor. */
export function currentMark(store: CommerceStore): AssistedMark | null {
  const state = store.getState();
  const conversation = state.sessionId.trim().slice(0, MAX_MARK_LENGTH);
  const assistant = state.theme.brandName.trim().slice(0, MAX_MARK_LENGTH);
  return conversation ? { conversation, assistant } : null;
}

/**
 * Marks the cart as assisted after an add from the widget, once per conversation and cart: the add
 * never waits for it, and a mark that fails costs one console line (the visitor sees nothing) and is
 * tried again with the next add.
 */
export function createAssistedMarks(store: CommerceStore, deps: Pick<CommerceDeps, 'warn'>) {
  let markedFor: CartAdapter | null = null;
  const marked = new Set<string>();

  return function markAfterAdd(adapter: CartAdapter): void {
    const mark = currentMark(store);
    if (!mark || !adapter.markAssisted) return;
    if (markedFor !== adapter) {
      markedFor = adapter;
      marked.clear();
    }
    if (marked.has(mark.conversation)) return;
    marked.add(mark.conversation);
    adapter.markAssisted(mark).catch((error: unknown) => {
      if (markedFor === adapter) marked.delete(mark.conversation);
      const detail = error instanceof Error && 'detail' in error ? String(error.detail) : String(error);
      deps.warn(`commerce: the cart could not be marked as assisted (${detail}); the add itself went through`);
    });
  };
}
