/**
 * The load run's counting, from both sides: what each simulated visitor saw of each message it sent, and
 * which executions of the workflow carried which messageId (read from n8n's execution data). A message is
 * lost when its visitor got no answer or no execution answered it; doubled when its visitor got more than
 * one answer or more than one execution answered it. An execution that met a messageId it had seen before
 * and answered with the workflow's short note ("I have answered this message already") dropped a repeat:
 * it is counted apart, never as a second answer. A visitor who got that note instead of the answer lost
 * the answer.
 *
 * In queue mode, an execution whose worker did not renew its lock in time (a busy machine) is taken up
 * again by another worker under the same execution id, from its start: the rerun meets the repeat check
 * and its saved data replaces the first run's. A message whose only saved execution is such a note while
 * its visitor got the real answer was therefore answered once, by the first run: it is counted as an
 * execution run again, not as lost.
 */

/** The repeat check's short note in the demo workflows' answer. */
export const REPEAT_NOTE = 'answered this message already';

/** Why a send or a resend of a message failed, as the visitor's side saw it. */
export type ErrorKind = '429' | '503' | 'other-http' | 'timeout' | 'network' | 'socket-drop' | 'stream' | 'time-limit';

/** One message as its visitor saw it. */
export interface SentMessage {
  messageId: string;
  visitor: string;
  /** When it left, and when its answer's first text arrived (null: none did), in ms of the run's clock. */
  sentAt: number;
  firstReplyAt: number | null;
  /** Answers the visitor got for it: one, or the run failed. */
  replies: number;
  /** The visitor was shown that the message is queued (the widget's notice above the text box) while it waited. */
  queued: boolean;
  /** What went wrong on the way, resends included, in order; empty for a clean send. */
  errors: ErrorKind[];
  /** The widget showed the failure with Retry in the end (the resends were used up, or the answer failed). */
  failed: boolean;
  /** The answer the visitor got was the repeat check's short note, not the answer. */
  gotRepeatNote: boolean;
}

/** One execution of the workflow: the messageIds it carried, and whether it answered with the repeat note. */
export interface Execution {
  executionId: string;
  messageIds: string[];
  repeatNote: boolean;
}

export interface Tally {
  sent: number;
  answered: number;
  /** Messages without an answer at the visitor, or that no execution answered. */
  lost: string[];
  /** Messages answered more than once at the visitor, or by more than one execution. */
  doubled: string[];
  /** Executions that dropped a repeat of a message already answered. */
  repeatsDropped: number;
  /** Messages answered by an execution that was then taken up again (its saved data is the rerun's note). */
  executionsRunAgain: number;
  errors: Partial<Record<ErrorKind, number>>;
  /** Visitors shown the "queued" notice at least once: a clear "busy" state, not a silence. */
  visitorsShownBusy: number;
  /** Visitors whose last message ended neither answered nor with the failure shown. */
  visitorsLeftSilent: number;
  /** Milliseconds from a message leaving to its answer's first text. */
  firstReply: { p50: number; p95: number; p99: number; max: number };
}

/** The `p`-th percentile (0–100) of `values` by nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

/** How many executions answered each messageId (repeat notes not counted), and how many dropped a repeat. */
function answersByExecution(executions: readonly Execution[]) {
  const answers = new Map<string, number>();
  const notes = new Map<string, number>();
  for (const execution of executions) {
    const counts = execution.repeatNote ? notes : answers;
    for (const messageId of new Set(execution.messageIds)) counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
  }
  return { answers, notes, repeats: executions.filter((execution) => execution.repeatNote).length };
}

function lastOfEach(messages: readonly SentMessage[]): Map<string, SentMessage> {
  const last = new Map<string, SentMessage>();
  for (const message of messages) {
    const before = last.get(message.visitor);
    if (!before || before.sentAt <= message.sentAt) last.set(message.visitor, message);
  }
  return last;
}

/** Counts `messages` (the visitors' side) against `executions` (the workflow's side). */
export function tally(messages: readonly SentMessage[], executions: readonly Execution[]): Tally {
  const { answers, notes, repeats } = answersByExecution(executions);
  let runAgain = 0;
  const lost: string[] = [];
  const doubled: string[] = [];
  const errors: Partial<Record<ErrorKind, number>> = {};
  const busyVisitors = new Set<string>();
  const times: number[] = [];
  for (const message of messages) {
    let ran = answers.get(message.messageId) ?? 0;
    const answeredBeforeRerun = message.replies > 0 && !message.gotRepeatNote;
    if (ran === 0 && answeredBeforeRerun && (notes.get(message.messageId) ?? 0) > 0) {
      ran = 1;
      runAgain += 1;
    }
    if (message.replies === 0 || message.gotRepeatNote || ran === 0) lost.push(message.messageId);
    if (message.replies > 1 || ran > 1) doubled.push(message.messageId);
    for (const kind of message.errors) errors[kind] = (errors[kind] ?? 0) + 1;
    if (message.queued) busyVisitors.add(message.visitor);
    if (message.firstReplyAt !== null) times.push(message.firstReplyAt - message.sentAt);
  }
  const silent = [...lastOfEach(messages).values()].filter((message) => message.replies === 0 && !message.failed);
  return {
    sent: messages.length,
    answered: messages.filter((message) => message.replies > 0).length,
    lost,
    doubled,
    repeatsDropped: repeats,
    executionsRunAgain: runAgain,
    errors,
    visitorsShownBusy: busyVisitors.size,
    visitorsLeftSilent: silent.length,
    firstReply: {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: times.length ? Math.max(...times) : NaN,
    },
  };
}

/** The messageIds of this run in an execution's stored data (`prefix` names the run). */
export function messageIdsIn(data: string, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(data.match(new RegExp(`${escaped}-v\\d+:m\\d+`, 'g')) ?? [])];
}
