import { describe, expect, it, vi } from 'vitest';
import { RESUME_WAIT_MS, resumeAfterFirstFrame } from '../../../src/app/calls/call-resume';

/** Frames, idle moments and timers that run only when the test says so. */
function manualPage() {
  const frames: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextHandle = 0;
  const deps = {
    requestFrame: vi.fn((callback: (time: number) => void) => {
      frames.push(() => callback(0));
      return () => frames.splice(0, frames.length);
    }),
    scheduleIdle: vi.fn((callback: () => void) => {
      idles.push(callback);
      return () => idles.splice(0, idles.length);
    }),
    timers: {
      setTimeout: (callback: () => void, ms: number) => {
        timers.set(++nextHandle, { callback, ms });
        return nextHandle;
      },
      clearTimeout: (handle: unknown) => void timers.delete(handle as number),
    },
  };
  const run = (list: (() => void)[]) => list.splice(0, list.length).forEach((callback) => callback());
  return {
    deps,
    timers,
    drawFrame: () => run(frames),
    becomeIdle: () => run(idles),
    fireTimers: () => [...timers.values()].forEach(({ callback }) => callback()),
  };
}

function parts(waiting = true, resumes = true) {
  return {
    calls: { keptCallWaiting: vi.fn(() => waiting), resume: vi.fn(() => resumes) },
    navigation: { navigate: vi.fn(), setOpen: vi.fn() },
  };
}

describe('a kept call resumed after the launcher’s first frame', () => {
  it('does nothing, not even a frame, when no call was kept', () => {
    const page = manualPage();
    expect(resumeAfterFirstFrame(page.deps, parts(false))).toBeNull();
    expect(page.deps.requestFrame).not.toHaveBeenCalled();
  });

  it('waits for the first frame, then for an idle moment, and opens the card on the call once', () => {
    const page = manualPage();
    const { calls, navigation } = parts();
    resumeAfterFirstFrame(page.deps, { calls, navigation });
    expect(calls.resume).not.toHaveBeenCalled();
    page.drawFrame();
    // The frame is drawn: the page's own work goes first.
    expect(calls.resume).not.toHaveBeenCalled();
    page.becomeIdle();
    expect(calls.resume).toHaveBeenCalledTimes(1);
    expect(navigation.navigate).toHaveBeenCalledWith('chat');
    expect(navigation.setOpen).toHaveBeenCalledWith(true);
    // The bound that was not needed is cleared, and nothing runs twice.
    expect(page.timers.size).toBe(0);
    page.fireTimers();
    expect(calls.resume).toHaveBeenCalledTimes(1);
  });

  it('on a page that never goes idle, resumes after the bound', () => {
    const page = manualPage();
    const { calls, navigation } = parts();
    resumeAfterFirstFrame(page.deps, { calls, navigation });
    page.drawFrame();
    expect([...page.timers.values()].map(({ ms }) => ms)).toEqual([RESUME_WAIT_MS]);
    page.fireTimers();
    expect(calls.resume).toHaveBeenCalledTimes(1);
    page.becomeIdle();
    expect(calls.resume).toHaveBeenCalledTimes(1);
    expect(navigation.setOpen).toHaveBeenCalledTimes(1);
  });

  it('leaves the card closed when the kept call could not be rejoined', () => {
    const page = manualPage();
    const { calls, navigation } = parts(true, false);
    resumeAfterFirstFrame(page.deps, { calls, navigation });
    page.drawFrame();
    page.becomeIdle();
    expect(calls.resume).toHaveBeenCalledTimes(1);
    expect(navigation.setOpen).not.toHaveBeenCalled();
  });

  it('cancelled before the frame (the widget went away), never takes the call: the next page may', () => {
    const page = manualPage();
    const { calls, navigation } = parts();
    const cancel = resumeAfterFirstFrame(page.deps, { calls, navigation });
    cancel?.();
    page.drawFrame();
    page.becomeIdle();
    page.fireTimers();
    expect(calls.resume).not.toHaveBeenCalled();
  });

  it('cancelled after the frame, neither the idle moment nor the bound resumes it', () => {
    const page = manualPage();
    const { calls, navigation } = parts();
    const cancel = resumeAfterFirstFrame(page.deps, { calls, navigation });
    page.drawFrame();
    cancel?.();
    page.becomeIdle();
    page.fireTimers();
    expect(calls.resume).not.toHaveBeenCalled();
  });
});
