import { afterNextPaint } from './next-task';

/**
 * How long {@link afterFirstPaint} waits for the browser's paint entry before going on without it. A page
 * on screen that shows the widget paints within a few frames; this only matters if the browser never says.
 */
const PAINT_ENTRY_WAIT_MS = 5000;

/**
 * Resolves once the browser has recorded the page's first paint (its Paint Timing entry, `first-paint` or
 * `first-contentful-paint`; Safari and Firefox record only the second). That entry is the browser's own word
 * for "painted": it is recorded when the frame is presented, which can be after the tasks that follow the
 * frame's animation callbacks, so waiting for a frame alone can still come before it. A page painted long
 * ago resolves at once (the entry is buffered). A browser without Paint Timing waits for a drawn frame.
 */
export function afterFirstPaint(): Promise<void> {
  const observer = typeof PerformanceObserver === 'function' ? PerformanceObserver : undefined;
  if (!observer?.supportedEntryTypes?.includes('paint')) return afterNextPaint();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(fallback);
      watcher.disconnect();
      resolve();
    };
    const watcher = new observer((list) => {
      if (list.getEntries().length > 0) settle();
    });
    const fallback = setTimeout(settle, PAINT_ENTRY_WAIT_MS);
    watcher.observe({ type: 'paint', buffered: true });
  });
}
