import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/common/next-task';

/** Whether `promise` has settled once the tasks and microtasks queued so far have run. */
async function settledSoon(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterNextPaint', () => {
  it("waits for the next frame, and resolves in a task after its callbacks (after the frame's paint)", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let painted = false;
    const waited = afterNextPaint().then(() => {
      painted = true;
    });
    expect(await settledSoon(waited)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    // Still in the frame's callbacks: the page has not painted it yet.
    await Promise.resolve();
    expect(painted).toBe(false);
    await waited;
    expect(painted).toBe(true);
  });

  it('resolves in the next task on a hidden page, which draws no frames', async () => {
    const frame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frame);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await afterNextPaint();
    expect(frame).not.toHaveBeenCalled();
  });

  it('goes on after 100 ms when no frame comes (a tab hidden meanwhile)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const waited = afterNextPaint();
    let done = false;
    void waited.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
