// Mobile benchmark instrumentation, loaded before anything measured (and without instrument.js's timer
// and listener wrappers, which would tax the widgets compared):
// - long tasks, as the Long Tasks API reports them (over 50 ms);
// - Event Timing entries (input to next paint, by interaction), as INP counts them;
// - `__bench.paintedWhen(isShown)`: marks `painted` once `isShown()` holds in an animation frame and that
//   frame has been drawn. Every page of the mobile profile (the blank page, the published widgets, ours
//   and the floors) reports through it, so all are timed alike.
(function () {
  const bench = (window.__bench = { longTasks: [], events: [] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.events.push({
        name: entry.name,
        interactionId: entry.interactionId,
        start: entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });

  const raf = requestAnimationFrame;
  // Right after the frame that a rAF callback belongs to: a task of the highest priority runs before
  // anything else the page has queued (the rest of the document to parse, a message), so the time is the
  // frame's end, not that of whatever task happened to be queued ahead of a timer.
  const later = (callback) =>
    window.scheduler?.postTask
      ? window.scheduler.postTask(callback, { priority: 'user-blocking' })
      : setTimeout(callback, 0);
  let markPainted;
  const painted = new Promise((resolve) => (markPainted = resolve));
  bench.paintedWhen = function (isShown) {
    const check = () => {
      let shown = false;
      try {
        shown = Boolean(isShown());
      } catch {
        shown = false;
      }
      // The frame this callback belongs to draws what isShown saw; the task posted runs once it has.
      if (shown) later(() => markPainted(performance.mark('painted').startTime));
      else raf(check);
    };
    raf(check);
  };
  /** Resolves with the time `painted` was marked. */
  bench.painted = () => painted;
  /** Resolves, once `isShown()` holds in an animation frame and that frame is drawn, with the time. */
  bench.drawn = (isShown) =>
    new Promise((resolve) => {
      const check = () => (isShown() ? later(() => resolve(performance.now())) : raf(check));
      raf(check);
    });
  /** Whether `element` takes up room on the screen and is not transparent. */
  bench.visible = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
})();
