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

/**
 * What the takeover remembers of the open conversation besides its state: the last event id (sent as
 * `Last-Event-ID`) and the ids already shown. Saved with the state, in the storage `persist` names, so a
 * reload resumes where the page left off and another tab recognises what this one has shown.
 */
export function createHandoffMemory(store: HandoffStore, deps: HandoffDeps, allowImage: AllowImage) {
  let lastEventId: string | null = null;
  let seen: string[] = [];

  const storage = (): SafeStorage => {
    const { persist } = store.getState().config;
    return persist === 'local' ? deps.localStorage : persist === 'session' ? deps.sessionStorage : noStorage;
  };
  const read = () => readRecord(storage(), store.getState().sessionId, allowImage);

  return {
    get lastEventId(): string | null {
      return lastEventId;
    },

    /** Shows the saved takeover of the open conversation (none: no takeover). */
    load(): void {
      const record = read();
      lastEventId = record?.lastEventId ?? null;
      seen = record?.seen ?? [];
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
      seen = [...new Set([...seen, ...record.seen])];
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
      if (seen.includes(id) || read()?.seen.includes(id)) return false;
      seen.push(id);
      return true;
    },

    save(): void {
      const { channel: _channel, ...state } = store.getState().handoff;
      writeRecord(storage(), store.getState().sessionId, { state, lastEventId, seen });
    },
  };
}

/** The takeover memory of one widget. */
export type HandoffMemory = ReturnType<typeof createHandoffMemory>;
