import { noStorage, type SafeStorage } from '../common/storage';
import { readRecord, recordKey, writeRecord } from './handoff-record';
import { initialHandoffState, type HandoffDeps, type HandoffStore, type HandoffView } from './handoff-state';
import type { AllowImage } from './incoming';

/** Whether what arrives now is read at once: the card is open, or there is no launcher to count on. */
export const isReading = (state: HandoffView): boolean => state.isOpen || state.config.mode !== 'floating';

/**
 * The launcher's badge after the person's unread count changed under it (loaded on this page, or read in
 * another tab): the badge counts other replies too, so only the difference is carried over.
 */
function badgeFollowing(state: HandoffView, count: number): { unread?: number } {
  if (isReading(state)) return {};
  return { unread: Math.max(0, state.unread - state.handoff.unread + count) };
}

/** Event ids a page remembers as shown (storage keeps fewer); a longer replay is also caught by the conversation's own ids. */
const SEEN_IN_PAGE = 1_000;

/**
 * The saved record of the open conversation, as read in this task: another tab's save reaches this one
 * only between tasks, so a burst of events arriving together reads storage once, not once per event.
 */
function recordReader(store: HandoffStore, allowImage: AllowImage) {
  let readInTask: { key: string; place: SafeStorage; record: ReturnType<typeof readRecord> } | null = null;
  return {
    read(place: SafeStorage) {
      const key = recordKey(store.getState().sessionId);
      if (readInTask?.key === key && readInTask.place === place) return readInTask.record;
      if (readInTask === null) queueMicrotask(() => (readInTask = null));
      readInTask = { key, place, record: readRecord(place, store.getState().sessionId, allowImage) };
      return readInTask.record;
    },
    /** This tab saved it: the next read reads it again. */
    forget(): void {
      readInTask = null;
    },
  };
}

/**
 * What the takeover remembers of the open conversation besides its state: the last event id (sent as
 * `Last-Event-ID`) and the ids already shown. Saved with the state, in the storage `persist` names, so a
 * reload resumes where the page left off and another tab recognises what this one has shown.
 */
export function createHandoffMemory(store: HandoffStore, deps: HandoffDeps, allowImage: AllowImage) {
  let lastEventId: string | null = null;
  let seen = new Set<string>();
  let saveScheduled = false;

  const storage = (): SafeStorage => {
    const { persist } = store.getState().config;
    return persist === 'local' ? deps.localStorage : persist === 'session' ? deps.sessionStorage : noStorage;
  };
  const reader = recordReader(store, allowImage);
  const read = () => reader.read(storage());
  /** Remembers `id` as shown; in the page, the newest {@link SEEN_IN_PAGE} are kept. */
  const remember = (id: string) => {
    seen.delete(id);
    seen.add(id);
    if (seen.size > SEEN_IN_PAGE) seen.delete(seen.values().next().value as string);
  };
  const save = () => {
    reader.forget();
    const { channel: _channel, ...state } = store.getState().handoff;
    writeRecord(storage(), store.getState().sessionId, { state, lastEventId, seen: [...seen] });
  };

  return {
    get lastEventId(): string | null {
      return lastEventId;
    },

    /** Shows the saved takeover of the open conversation (none: no takeover). */
    load(): void {
      const record = read();
      lastEventId = record?.lastEventId ?? null;
      seen = new Set(record?.seen);
      store.setState((state) => ({
        ...badgeFollowing(state, record?.state.unread ?? 0),
        handoff: { ...initialHandoffState(), ...record?.state, channel: state.handoff.channel },
      }));
    },

    /** Another tab saved the takeover: its state shows here too, and its ids count as shown. */
    adopt(key: string | null): void {
      if (key !== null && key !== recordKey(store.getState().sessionId)) return;
      const record = read();
      if (!record) return;
      for (const id of record.seen) remember(id);
      lastEventId = record.lastEventId ?? lastEventId;
      store.setState((state) => ({
        ...badgeFollowing(state, record.state.unread),
        handoff: { ...record.state, typing: state.handoff.typing, channel: state.handoff.channel },
      }));
    },

    /** Records that an event arrived; false when it was shown before, here or in another tab. */
    arrived(id: string | null): boolean {
      if (id === null) return true;
      lastEventId = id;
      if (seen.has(id) || read()?.seen.includes(id)) return false;
      remember(id);
      return true;
    },

    save,

    /**
     * Saves at the end of the task: a burst of events arriving together is saved once. The conversation
     * it was for is the one saved, even if another opens in the same task.
     */
    saveSoon(): void {
      if (saveScheduled) return;
      saveScheduled = true;
      const sessionId = store.getState().sessionId;
      queueMicrotask(() => {
        saveScheduled = false;
        if (store.getState().sessionId === sessionId) save();
      });
    },
  };
}

/** The takeover memory of one widget. */
export type HandoffMemory = ReturnType<typeof createHandoffMemory>;
