// Benchmark instrumentation, loaded before the widget: records long tasks and keeps count of the
// timers, animation frames and window/document listeners that are still active, so a benchmark can
// tell whether a removed widget left anything running.
(function () {
  const bench = (window.__bench = { longTasks: [], timers: new Set(), frames: new Set(), listeners: new Map() });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  const { setTimeout, clearTimeout, setInterval, clearInterval, requestAnimationFrame, cancelAnimationFrame } = window;
  window.setTimeout = function (callback, ms, ...args) {
    const id = setTimeout.call(
      window,
      (...values) => {
        bench.timers.delete(id);
        if (typeof callback === 'function') callback(...values);
      },
      ms,
      ...args,
    );
    bench.timers.add(id);
    return id;
  };
  window.clearTimeout = function (id) {
    bench.timers.delete(id);
    return clearTimeout.call(window, id);
  };
  window.setInterval = function (callback, ms, ...args) {
    const id = setInterval.call(window, callback, ms, ...args);
    bench.timers.add(id);
    return id;
  };
  window.clearInterval = function (id) {
    bench.timers.delete(id);
    return clearInterval.call(window, id);
  };
  window.requestAnimationFrame = function (callback) {
    const id = requestAnimationFrame.call(window, (time) => {
      bench.frames.delete(id);
      callback(time);
    });
    bench.frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = function (id) {
    bench.frames.delete(id);
    return cancelAnimationFrame.call(window, id);
  };

  for (const target of [window, document]) {
    const add = target.addEventListener;
    const remove = target.removeEventListener;
    const name = target === window ? 'window' : 'document';
    target.addEventListener = function (type, listener, options) {
      const key = `${name}:${type}`;
      const set = bench.listeners.get(key) ?? new Set();
      set.add(listener);
      bench.listeners.set(key, set);
      return add.call(this, type, listener, options);
    };
    target.removeEventListener = function (type, listener, options) {
      bench.listeners.get(`${name}:${type}`)?.delete(listener);
      return remove.call(this, type, listener, options);
    };
  }
  bench.active = () => ({
    timers: bench.timers.size,
    frames: bench.frames.size,
    listeners: [...bench.listeners.values()].reduce((sum, set) => sum + set.size, 0),
    audio: document.querySelectorAll('audio').length,
  });
})();
