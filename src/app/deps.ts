import { prepareImage, type PreparedImage } from '../chat/image-attachment';
import { loadMarkdown, type MarkdownRenderer } from '../chat/markdown-loader';
import type { Timers } from '../shared/timers';
import type { TranscriptEntry } from '../transcript/merge';
import { createVoiceClient } from '../voice/create-voice-client';
import { requestMicrophone, type MicrophoneAccess } from '../voice/microphone';
import type { CreateVoiceClient } from '../voice/voice-client';
import type { Message } from '../chat/message';
import { nextTask } from '../shared/next-task';
import { safeStorage, type SafeStorage } from '../shared/storage';

/** The events the widget announces on its element, with their `detail`. */
export interface AssistantEvents {
  ready: { version: string };
  open: Record<string, never>;
  close: Record<string, never>;
  message: Message;
  error: { source: 'chat' | 'voice' | 'theme'; message: string };
  'call-start': { demo: boolean };
  'call-end': { seconds: number; transcript: TranscriptEntry[] };
  transcript: TranscriptEntry;
}

/** Runs `callback` on the next animation frame; returns a function that cancels it. */
export type RequestFrame = (callback: (time: number) => void) => () => void;

/**
 * Every side effect the store may cause, injected so tests pass fakes and the UI never touches the
 * network, storage or timers itself.
 */
export interface AssistantDeps {
  fetch: typeof fetch;
  /** Long-lived storage (`persist="local"`, the saved theme). */
  localStorage: SafeStorage;
  /** Per-tab storage (`persist="session"`, the visit's cached context, the open view). */
  sessionStorage: SafeStorage;
  now: () => number;
  timers: Timers;
  /** Runs `callback` when the browser is idle (or soon); returns a function that cancels it. */
  scheduleIdle: (callback: () => void) => () => void;
  requestFrame: RequestFrame;
  /** Resolves in a new task, so long work is split and the page stays responsive in between. */
  yieldToPage: () => Promise<void>;
  /** The visitor asked the system for less motion: no typewriter, no animations. */
  prefersReducedMotion: () => boolean;
  /** A touch screen is the main pointer: opening the card must not pop up the keyboard. */
  coarsePointer: () => boolean;
  /** A random id for a conversation (n8n's chat memory keys on it). */
  randomId: () => string;
  /** Loads the markdown renderer (marked and DOMPurify), evaluated on first use. */
  loadMarkdown: () => Promise<MarkdownRenderer>;
  /** Creates the voice client (loading the voice SDK on first use). */
  createVoiceClient: CreateVoiceClient;
  /** Asks for the microphone and releases it again, to tell a denied or missing one apart. */
  requestMicrophone: () => Promise<MicrophoneAccess>;
  /** Decodes, downscales and re-encodes an attached image. */
  prepareImage: (file: Blob) => Promise<PreparedImage>;
  /** Dispatches `store-assistant:<name>` on the element. */
  emit: <K extends keyof AssistantEvents>(name: K, detail: AssistantEvents[K]) => void;
  /** Writes a message for the store owner to the console. */
  warn: (message: string) => void;
  /** The page's origin: same-origin images are allowed and relative URLs resolve against it. */
  pageOrigin: string;
}

/** A random id from the platform's generator, with a fallback for old browsers and insecure origins. */
export function browserRandomId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function scheduleIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
}

/** The real browser side effects. `emit` is supplied by the element. */
export function browserDeps(emit: AssistantDeps['emit']): AssistantDeps {
  const timers: Timers = {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
  };
  return {
    // Called through window: some browsers throw "Illegal invocation" when fetch is called as a method of another object.
    fetch: (input, init) => window.fetch(input, init),
    localStorage: safeStorage(() => window.localStorage),
    sessionStorage: safeStorage(() => window.sessionStorage),
    now: () => Date.now(),
    timers,
    scheduleIdle,
    yieldToPage: nextTask,
    requestFrame: (callback) => {
      const handle = window.requestAnimationFrame(callback);
      return () => window.cancelAnimationFrame(handle);
    },
    prefersReducedMotion: () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    coarsePointer: () => window.matchMedia?.('(pointer: coarse)').matches ?? false,
    randomId: browserRandomId,
    loadMarkdown,
    prepareImage,
    createVoiceClient: (config) => createVoiceClient(config, timers),
    requestMicrophone,
    emit,
    warn: (message) => console.warn(`[store-assistant] ${message}`),
    pageOrigin: window.location.origin,
  };
}
