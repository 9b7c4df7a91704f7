import type { Timers } from '../shared/timers';
import { createDemoScript, type DemoStep } from './demo-script';
import { createEmitter, type AddMessage, type VoiceClient } from './voice-client';

export { DEMO_SCRIPT } from './demo-script';

/** Pace of the demo: connecting, one word of speech, and the pause between turns. */
export const DEMO_TIMING = { connectMs: 600, wordMs: 140, pauseMs: 500 } as const;

type Emitter = ReturnType<typeof createEmitter>;

/** Speaks one line word by word, with partial transcripts, volume levels and speech events; returns how long it takes. */
function speakLine(emitter: Emitter, later: (ms: number, run: () => void) => void, role: 'assistant' | 'user', text: string): number {
  const lineWords = text.split(' ');
  const speaking = role === 'assistant';
  if (speaking) emitter.emit('speech-start');
  lineWords.forEach((_, index) => {
    later(index * DEMO_TIMING.wordMs, () => {
      if (speaking) emitter.emit('volume-level', 0.35 + 0.5 * Math.abs(Math.sin(index * 1.7)));
      emitter.emit('message', { type: 'transcript', role, transcriptType: 'partial', transcript: lineWords.slice(0, index + 1).join(' ') });
    });
  });
  const done = lineWords.length * DEMO_TIMING.wordMs;
  later(done, () => {
    emitter.emit('message', { type: 'transcript', role, transcriptType: 'final', transcript: text });
    if (speaking) {
      emitter.emit('volume-level', 0);
      emitter.emit('speech-end');
    }
  });
  return done;
}

/** How long the demo waits for the widget to report a tool's result before it goes on without it. */
export const DEMO_TOOL_WAIT_MS = 10_000;

/** The tool call a demo is waiting on, and the timer that stops the wait. */
interface PendingTool {
  id: string;
  step: Extract<DemoStep, { kind: 'tool' }>;
  timer: unknown;
}

/** The tool call id a result line (from the widget's `add-message`) answers: "Result of the tool x (call ID): ...". */
const answeredCall = (content: string) => /^Result of the tool \S+ \(call ([^)]+)\)/.exec(content)?.[1];

/**
 * A scripted voice client for QA pages (`voice-provider="demo"`): no network, no microphone. It plays a
 * script with the events a real call produces (call-start, speech-start and speech-end, volume levels,
 * partial and final transcripts, tool calls, the "ended" status update and call-end). The script starts
 * from the context the call was given, answers text typed during the call, and calls the
 * `show_products` and `add_to_cart` tools, waiting for each result (as a real assistant does) and
 * saying what happened.
 */
export function createDemoVoiceClient(timers: Timers, variables: Record<string, unknown> = {}): VoiceClient {
  const emitter = createEmitter();
  const pending = new Set<unknown>();
  let queue: DemoStep[] = [];
  let running = false;
  let busy = false;
  let toolCalls = 0;
  let waiting: PendingTool | null = null;

  const later = (ms: number, run: () => void) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      run();
    }, ms);
    pending.add(handle);
    return handle;
  };

  const end = (endedReason: string) => {
    if (!running) return;
    running = false;
    queue = [];
    waiting = null;
    for (const handle of pending) timers.clearTimeout(handle);
    pending.clear();
    emitter.emit('message', { type: 'status-update', status: 'ended', endedReason });
    emitter.emit('call-end');
  };

  /** The tool's result arrived (or never will): say what happened, then go on. */
  const resume = (ok: boolean | null) => {
    if (!waiting) return;
    const { step, timer } = waiting;
    waiting = null;
    timers.clearTimeout(timer);
    pending.delete(timer);
    if (ok !== null) queue.unshift({ kind: 'say', role: 'assistant', text: ok ? step.ok : step.failed });
    next();
  };

  /** Calls a tool the way Vapi does (a `tool-calls` message), then waits for its result. */
  const callTool = (step: Extract<DemoStep, { kind: 'tool' }>) => {
    toolCalls += 1;
    const call = { id: `demo-tool-${toolCalls}`, type: 'function', function: { name: step.name, arguments: JSON.stringify(step.arguments) } };
    waiting = { id: call.id, step, timer: later(DEMO_TOOL_WAIT_MS, () => resume(null)) };
    emitter.emit('message', { type: 'tool-calls', toolCallList: [call], toolWithToolCallList: [{ type: 'function', function: { name: step.name }, toolCall: call }] });
  };

  /** Plays the next step of the queue, then the one after, until it is empty and the call ends. */
  const next = () => {
    busy = false;
    if (!running) return;
    const step = queue.shift();
    if (!step) return end('assistant-ended-call');
    busy = true;
    if (step.kind === 'tool') return callTool(step);
    later(speakLine(emitter, later, step.role, step.text) + DEMO_TIMING.pauseMs, next);
  };

  /** A line to say as soon as the current one is finished. */
  const answer = (text: string) => {
    queue.unshift({ kind: 'say', role: 'assistant', text });
    if (!busy) next();
  };

  return {
    async start() {
      if (running) return false;
      running = true;
      queue = createDemoScript(variables);
      later(DEMO_TIMING.connectMs, () => {
        emitter.emit('message', { type: 'status-update', status: 'in-progress' });
        emitter.emit('call-start');
        next();
      });
      return true;
    },
    async stop() {
      end('customer-ended-call');
    },
    setMuted() {
      // Nothing to mute: the demo never opens the microphone.
    },
    send(message: AddMessage) {
      if (!running) return;
      const { role, content } = message.message;
      if (role === 'user' && message.triggerResponseEnabled) answer(`You wrote: "${content.slice(0, 120)}". In a real call the assistant answers that here.`);
      else if (role === 'system' && waiting && answeredCall(content) === waiting.id) resume(/"ok":\s*true/.test(content));
    },
    on: emitter.on,
  };
}
