import { memoryStorage, type SafeStorage } from '../common/storage';

/** When the visitor last closed an invitation (milliseconds since 1970). */
export const INVITE_CLOSED_KEY = 'store-assistant:invite-closed';
/** Invitations shown in this session. */
export const INVITE_COUNT_KEY = 'store-assistant:invite-count';
/** That this visitor has been here before: for the `returning` trigger. */
export const INVITE_SEEN_KEY = 'store-assistant:invite-seen';

type Persist = 'local' | 'session' | 'none';

/**
 * What the invitation's caps remember, only as `persist` allows: with `local` a closed invitation and
 * a visitor seen are remembered across visits (localStorage), with `session` for the tab's session
 * (sessionStorage), with `none` for this page only (memory). The count per session is never kept
 * longer than the session.
 */
export function createInviteMemory(storages: { local: SafeStorage; session: SafeStorage }) {
  const page = memoryStorage();
  const lasting = (persist: Persist) =>
    persist === 'local' ? storages.local : persist === 'session' ? storages.session : page;
  const session = (persist: Persist) => (persist === 'none' ? page : storages.session);
  return {
    /** Whether an invitation was closed less than `hours` ago. */
    snoozed(persist: Persist, now: number, hours: number): boolean {
      const closed = Number(lasting(persist).get(INVITE_CLOSED_KEY));
      return Number.isFinite(closed) && closed > 0 && now - closed < hours * 3_600_000;
    },
    closed(persist: Persist, now: number): void {
      lasting(persist).set(INVITE_CLOSED_KEY, String(now));
    },
    /** Invitations shown in this session. */
    count(persist: Persist): number {
      const count = Number(session(persist).get(INVITE_COUNT_KEY));
      return Number.isInteger(count) && count > 0 ? count : 0;
    },
    shown(persist: Persist): void {
      session(persist).set(INVITE_COUNT_KEY, String(this.count(persist) + 1));
    },
    /** Whether the visitor had been seen before this page; remembers them from now on. */
    returning(persist: Persist): boolean {
      const storage = lasting(persist);
      const seen = storage.get(INVITE_SEEN_KEY) !== null;
      if (!seen) storage.set(INVITE_SEEN_KEY, '1');
      return seen;
    },
  };
}
