import type { VoiceConfig } from '../../src/voice/voice-config';
import { vi } from 'vitest';
import { createEmitter, type VoiceClient, type VoiceClientEvents } from '../../src/voice/voice-client';

/** The Vapi voice settings of a test store: a public key and an assistant, nothing else. */
export const VAPI_VOICE: VoiceConfig = {
  provider: 'vapi',
  publicKey: 'pk_test',
  assistantId: 'asst_1',
  squadId: null,
  workflowId: null,
  apiUrl: null,
};

/** A voice client driven by the test: it records calls and emits whatever the test tells it to. */
export function fakeVoiceClient(options: { startResult?: boolean; endOnStop?: boolean } = {}) {
  const emitter = createEmitter();
  const client = {
    start: vi.fn(async () => options.startResult ?? true),
    stop: vi.fn(async () => {
      if (options.endOnStop ?? true) emitter.emit('call-end');
    }),
    setMuted: vi.fn(),
    send: vi.fn(),
    on: emitter.on,
  } satisfies VoiceClient;
  return {
    client,
    emit<E extends keyof VoiceClientEvents>(event: E, ...args: VoiceClientEvents[E]) {
      emitter.emit(event, ...args);
    },
    /** A transcript message as Vapi sends it. */
    transcript(role: 'user' | 'assistant', transcript: string, transcriptType: 'partial' | 'final' = 'final') {
      emitter.emit('message', { type: 'transcript', role, transcriptType, transcript });
    },
  };
}
