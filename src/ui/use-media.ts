import { useSyncExternalStore } from 'react';

const matcher = (query: string): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether the media `query` matches now; the component re-renders when that changes. Null asks nothing. */
export function useMediaQuery(query: string | null): boolean {
  const subscribe = (onChange: () => void) => {
    const list = query ? matcher(query) : null;
    list?.addEventListener?.('change', onChange);
    return () => list?.removeEventListener?.('change', onChange);
  };
  const read = () => (query ? (matcher(query)?.matches ?? false) : false);
  return useSyncExternalStore(subscribe, read, read);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const readOnline = () => navigator.onLine !== false;

/** Whether the browser believes it is online (it says so reliably only when it is not). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, readOnline, readOnline);
}
