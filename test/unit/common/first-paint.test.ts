import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../../../src/common/first-paint';

/**
 * A stand-in for the browser's PerformanceObserver that supports the `paint` entry type: the test
 * records paints with `paint(name)`; an observer with `buffered: true` is told of earlier ones too,
 * as the Paint Timing and Performance Timeline specifications describe.
 */
function fakePaintTimeline(supported: string[] = ['paint']) {
  const recorded: { name: string }[] = [];
  const observers = new Set<{ callback: PerformanceObserverCallback; self: PerformanceObserver }>();
  class FakeObserver {
    static supportedEntryTypes = supported;
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      const entry = { callback: this.callback, self: this as unknown as PerformanceObserver };
      observers.add(entry);
      if (options.buffered && recorded.length) queueMicrotask(() => deliver(entry, recorded));
    }
    disconnect() {
      for (const entry of observers)
        if (entry.self === (this as unknown as PerformanceObserver)) observers.delete(entry);
    }
  }
  const deliver = (entry: { callback: PerformanceObserverCallback; self: PerformanceObserver }, list: object[]) =>
    entry.callback({ getEntries: () => list } as unknown as PerformanceObserverEntryList, entry.self);
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint(name: string) {
      recorded.push({ name });
      for (const entry of [...observers]) deliver(entry, [{ name }]);
    },
    watching: () => observers.size,
  };
}

/** Whether `promise` has settled once pending microtasks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it("waits for the browser's paint entry, not for a frame, then stops watching", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const timeline = fakePaintTimeline();
    const painted = afterFirstPaint();
    // Frames pass (the frame-based wait would have resolved by now), but the browser has not said it painted.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(painted)).toBe(false);
    timeline.paint('first-contentful-paint');
    expect(await settled(painted)).toBe(true);
    expect(timeline.watching()).toBe(0);
  });

  it('resolves at once on a page that painted before it asked', async () => {
    const timeline = fakePaintTimeline();
    timeline.paint('first-paint');
    await expect(afterFirstPaint()).resolves.toBeUndefined();
    expect(timeline.watching()).toBe(0);
  });

  it('goes on after five seconds if the browser never records a paint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const timeline = fakePaintTimeline();
    const painted = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(4999);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
    expect(timeline.watching()).toBe(0);
  });

  it('waits for a drawn frame in a browser without Paint Timing', async () => {
    fakePaintTimeline(['mark', 'measure']);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    await expect(painted).resolves.toBeUndefined();
  });
});
