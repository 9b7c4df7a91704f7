import type { Speaker, TranscriptEntry } from '../transcript/merge';

/** The call's state machine: idle, connecting, connected, ending, and error on the way back to idle. */
export type CallStatus = 'idle' | 'connecting' | 'connected' | 'ending' | 'error';

/** Everything the in-call UI shows. */
export interface VoiceState {
  status: CallStatus;
  /** A scripted demo call (`voice-provider="demo"`). */
  demo: boolean;
  /** The assistant is speaking (speech-start to speech-end). */
  speaking: boolean;
  /** The assistant's voice level, 0 to 1. */
  level: number;
  /** The visitor's microphone level, 0 to 1: a sign that the microphone hears them. */
  micLevel: number;
  muted: boolean;
  /** Seconds since the call connected. */
  seconds: number;
  /** The line being spoken right now, before its final transcript. */
  partial: { role: Speaker; text: string } | null;
  /** The running transcript of this call. */
  transcript: readonly TranscriptEntry[];
}

export const IDLE_VOICE: VoiceState = { status: 'idle', demo: false, speaking: false, level: 0, micLevel: 0, muted: false, seconds: 0, partial: null, transcript: [] };
