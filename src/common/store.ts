/**
 * A minimal vanilla store (the zustand shape): state lives outside React, so the conversation
 * survives the element being moved or re-rendered, and tests drive it without a DOM.
 */
export interface Store<S> {
  getState(): S;
  /** Merges `update` into the state and notifies subscribers when anything changed. */
  setState(update: Partial<S> | ((state: S) => Partial<S>)): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

/** Creates a store holding `initial`. */
export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<(state: S, previous: S) => void>();
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      const changed = (Object.keys(patch) as (keyof S)[]).some((key) => !Object.is(patch[key], state[key]));
      if (!changed) return;
      const previous = state;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A feature's window on the store: it reads `Read` (its own slice and what it needs of the rest) and
 * writes only the fields named in `Write`. The whole store is one of these for every feature.
 */
export interface SliceStore<Read, Write extends keyof Read> {
  getState(): Read;
  setState(update: Partial<Pick<Read, Write>> | ((state: Read) => Partial<Pick<Read, Write>>)): void;
}
