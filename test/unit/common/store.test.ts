import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../src/common/store';
import { memoryStorage, safeStorage } from '../../../src/common/storage';

describe('createStore', () => {
  it('merges updates and tells subscribers the new and previous state', () => {
    const store = createStore({ count: 0, name: 'a' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState((state) => ({ count: state.count + 1 }));
    expect(store.getState()).toEqual({ count: 1, name: 'a' });
    expect(listener).toHaveBeenCalledWith({ count: 1, name: 'a' }, { count: 0, name: 'a' });
  });

  it('does not notify when nothing changed, and stops after unsubscribe', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setState({ count: 0 });
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
    store.setState({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('safeStorage', () => {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };

  it.each([
    ['blocked on access', blocked],
    ['missing', () => null],
  ])('never throws when storage is %s', (_, resolve) => {
    const storage = safeStorage(resolve);
    expect(storage.get('k')).toBeNull();
    expect(storage.set('k', 'v')).toBe(false);
    expect(() => storage.remove('k')).not.toThrow();
  });

  it('reports a full storage as a refused write', () => {
    const full = {
      getItem: () => null,
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(safeStorage(() => full as unknown as Storage).set('k', 'v')).toBe(false);
  });

  it('reads and writes through a working storage', () => {
    const storage = safeStorage(() => window.localStorage);
    expect(storage.set('k', 'v')).toBe(true);
    expect(storage.get('k')).toBe('v');
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
    window.localStorage.clear();
  });

  it('memoryStorage behaves like storage', () => {
    const storage = memoryStorage({ a: '1' });
    expect(storage.get('a')).toBe('1');
    storage.set('b', '2');
    storage.remove('a');
    expect([...storage.entries]).toEqual([['b', '2']]);
  });
});
