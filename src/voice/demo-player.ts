import type { Timers } from '../common/timers';
import type { DemoStep } from './demo-script';
import type { createEmitter } from './voice-client';

/** Pace of the demo: connecting, one word of speech, and the pause between turns. */
export const DEMO_TIMING = { connectMs: 600, wordMs: 140, pauseMs: 500 } as const;

/** How long the demo waits for the widget to report a tool's result before it goes on without it. */
export const DEMO_TOOL_WAIT_MS = 10_000;

type Emitter = ReturnType<typeof createEmitter>;
type ToolStep = Extract<DemoStep, { kind: 'tool' }>;
type Later = (ms: number, run: () => void) => unknown;

/** Speaks one line word by word, with partial transcripts, volume levels and speech events; returns how long it takes. */
function speakLine(emitter: Emitter, later: Later, role: 'assistant' | 'user', text: string): number {
  const lineWords = text.split(' ');
  const speaking = role === 'assistant';
  // The assistant's voice or the visitor's microphone: both meters move in the demo.
  const level = speaking ? 'volume-level' : 'local-volume-level';
  if (speaking) emitter.emit('speech-start');
  lineWords.forEach((_, index) => {
    later(index * DEMO_TIMING.wordMs, () => {
      emitter.emit(level, 0.35 + 0.5 * Math.abs(Math.sin(index * 1.7)));
      emitter.emit('message', {
        type: 'transcript',
        role,
        transcriptType: 'partial',
        transcript: lineWords.slice(0, index + 1).join(' '),
      });
    });
  });
  const done = lineWords.length * DEMO_TIMING.wordMs;
  later(done, () => {
    emitter.emit('message', { type: 'transcript', role, transcriptType: 'final', transcript: text });
    emitter.emit(level, 0);
    if (speaking) emitter.emit('speech-end');
  });
  return done;
}

/** The timers a demo call set, so that ending it clears every one. */
function timerSet(timers: Timers) {
  const pending = new Set<unknown>();
  const later: Later = (ms, run) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      run();
    }, ms);
    pending.add(handle);
    return handle;
  };
  const cancel = (handle: unknown) => {
    timers.clearTimeout(handle);
    pending.delete(handle);
  };
  const clear = () => [...pending].forEach(cancel);
  return { later, cancel, clear };
}

/**
 * Plays a demo call's steps one after the other: lines spoken word by word, and tool calls (a
 * `tool-calls` message as Vapi sends it) after which it waits for the widget's result, says what
 * happened and goes on. Lines to answer (text typed during the call) are said next. When the steps
 * are done, `onDone` ends the call.
 */
export function createDemoPlayer(emitter: Emitter, timers: Timers, onDone: () => void) {
  const { later, cancel, clear } = timerSet(timers);
  let queue: DemoStep[] = [];
  let busy = false;
  let toolCalls = 0;
  let waiting: { id: string; step: ToolStep; timer: unknown } | null = null;

  const next = (): void => {
    busy = false;
    const step = queue.shift();
    if (!step) return onDone();
    busy = true;
    if (step.kind === 'say')
      return void later(speakLine(emitter, later, step.role, step.text) + DEMO_TIMING.pauseMs, next);
    const call = {
      id: `demo-tool-${++toolCalls}`,
      type: 'function',
      function: { name: step.name, arguments: JSON.stringify(step.arguments) },
    };
    waiting = { id: call.id, step, timer: later(DEMO_TOOL_WAIT_MS, () => resume(call.id, null)) };
    emitter.emit('message', {
      type: 'tool-calls',
      toolCallList: [call],
      toolWithToolCallList: [{ type: 'function', function: { name: step.name }, toolCall: call }],
    });
  };

  /** The result of tool call `id` arrived (or never will: null): say what happened, then go on. */
  const resume = (id: string, ok: boolean | null): void => {
    if (waiting?.id !== id) return;
    const { step, timer } = waiting;
    waiting = null;
    cancel(timer);
    if (ok !== null) queue.unshift({ kind: 'say', role: 'assistant', text: ok ? step.ok : step.failed });
    next();
  };

  return {
    /** Connects after a moment, then plays `steps`. */
    play(steps: DemoStep[], onConnected: () => void): void {
      queue = steps;
      later(DEMO_TIMING.connectMs, () => {
        onConnected();
        next();
      });
    },
    /** A line for the assistant to say as soon as the current step is done. */
    answer(text: string): void {
      queue.unshift({ kind: 'say', role: 'assistant', text });
      if (!busy) next();
    },
    resume,
    /** Stops playing: nothing more is said or called. */
    stop(): void {
      queue = [];
      waiting = null;
      clear();
    },
  };
}
