import type { AssistantDeps } from '../deps';

/** However busy the page stays after the launcher's first frame, the kept call shows at most this much later. */
export const RESUME_WAIT_MS = 300;

/** What resuming a kept call needs of the call controller and the navigation. */
interface ResumeParts {
  calls: { keptCallWaiting(): boolean; resume(): boolean };
  navigation: { navigate(view: 'chat'): void; setOpen(open: boolean): void };
}

/**
 * A call the previous page of the store kept goes on here: rejoined, its strip shown in the chat and the
 * card opened together, once the page is idle after the launcher's first frame (or {@link RESUME_WAIT_MS}
 * after it). Until then the page does exactly what it does without a call: its launcher paints as soon,
 * and the page's own work after that frame (its scripts, its timers) runs before the card's rendering
 * rather than behind it. Returns a cancel (the widget went away first), or null when no call waits.
 */
export function resumeAfterFirstFrame(
  deps: Pick<AssistantDeps, 'requestFrame' | 'scheduleIdle' | 'timers'>,
  { calls, navigation }: ResumeParts,
): (() => void) | null {
  if (!calls.keptCallWaiting()) return null;
  let done = false;
  const cancels: (() => void)[] = [];
  const settle = () => {
    if (done) return;
    done = true;
    cancels.forEach((cancel) => cancel());
  };
  const resume = () => {
    if (done) return;
    settle();
    if (!calls.resume()) return;
    navigation.navigate('chat');
    navigation.setOpen(true);
  };
  cancels.push(
    deps.requestFrame(() => {
      if (done) return;
      cancels.push(deps.scheduleIdle(resume));
      const wait = deps.timers.setTimeout(resume, RESUME_WAIT_MS);
      cancels.push(() => deps.timers.clearTimeout(wait));
    }),
  );
  return settle;
}
