import { safeStorage, type SafeStorage } from './storage';

/** The events the widget announces on its element, with their `detail`. */
export interface AssistantEvents {
  ready: { version: string };
  open: Record<string, never>;
  close: Record<string, never>;
  message: import('./state').Message;
  error: { source: 'chat' | 'voice' | 'theme'; message: string };
}

/**
 * Every side effect the store may cause, injected so tests pass fakes and the UI never touches the
 * network, storage or timers itself.
 */
export interface AssistantDeps {
  fetch: typeof fetch;
  /** Long-lived storage (`persist="local"`, the saved theme). */
  localStorage: SafeStorage;
  /** Per-tab storage (`persist="session"`, cached visitor context). */
  sessionStorage: SafeStorage;
  now: () => number;
  /** A random id for a conversation (n8n's chat memory keys on it). */
  randomId: () => string;
  /** Dispatches `store-assistant:<name>` on the element. */
  emit: <K extends keyof AssistantEvents>(name: K, detail: AssistantEvents[K]) => void;
  /** Writes a message for the store owner to the console. */
  warn: (message: string) => void;
  /** The page's origin: same-origin images are allowed and relative URLs resolve against it. */
  pageOrigin: string;
}

/** A random id from the platform's generator, with a fallback for old browsers and insecure origins. */
export function browserRandomId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The real browser side effects. `emit` is supplied by the element. */
export function browserDeps(emit: AssistantDeps['emit']): AssistantDeps {
  return {
    // Bound to window: some browsers throw "Illegal invocation" when fetch is called as a method of another object.
    fetch: (input, init) => window.fetch(input, init),
    localStorage: safeStorage(() => window.localStorage),
    sessionStorage: safeStorage(() => window.sessionStorage),
    now: () => Date.now(),
    randomId: browserRandomId,
    emit,
    warn: (message) => console.warn(`[store-assistant] ${message}`),
    pageOrigin: window.location.origin,
  };
}
