import type { VoiceConfig } from './voice-config';

/** What a call connects to: exactly the configured assistant, squad or workflow. */
export interface VoiceTarget {
  assistantId?: string;
  squadId?: string;
  workflowId?: string;
}

/**
 * The events a voice client reports (the subset of Vapi's that the widget uses). `message` carries
 * Vapi's server messages: transcripts, status updates and the like.
 */
export interface VoiceClientEvents {
  'call-start': [];
  'call-end': [];
  'speech-start': [];
  'speech-end': [];
  'volume-level': [level: number];
  /** The visitor's microphone level, 0 to 1 (Vapi reports it while something listens for it). */
  'local-volume-level': [level: number];
  message: [message: unknown];
  error: [error: unknown];
}

/**
 * A message into the running call, in the SDK's client-to-server shape: `add-message` puts a line into
 * the assistant's conversation (a visitor's typed text, a tool's result) and, with
 * `triggerResponseEnabled`, has the assistant answer it.
 */
export interface AddMessage {
  type: 'add-message';
  message: { role: 'user' | 'system'; content: string };
  triggerResponseEnabled: boolean;
}

/**
 * A placed call as the next page needs it to rejoin: the web call `POST /call/web` answered (the shape
 * `@vapi-ai/web`'s `reconnect(webCall)` takes), and Vapi's Live Call Control URL
 * (`call.monitor.controlUrl`), through which a call that cannot be rejoined is ended without joining it.
 */
export interface WebCallRecord {
  webCallUrl: string;
  id?: string;
  artifactPlan?: { videoRecordingEnabled?: boolean };
  assistant?: { voice?: { provider?: string } };
  transport?: { callToken?: string };
  controlUrl?: string;
}

/** A narrow voice interface: the Vapi adapter and the scripted demo client implement it. */
export interface VoiceClient {
  /**
   * Starts a call; resolves to false when the provider reports it could not start. The call starts with
   * the `assistantOverrides` of the configuration the client was created with.
   */
  start(target: VoiceTarget): Promise<boolean>;
  /** Sends a message into the running call. */
  send(message: AddMessage): void;
  /** Ends the call for good (its room too) and releases the microphone. */
  stop(): Promise<void>;
  /**
   * The call `start` placed, kept open for the next page of the store to rejoin; null before it is
   * placed. A client without it cannot follow the visitor across pages: leaving the page ends its call.
   */
  webCall?(): WebCallRecord | null;
  /** Rejoins a call kept by the previous page; false when it could not. */
  reconnect?(call: WebCallRecord): Promise<boolean>;
  /** Leaves the call without ending it (the page is going away): its room stays open for the next page. */
  leave?(): Promise<void>;
  setMuted(muted: boolean): void;
  /** Listens for an event; returns the function that stops listening. */
  on<E extends keyof VoiceClientEvents>(event: E, listener: (...args: VoiceClientEvents[E]) => void): () => void;
}

/** Creates the client for a configuration; loads the provider's code on first use. */
export type CreateVoiceClient = (config: VoiceConfig) => Promise<VoiceClient>;

/** The target of a configuration, or null when voice is not configured (one of assistant, squad or workflow). */
export function voiceTarget(config: VoiceConfig): VoiceTarget | null {
  if (config.provider === 'demo') return { assistantId: 'demo' };
  if (!config.publicKey) return null;
  if (config.assistantId) return { assistantId: config.assistantId };
  if (config.squadId) return { squadId: config.squadId };
  if (config.workflowId) return { workflowId: config.workflowId };
  return null;
}

/** A tiny typed event emitter for clients implemented here. */
export function createEmitter() {
  const listeners = new Map<keyof VoiceClientEvents, Set<(...args: never[]) => void>>();
  return {
    on<E extends keyof VoiceClientEvents>(event: E, listener: (...args: VoiceClientEvents[E]) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (...args: never[]) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (...args: never[]) => void);
    },
    emit<E extends keyof VoiceClientEvents>(event: E, ...args: VoiceClientEvents[E]): void {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (...values: VoiceClientEvents[E]) => void)(...args);
    },
    clear(): void {
      listeners.clear();
    },
  };
}
