/**
 * The part of Node's EventEmitter that `@vapi-ai/web` uses (on, once, emit, removeListener,
 * removeAllListeners, listenerCount), which the build substitutes for the `events` package: the full
 * polyfill costs about 2 KB gzip on every store page for features the SDK never calls.
 *
 * One deliberate difference: emitting "error" with no listener does not throw. A late SDK error after a
 * call ended must never become an uncaught exception on the store's page.
 */
type Listener = (...args: unknown[]) => void;

export class EventEmitter {
  private readonly events = new Map<string | symbol, Listener[]>();

  on(event: string | symbol, listener: Listener): this {
    this.events.set(event, [...(this.events.get(event) ?? []), listener]);
    return this;
  }

  addListener(event: string | symbol, listener: Listener): this {
    return this.on(event, listener);
  }

  once(event: string | symbol, listener: Listener): this {
    const wrapper: Listener = (...args) => {
      this.removeListener(event, wrapper);
      listener.apply(this, args);
    };
    return this.on(event, wrapper);
  }

  emit(event: string | symbol, ...args: unknown[]): boolean {
    const listeners = this.events.get(event);
    if (!listeners || listeners.length === 0) return false;
    // A copy: a listener may remove itself (once) or others while we iterate.
    for (const listener of [...listeners]) listener.apply(this, args);
    return true;
  }

  removeListener(event: string | symbol, listener: Listener): this {
    const listeners = this.events.get(event);
    const index = listeners?.lastIndexOf(listener) ?? -1;
    if (listeners && index >= 0) listeners.splice(index, 1);
    return this;
  }

  off(event: string | symbol, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  removeAllListeners(event?: string | symbol): this {
    if (event === undefined) this.events.clear();
    else this.events.delete(event);
    return this;
  }

  listenerCount(event: string | symbol): number {
    return this.events.get(event)?.length ?? 0;
  }
}

export default EventEmitter;
