import type { Timers } from '../shared/timers';
import { createEmitter, type VoiceClient } from './voice-client';

/** The scripted conversation of a demo call. */
export const DEMO_SCRIPT: readonly { role: 'assistant' | 'user'; text: string }[] = [
  { role: 'assistant', text: 'Hi! This is a demo call, so nothing leaves your browser.' },
  { role: 'user', text: 'Do you have the linen shirt in medium?' },
  { role: 'assistant', text: 'Yes, the linen shirt is in stock in medium.' },
  { role: 'user', text: 'Great, thank you.' },
  { role: 'assistant', text: 'You are welcome. Goodbye!' },
];

/** Pace of the demo: connecting, one word of speech, and the pause between turns. */
export const DEMO_TIMING = { connectMs: 600, wordMs: 140, pauseMs: 500 } as const;

/**
 * A scripted voice client for QA pages (`voice-provider="demo"`): no network, no microphone. It plays
 * {@link DEMO_SCRIPT} with the events a real call produces: call-start, speech-start and speech-end,
 * the assistant's and the visitor's volume levels, partial and final transcripts, the "ended" status
 * update and call-end.
 */
export function createDemoVoiceClient(timers: Timers): VoiceClient {
  const emitter = createEmitter();
  const pending = new Set<unknown>();
  let running = false;

  const later = (ms: number, run: () => void) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      run();
    }, ms);
    pending.add(handle);
  };

  const end = (endedReason: string) => {
    if (!running) return;
    running = false;
    for (const handle of pending) timers.clearTimeout(handle);
    pending.clear();
    emitter.emit('message', { type: 'status-update', status: 'ended', endedReason });
    emitter.emit('call-end');
  };

  /** Schedules one line from `at` ms; returns when it ends. */
  const scheduleLine = (line: (typeof DEMO_SCRIPT)[number], at: number): number => {
    const lineWords = line.text.split(' ');
    const speaking = line.role === 'assistant';
    const level = speaking ? 'volume-level' : 'local-volume-level';
    if (speaking) later(at, () => emitter.emit('speech-start'));
    lineWords.forEach((_, index) => {
      const time = at + index * DEMO_TIMING.wordMs;
      later(time, () => {
        emitter.emit(level, 0.35 + 0.5 * Math.abs(Math.sin(index * 1.7)));
        emitter.emit('message', { type: 'transcript', role: line.role, transcriptType: 'partial', transcript: lineWords.slice(0, index + 1).join(' ') });
      });
    });
    const done = at + lineWords.length * DEMO_TIMING.wordMs;
    later(done, () => {
      emitter.emit('message', { type: 'transcript', role: line.role, transcriptType: 'final', transcript: line.text });
      emitter.emit(level, 0);
      if (speaking) emitter.emit('speech-end');
    });
    return done + DEMO_TIMING.pauseMs;
  };

  return {
    async start() {
      if (running) return false;
      running = true;
      later(DEMO_TIMING.connectMs, () => {
        emitter.emit('message', { type: 'status-update', status: 'in-progress' });
        emitter.emit('call-start');
        let at = 0;
        for (const line of DEMO_SCRIPT) at = scheduleLine(line, at);
        later(at, () => end('assistant-ended-call'));
      });
      return true;
    },
    async stop() {
      end('customer-ended-call');
    },
    setMuted() {
      // Nothing to mute: the demo never opens the microphone.
    },
    on: emitter.on,
  };
}
