import type { StringTable } from '../i18n/strings';
import type { Emit, ErrorDetail, Warn } from '../common/events';
import type { Notice } from '../common/notice';
import type { SafeStorage } from '../common/storage';
import type { SliceStore } from '../common/store';
import type { Timers } from '../common/timers';
import type { Speaker, TranscriptEntry, TranscriptState } from '../transcript/merge';
import type { MicrophoneAccess } from './microphone';
import type { CreateVoiceClient } from './voice-client';
import type { VoiceConfig } from './voice-config';

/**
 * The call's state machine: idle, connecting (or reconnecting: rejoining the call the previous page of
 * the store left), connected, ending, and error on the way back to idle.
 */
export type CallStatus = 'idle' | 'connecting' | 'reconnecting' | 'connected' | 'ending' | 'error';

/** Everything the in-call UI shows. The call's transcript lives here and nowhere else while the call runs. */
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
  /** Each speaker's last fragment, which the merging rules compare the next one with. */
  lastFragments: TranscriptState['previous'];
  /** The store's recording consent is shown, waiting for the visitor to agree before the first call. */
  consentAsked: boolean;
  /** When the call connected (milliseconds since the epoch): the cards shown since then belong to it. */
  startedAt: number | null;
}

export const IDLE_VOICE: VoiceState = {
  status: 'idle',
  demo: false,
  speaking: false,
  level: 0,
  micLevel: 0,
  muted: false,
  seconds: 0,
  partial: null,
  transcript: [],
  lastFragments: {},
  consentAsked: false,
  startedAt: null,
};

/** What the voice feature reads and writes of the whole state. */
export interface VoiceView {
  voice: VoiceState;
  notice: Notice | null;
  strings: StringTable;
  config: { voice: VoiceConfig };
}

/** The store as the voice feature sees it: it writes the call's state and the notice. */
export type VoiceStore = SliceStore<VoiceView, 'voice' | 'notice'>;

/** The events a call announces. */
export interface VoiceEvents {
  'call-start': { demo: boolean };
  'call-end': { seconds: number; transcript: TranscriptEntry[] };
  transcript: TranscriptEntry;
  error: ErrorDetail;
}

/** Every side effect a call may cause, injected so tests pass fakes. */
export interface VoiceDeps {
  now: () => number;
  timers: Timers;
  /** Creates the voice client (loading the voice SDK on first use). */
  createVoiceClient: CreateVoiceClient;
  /** Asks for the microphone and releases it again, to tell a denied or missing one apart. */
  requestMicrophone: () => Promise<MicrophoneAccess>;
  emit: Emit<VoiceEvents>;
  warn: Warn;
  /** This tab's storage: a call left by one page waits there for the next page of the store. */
  sessionStorage: SafeStorage;
  /** The page's origin: only a page of the same store rejoins a kept call. */
  pageOrigin: string;
  /** Where the visitor came from (`document.referrer`): a visitor back from another site does not rejoin. */
  pageReferrer?: () => string;
  /** Ends a kept call that will not be rejoined (Vapi's Live Call Control). */
  fetch: typeof fetch;
}
