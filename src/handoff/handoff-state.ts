import type { Emit, Warn } from '../common/events';
import type { SafeStorage } from '../common/storage';
import type { SliceStore, Store } from '../common/store';
import type { Timers } from '../common/timers';
import type { StringTable } from '../i18n/strings';

/** The person answering in place of the assistant. */
export interface Agent {
  name: string;
  /** Their picture, only from an allowed image host. */
  avatar?: string;
}

/** What a `handoff` event or reply field says. */
export type HandoffStatus = 'connecting' | 'joined' | 'typing' | 'left' | 'timeout' | 'unavailable';

/**
 * Where the takeover stands. `connecting`: the visitor waits for a person; `joined`: a person answers;
 * `missed`: nobody answered in time or the team is away, and the visitor may leave an email address.
 */
export type HandoffPhase = 'none' | 'connecting' | 'joined' | 'missed';

/** The state of the push channel: shown to nobody, read by tests and the header. */
export type ChannelStatus = 'closed' | 'open' | 'reconnecting' | 'paused';

/** The takeover's slice of the widget's state. */
export interface HandoffState {
  phase: HandoffPhase;
  agent: Agent | null;
  /** The person is typing. */
  typing: boolean;
  /** A reply said more will follow: the channel stays open until a pushed message arrives. */
  awaiting: boolean;
  /** Why the takeover was missed. */
  missedBecause: 'timeout' | 'unavailable' | null;
  /** The email address the visitor left for a reply: sent to the webhook once. */
  email: 'idle' | 'sending' | 'sent' | 'failed';
  /** When the visitor asked for a person (ms since the epoch): the wait is timed from here, across reloads. */
  requestedAt: number | null;
  /**
   * The n8n execution whose chat socket carries the takeover (`protocol="n8n-chat"`, a workflow holding
   * the visitor on a Wait node): saved with the takeover, so a reload or another tab follows it again.
   */
  execution: string | null;
  /**
   * The person's messages that arrived while the floating card was closed: kept with the takeover, so
   * the launcher's badge still counts them on the next page and after a reload, until the card opens.
   */
  unread: number;
  /** The person's last unread message, previewed beside the closed launcher until it is read or dismissed. */
  preview: PersonPreview | null;
  channel: ChannelStatus;
}

/** A person's message as the launcher previews it: its text (cut) and who wrote it. */
export interface PersonPreview {
  text: string;
  agent: Agent;
}

/** The takeover settings the element's attributes set. */
export interface HandoffConfig {
  /** `events-url`: the Server-Sent Events stream of pushed messages. */
  eventsUrl: string | null;
  /** `handoff-timeout`: seconds to wait for a person before offering to leave an email address. */
  handoffTimeout: number;
}

/** What the takeover reads of the whole state. */
export type HandoffView = {
  handoff: HandoffState;
  /** The launcher's badge, which counts the person's unread messages among the rest. */
  unread: number;
  /** Whether the floating card is open: what arrives then is read at once. */
  isOpen: boolean;
  sessionId: string;
  strings: StringTable;
  config: HandoffConfig & {
    webhookUrl: string | null;
    persist: 'local' | 'session' | 'none';
    /** The chat's protocol: the takeover's own requests go in its shape (handoff/takeover-request.ts). */
    protocol: 'webhook' | 'n8n-chat' | 'ai-sdk' | 'ag-ui';
    mode: 'floating' | 'inline';
  };
};

/** The store as the takeover sees it: it writes only its own slice, and follows the open conversation. */
export type HandoffStore = SliceStore<HandoffView, 'handoff' | 'unread'> & Pick<Store<HandoffView>, 'subscribe'>;

/** The detail of `store-assistant:handoff`: never any message text. */
export interface HandoffEventDetail {
  status: 'start' | 'join' | 'end' | 'timeout';
  /** `end`: who ended it; `timeout`: nobody answered in time, or the team is away. */
  reason?: 'cancelled' | 'left' | 'unavailable' | 'timeout';
}

/** The events the takeover announces. */
export interface HandoffEvents {
  handoff: HandoffEventDetail;
}

/** Every side effect of the takeover, injected so tests pass fakes. */
export interface HandoffDeps {
  fetch: typeof fetch;
  localStorage: SafeStorage;
  sessionStorage: SafeStorage;
  watchStorage: (onChange: (key: string | null) => void) => () => void;
  /** Calls `onChange` when the page is hidden or shown again; returns the function that stops listening. */
  watchVisibility: (onChange: (hidden: boolean) => void) => () => void;
  now: () => number;
  timers: Timers;
  /** Resolves in a new task, so a burst of pushed events is handled over several tasks. */
  yieldToPage: () => Promise<void>;
  emit: Emit<HandoffEvents>;
  warn: Warn;
}

/** The state when no takeover is under way. */
export function initialHandoffState(): HandoffState {
  return {
    phase: 'none',
    agent: null,
    typing: false,
    awaiting: false,
    missedBecause: null,
    email: 'idle',
    requestedAt: null,
    execution: null,
    unread: 0,
    preview: null,
    channel: 'closed',
  };
}

/** Seconds the widget waits for a person by default. */
export const DEFAULT_HANDOFF_TIMEOUT_S = 120;

/** Whether something is expected from the push channel. */
export function expectsPushes(state: HandoffState): boolean {
  return state.phase === 'connecting' || state.phase === 'joined' || state.awaiting;
}
