/**
 * Web storage that never throws. Browsers throw on access when storage is blocked (third-party
 * contexts, Safari private mode, enterprise policies) and on writes when it is full; for a widget that
 * only means "nothing is remembered", never an error on the store's page.
 */
export interface SafeStorage {
  /** The stored text, or null when absent or unreadable. */
  get(key: string): string | null;
  /** Stores `value`; false when the browser refused (blocked or full). */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** Every key stored; empty when storage is unreadable. */
  keys(): string[];
  /**
   * Whether the last write was refused for lack of space (the quota), rather than because storage is
   * blocked: the one case worth telling the visitor about. Absent where storage cannot fill up.
   */
  full?(): boolean;
}

/** Whether `error` is the browser saying storage is full (the name differs across browsers and ages). */
function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/** Wraps a possibly missing or hostile `Storage`. `resolve` is called on each use, since merely reading `window.localStorage` can throw. */
export function safeStorage(resolve: () => Storage | null | undefined): SafeStorage {
  let quotaExceeded = false;
  const attempt = <T>(operate: (storage: Storage) => T, fallback: T): T => {
    try {
      const storage = resolve();
      return storage ? operate(storage) : fallback;
    } catch (error) {
      quotaExceeded = isQuotaError(error);
      return fallback;
    }
  };
  return {
    get: (key) =>
      attempt((storage) => {
        const value = storage.getItem(key);
        return typeof value === 'string' ? value : null;
      }, null),
    set: (key, value) => {
      quotaExceeded = false;
      return attempt((storage) => {
        storage.setItem(key, value);
        return true;
      }, false);
    },
    full: () => quotaExceeded,
    remove: (key) => attempt((storage) => storage.removeItem(key), undefined),
    keys: () =>
      attempt((storage) => {
        const keys: string[] = [];
        for (let index = 0; index < storage.length; index++) {
          const key = storage.key(index);
          if (typeof key === 'string') keys.push(key);
        }
        return keys;
      }, []),
  };
}

/** Storage that holds nothing: for `persist="none"` and for tests. */
export const noStorage: SafeStorage = { get: () => null, set: () => false, remove: () => undefined, keys: () => [] };

/** In-memory storage, for tests and as a stand-in where the browser offers none. */
export function memoryStorage(initial: Record<string, string> = {}): SafeStorage & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    get: (key) => entries.get(key) ?? null,
    set: (key, value) => (entries.set(key, value), true),
    remove: (key) => void entries.delete(key),
    keys: () => [...entries.keys()],
  };
}
