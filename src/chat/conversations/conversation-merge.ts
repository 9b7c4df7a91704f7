import type { Message } from '../message';
import type { StoredConversation } from './conversation-storage';

/** The messages of a conversation as this tab last saved or read them, by id: what it has not changed since. */
export type SyncedMessages = ReadonlyMap<string, Message>;

/** `messages` by id. */
export function byId(messages: readonly Message[]): Map<string, Message> {
  return new Map(messages.map((message) => [message.id, message]));
}

/** Inserts `message` after the last message of `list` that is not newer. */
function insertInOrder(list: Message[], message: Message): void {
  let index = list.length;
  while (index > 0 && (list[index - 1] as Message).timestamp > message.timestamp) index -= 1;
  list.splice(index, 0, message);
}

/**
 * Whether to show the saved version of a message instead of this tab's. Only a reply another tab has
 * finished, cut off or replaced changes after it was written; a visitor's message never does (its saved
 * copy may only have lost a large image), and a reply this tab is still streaming is this tab's.
 */
function takeSaved(mine: Message, saved: Message | undefined, synced: SyncedMessages): saved is Message {
  if (!saved || synced.get(mine.id) !== mine || mine.sender !== 'bot' || mine.status === 'streaming') return false;
  return (
    saved.content !== mine.content ||
    saved.status !== mine.status ||
    (saved.products?.length ?? 0) !== (mine.products?.length ?? 0)
  );
}

/** What a merge gives: the messages to show and save, every removal either side knows of, and what is now in sync. */
export interface Merged {
  messages: Message[];
  removed: string[];
  /**
   * The merged messages this tab and the saved copy agree on (taken from there, or unchanged here), and
   * those removed here but not yet saved: what is still to be written is everything else.
   */
  synced: Map<string, Message>;
}

/**
 * Merges a conversation open in this tab with its saved copy, which another tab may have changed since
 * (`synced` is this tab's copy as of its last save or read). By message id: a message changed here
 * keeps this tab's version, a reply changed only there takes the saved version; messages added on either
 * side are kept, in time order; a message removed on either side stays removed. This tab's order is
 * kept; what only the other tab has is placed by its timestamp.
 */
export function mergeConversation(
  mine: readonly Message[],
  synced: SyncedMessages,
  stored: StoredConversation | null,
): Merged {
  const mineIds = new Set(mine.map((message) => message.id));
  const removed = new Set(stored?.removed ?? []);
  for (const id of synced.keys()) if (!mineIds.has(id)) removed.add(id);
  const theirs = byId(stored?.messages ?? []);
  const messages: Message[] = [];
  for (const message of mine) {
    if (removed.has(message.id)) continue;
    const saved = theirs.get(message.id);
    messages.push(takeSaved(message, saved, synced) ? saved : message);
  }
  for (const message of stored?.messages ?? []) {
    if (!mineIds.has(message.id) && !removed.has(message.id)) insertInOrder(messages, message);
  }
  const inSync = new Map<string, Message>();
  for (const message of messages)
    if (theirs.get(message.id) === message || synced.get(message.id) === message) inSync.set(message.id, message);
  for (const [id, message] of synced) if (!mineIds.has(id) && !stored?.removed.includes(id)) inSync.set(id, message);
  return { messages, removed: [...removed], synced: inSync };
}

/** Are `a` and `b` the same messages, the same objects, in the same order? */
export function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((message, index) => message === b[index]);
}
