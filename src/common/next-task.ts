/**
 * Resolves in a new task (a message-channel task, which, unlike setTimeout, is never clamped), so the
 * page can handle input and paint in between. Loading evaluates large dependencies in separate tasks
 * with this, so none of them becomes a long task on the store's page.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How long {@link afterNextPaint} waits for a frame before going on without one (a tab hidden meanwhile draws none). */
const FRAME_WAIT_MS = 100;

/**
 * Resolves in a new task once the page has drawn its next frame, so what was just put on the screen is
 * painted before the work that follows. A hidden page draws no frames: there it resolves like
 * {@link nextTask}, and after at most {@link FRAME_WAIT_MS} whatever happens.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return nextTask();
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(settle, FRAME_WAIT_MS);
    // A frame's animation callbacks run just before it is painted; a task posted from one runs after.
    requestAnimationFrame(() => void nextTask().then(settle));
  });
}

/** How long a browser without idle callbacks (Safari) waits instead of for an idle moment. */
const NO_IDLE_CALLBACK_MS = 50;

/**
 * Calls `callback` once the browser is idle (its idle callback, with the idle period's deadline), or after
 * `timeoutMs` however busy the page is, when given. Browsers without idle callbacks (Safari) call it after a
 * short timeout instead. Returns a function that cancels it.
 */
export function onIdle(callback: (deadline?: IdleDeadline) => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, NO_IDLE_CALLBACK_MS);
  return () => clearTimeout(handle);
}

/** Resolves once the browser is idle, or after `timeoutMs` however busy the page is (see {@link onIdle}). */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => void onIdle(() => resolve(), timeoutMs));
}
