import type { Agent, HandoffEventDetail, HandoffState, HandoffStatus } from './handoff-state';

/** The takeover's moments that are lines of the conversation. */
export type HandoffLine = 'joined' | 'left' | 'cancelled' | 'timeout' | 'unavailable';

/** What a status change does: the next state, the events to announce, and a line for the conversation. */
export interface Transition {
  next: HandoffState;
  events: HandoffEventDetail[];
  /**
   * The line said in the conversation: a person joined or left, the visitor went back to the assistant,
   * or the wait ended unanswered (`timeout`, `unavailable`, followed there by the email form).
   */
  line: HandoffLine | null;
}

/** A takeover no longer under way. */
function ended(state: HandoffState): HandoffState {
  return {
    ...state,
    phase: 'none',
    agent: null,
    typing: false,
    missedBecause: null,
    requestedAt: null,
    execution: null,
  };
}

/**
 * The takeover after `status`, with what to announce. Repeating a status changes nothing and announces
 * nothing, so the same event from a replay or another tab is harmless.
 */
export function transition(state: HandoffState, status: HandoffStatus, agent: Agent | null, now: number): Transition {
  const same = { next: state, events: [], line: null };
  switch (status) {
    case 'connecting':
      if (state.phase === 'connecting' || state.phase === 'joined') return same;
      return {
        next: { ...state, phase: 'connecting', agent: null, missedBecause: null, email: 'idle', requestedAt: now },
        events: [{ status: 'start' }],
        line: null,
      };
    case 'joined':
      return {
        next: { ...state, phase: 'joined', agent: agent ?? state.agent, typing: false, missedBecause: null },
        events: state.phase === 'joined' ? [] : [{ status: 'join' }],
        line: state.phase === 'joined' ? null : 'joined',
      };
    case 'typing':
      if (state.phase === 'none' || state.phase === 'missed') return same;
      return { next: { ...state, typing: true, agent: agent ?? state.agent }, events: [], line: null };
    case 'left':
      if (state.phase === 'none') return same;
      return { next: ended(state), events: [{ status: 'end', reason: 'left' }], line: 'left' };
    case 'timeout':
    case 'unavailable':
      if (state.phase === 'missed' || state.phase === 'joined') return same;
      return {
        next: { ...state, phase: 'missed', agent: null, typing: false, missedBecause: status },
        events: [{ status: 'timeout', reason: status }],
        line: status,
      };
  }
}

/** The visitor cancelled the wait, or closed the takeover. */
export function cancelled(state: HandoffState): Transition {
  if (state.phase === 'none') return { next: state, events: [], line: null };
  return {
    next: { ...ended(state), email: 'idle' },
    events: [{ status: 'end', reason: 'cancelled' }],
    line: 'cancelled',
  };
}

/** A valid email address: one `@`, a dot in the domain, no spaces, at most 254 characters. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text);
}
