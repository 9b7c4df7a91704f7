/** Timers, injected so tests drive time and the widget never calls the page's timers directly. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
