import type {
  ClientMessageConversationUpdate,
  ClientMessageToolCalls,
  ClientMessageTranscript,
  ServerMessageStatusUpdate,
} from '@vapi-ai/web/dist/api';
import { createEmitter, type AddMessage, type VoiceClient, type VoiceClientEvents } from '../../src/voice/voice-client';
import { vi } from 'vitest';

// The messages `@vapi-ai/web` hands to its `message` listeners, built with the SDK's own types
// (dist/api.d.ts), so a change of shape in a new SDK version fails to compile here. The web SDK parses
// each Daily app-message as JSON and emits it as is (vapi.js, onAppMessage).

/** A `tool-calls` message: the model asks for tools; `arguments` is a JSON string, as the SDK types say. */
export function toolCallsMessage(
  calls: { id: string; name: string; args: Record<string, unknown> }[],
): ClientMessageToolCalls {
  const toolCallList = calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args) },
  }));
  return {
    type: 'tool-calls',
    toolCallList,
    toolWithToolCallList: toolCallList.map((toolCall) => ({
      type: 'function' as const,
      async: true,
      function: { name: toolCall.function.name },
      toolCall,
    })),
    timestamp: 1_763_640_000_000,
  };
}

/**
 * A `transcript` message. `final-only` is the type Vapi sends when the assistant's `clientMessages`
 * asks for final transcripts only.
 */
export function transcriptMessage(
  role: 'user' | 'assistant',
  transcript: string,
  transcriptType: 'partial' | 'final' = 'final',
  kind: 'all' | 'final-only' = 'all',
): ClientMessageTranscript {
  return {
    type: kind === 'all' ? 'transcript' : "transcript[transcriptType='final']",
    role,
    transcriptType,
    transcript,
    timestamp: 1_763_640_000_000,
  };
}

/** A `status-update` message; the SDK sends `ended` with `customer-ended-call` itself when it leaves the room. */
export function statusMessage(
  status: ServerMessageStatusUpdate['status'],
  endedReason?: ServerMessageStatusUpdate['endedReason'],
): ServerMessageStatusUpdate {
  return { type: 'status-update', status, ...(endedReason ? { endedReason } : {}) };
}

/** A `conversation-update` message: the whole conversation so far, after each committed turn. */
export function conversationUpdateMessage(
  turns: { role: 'user' | 'assistant' | 'system'; content: string }[],
): ClientMessageConversationUpdate {
  return {
    type: 'conversation-update',
    messages: turns.map((turn) =>
      turn.role === 'assistant'
        ? { role: 'bot' as const, message: turn.content, time: 1, endTime: 2, secondsFromStart: 0 }
        : turn.role === 'user'
          ? { role: 'user' as const, message: turn.content, time: 1, endTime: 2, secondsFromStart: 0 }
          : { role: 'system' as const, message: turn.content, time: 1, secondsFromStart: 0 },
    ),
    messagesOpenAIFormatted: turns.map((turn) => ({ role: turn.role, content: turn.content })),
  };
}

/** The errors the SDK emits (vapi.js): `daily-error` when Daily's call fails, with Daily's error serialised. */
export const dailyError = (message: string) => ({
  type: 'daily-error',
  error: { message, type: 'connection-error' },
  timestamp: '2026-11-20T12:00:00.000Z',
});

/**
 * A VoiceClient that behaves like the Vapi SDK at its boundary: it records what the widget sends and
 * emits what the test (playing Vapi's server) tells it to, in the SDK's real shapes. Like the SDK, its
 * `stop()` leaves the room: `call-end`, then the `status-update` ended the SDK sends itself.
 */
export function sdkLikeClient() {
  const emitter = createEmitter();
  const sent: AddMessage[] = [];
  const client = {
    start: vi.fn(async () => true),
    stop: vi.fn(async () => {
      emitter.emit('call-end');
      emitter.emit('message', statusMessage('ended', 'customer-ended-call'));
    }),
    setMuted: vi.fn(),
    send: vi.fn((message: AddMessage) => void sent.push(message)),
    on: emitter.on,
  } satisfies VoiceClient;
  return {
    client,
    sent,
    emit<E extends keyof VoiceClientEvents>(event: E, ...args: VoiceClientEvents[E]) {
      emitter.emit(event, ...args);
    },
    /** Vapi's server sends a message to the browser. */
    message(
      message:
        ClientMessageToolCalls | ClientMessageTranscript | ServerMessageStatusUpdate | ClientMessageConversationUpdate,
    ) {
      emitter.emit('message', message);
    },
  };
}
