import type { SliceStore } from '../common/store';
import type { Timers } from '../common/timers';

/** A tooltip opens after the pointer or focus has rested on its button this long. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** Within this long of one tooltip closing, the next opens at once, as the visitor scans the buttons. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Tooltip timing: which tooltip is open lives in the store, the delays here, on injected timers. */
export function createTooltips(
  store: SliceStore<{ tooltip: string | null }, 'tooltip'>,
  deps: { timers: Timers; now: () => number },
) {
  let timer: unknown;
  let closedAt = Number.NEGATIVE_INFINITY;

  const close = () => {
    deps.timers.clearTimeout(timer);
    if (store.getState().tooltip === null) return;
    store.setState({ tooltip: null });
    closedAt = deps.now();
  };

  return {
    /** The pointer or focus arrived on the button with tooltip `id`. */
    showTooltip(id: string): void {
      deps.timers.clearTimeout(timer);
      const current = store.getState().tooltip;
      if (current === id) return;
      if (current !== null || deps.now() - closedAt < TOOLTIP_SKIP_DELAY_MS) {
        store.setState({ tooltip: id });
        return;
      }
      timer = deps.timers.setTimeout(() => store.setState({ tooltip: id }), TOOLTIP_OPEN_DELAY_MS);
    },

    /** The pointer or focus left the button with tooltip `id`. */
    hideTooltip(id: string): void {
      const current = store.getState().tooltip;
      if (current === id || current === null) close();
    },

    /** Escape: closes whatever tooltip is open. Returns whether one was. */
    dismissTooltip(): boolean {
      const open = store.getState().tooltip !== null;
      close();
      return open;
    },
  };
}
