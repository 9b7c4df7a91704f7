import { describe, expect, it } from 'vitest';
import { messageIdsIn, percentile, tally, type Execution, type SentMessage } from '../../bench/engine-load/tally';

// The load run's count from both sides (test/bench/engine-load/tally.ts): a lost or doubled message, on
// either side, must show, or the run would pass on a broken engine.

function sent(visitor: number, turn: number, overrides: Partial<SentMessage> = {}): SentMessage {
  const sentAt = visitor * 1000 + turn * 100;
  return {
    messageId: `run1-v${visitor}:m${turn}`,
    visitor: `run1-v${visitor}`,
    sentAt,
    firstReplyAt: sentAt + 10 * (visitor + turn),
    replies: 1,
    queued: false,
    errors: [],
    failed: false,
    gotRepeatNote: false,
    ...overrides,
  };
}

function ran(executionId: number, messageId: string, repeatNote = false): Execution {
  return { executionId: String(executionId), messageIds: [messageId], repeatNote };
}

/** Two visitors, two messages each, every message answered once on both sides. */
function cleanRun(): { messages: SentMessage[]; executions: Execution[] } {
  const messages = [sent(1, 1), sent(1, 2), sent(2, 1), sent(2, 2)];
  return { messages, executions: messages.map((message, index) => ran(index + 1, message.messageId)) };
}

describe('the load run: counting from both sides', () => {
  it('a clean run: nothing lost, nothing doubled', () => {
    const { messages, executions } = cleanRun();
    const counted = tally(messages, executions);
    expect(counted).toMatchObject({ sent: 4, answered: 4, lost: [], doubled: [], repeatsDropped: 0 });
    expect(counted.visitorsLeftSilent).toBe(0);
  });

  it('a message the workflow never ran is lost, though its visitor saw an answer', () => {
    const { messages, executions } = cleanRun();
    expect(tally(messages, executions.slice(1)).lost).toEqual(['run1-v1:m1']);
  });

  it('a message its visitor got no answer to is lost, though the workflow ran it', () => {
    const { messages, executions } = cleanRun();
    messages[3] = sent(2, 2, { replies: 0, firstReplyAt: null, failed: true, errors: ['timeout'] });
    const counted = tally(messages, executions);
    expect(counted.lost).toEqual(['run1-v2:m2']);
    expect(counted.errors).toEqual({ timeout: 1 });
    // The failure was shown (with Retry): not a silence.
    expect(counted.visitorsLeftSilent).toBe(0);
  });

  it('a visitor whose last message ended with neither an answer nor the failure shown was left silent', () => {
    const { messages, executions } = cleanRun();
    messages[1] = sent(1, 2, { replies: 0, firstReplyAt: null });
    expect(tally(messages, executions).visitorsLeftSilent).toBe(1);
  });

  it('two executions answering one messageId double it', () => {
    const { messages, executions } = cleanRun();
    expect(tally(messages, [...executions, ran(9, 'run1-v2:m1')]).doubled).toEqual(['run1-v2:m1']);
  });

  it('two answers at the visitor double a message', () => {
    const { messages, executions } = cleanRun();
    messages[0] = sent(1, 1, { replies: 2 });
    expect(tally(messages, executions).doubled).toEqual(['run1-v1:m1']);
  });

  it('a repeat the workflow dropped with its short note is counted apart, not as a second answer', () => {
    const { messages, executions } = cleanRun();
    const counted = tally(messages, [...executions, ran(9, 'run1-v2:m1', true)]);
    expect(counted.doubled).toEqual([]);
    expect(counted.repeatsDropped).toBe(1);
  });

  it('a visitor who got the short note instead of the answer lost the answer', () => {
    const { messages, executions } = cleanRun();
    messages[0] = sent(1, 1, { gotRepeatNote: true });
    expect(tally(messages, [...executions, ran(9, 'run1-v1:m1', true)]).lost).toEqual(['run1-v1:m1']);
  });

  it("an execution taken up again (its saved data the rerun's note) answered once when its visitor got the answer", () => {
    const { messages, executions } = cleanRun();
    executions[2] = ran(3, 'run1-v2:m1', true);
    const counted = tally(messages, executions);
    expect(counted).toMatchObject({ lost: [], doubled: [], executionsRunAgain: 1, repeatsDropped: 1 });
    // Without the visitor's answer, nothing answered it.
    messages[2] = sent(2, 1, { replies: 0, firstReplyAt: null, failed: true });
    expect(tally(messages, executions).lost).toEqual(['run1-v2:m1']);
  });

  it('one execution naming a messageId twice (its history, its output) answers it once', () => {
    const { messages, executions } = cleanRun();
    executions[0] = { executionId: '1', messageIds: ['run1-v1:m1', 'run1-v1:m1'], repeatNote: false };
    expect(tally(messages, executions).doubled).toEqual([]);
  });

  it('counts the errors by kind and the visitors shown "queued"', () => {
    const { messages, executions } = cleanRun();
    messages[0] = sent(1, 1, { errors: ['503', '429'], queued: true });
    messages[2] = sent(2, 1, { errors: ['503', 'socket-drop'], queued: true });
    messages[3] = sent(2, 2, { queued: true });
    const counted = tally(messages, executions);
    expect(counted.errors).toEqual({ '503': 2, '429': 1, 'socket-drop': 1 });
    expect(counted.visitorsShownBusy).toBe(2);
  });

  it('times to the first reply: percentiles by nearest rank', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(percentile([5], 99)).toBe(5);
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect([percentile(hundred, 50), percentile(hundred, 95), percentile(hundred, 99)]).toEqual([50, 95, 99]);
    expect(percentile([30, 10, 20, 40], 50)).toBe(20);
    const { messages, executions } = cleanRun();
    // Replies after 20, 30, 30 and 40 ms.
    expect(tally(messages, executions).firstReply).toEqual({ p50: 30, p95: 40, p99: 40, max: 40 });
  });

  it("reads this run's messageIds out of an execution's stored data, and no other run's", () => {
    const data = '["x",{"messageId":"run1-v12:m3"},"run1-v12:m3","run10-v1:m1","other-v2:m1","run1-v4:m5"]';
    expect(messageIdsIn(data, 'run1').sort()).toEqual(['run1-v12:m3', 'run1-v4:m5']);
  });
});
