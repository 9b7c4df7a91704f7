import type { StringTable } from '../i18n/strings';
import type { DisplayMode } from '../common/display';
import type { Emit, ErrorDetail, Warn } from '../common/events';
import type { Notice } from '../common/notice';
import type { SafeStorage } from '../common/storage';
import type { SliceStore } from '../common/store';
import type { Timers } from '../common/timers';
import type { PreparedImage } from './attachments/image-attachment';
import type { MarkdownOptions } from './markdown/markdown';
import type { MarkdownRenderer } from './markdown/markdown-loader';
import type { AgentsPart } from './replies/agents-part';
import type { FeedbackDetail, Message } from './message';
import type { OpenSocket } from './n8n-chat/n8n-socket';
import type { SocketTakeover } from './n8n-chat/socket-takeover';

/**
 * `webhook`: the widget's JSON contract (docs/webhook.md); `n8n-chat`: n8n's chat protocol (docs/n8n.md);
 * `ai-sdk`: the AI SDK's `useChat` and UI message stream (docs/ai-sdk.md); `ag-ui`: the AG-UI protocol (docs/ag-ui.md).
 */
export type ChatProtocol = 'webhook' | 'n8n-chat' | 'ai-sdk' | 'ag-ui';

/** Where the conversation is remembered between page loads. */
export type PersistMode = 'local' | 'session' | 'none';

/** One entry of the Chats view: a saved conversation. */
export interface ConversationSummary {
  id: string;
  /** The first thing the visitor asked. */
  title: string;
  /** The last message. */
  preview: string;
  updatedAt: number;
  messageCount: number;
}

/** An image chosen for the next message, downscaled and ready to send. */
export interface Attachment {
  dataUrl: string;
  name: string;
}

/** The chat's slice of the widget's state: the conversation and everything about sending. */
export interface ChatState {
  /** The open conversation's id, sent as `sessionId` (n8n's chat memory keys on it). */
  sessionId: string;
  messages: Message[];
  /** Saved conversations, most recent first, for the Chats view. */
  conversations: ConversationSummary[];
  /** The image waiting to be sent with the next message. */
  attachment: Attachment | null;
  /** The markdown renderer, once loaded; until then bot text shows as plain text. */
  markdown: MarkdownRenderer | null;
  /** What bot markdown may load and link to, derived from the configuration. */
  markdownOptions: MarkdownOptions;
  /** A reply is awaited: the input is disabled and the typing dots show. */
  loading: boolean;
  /** The visitor's unsent text. It lives here so it survives re-renders, moves and failed sends. */
  draft: string;
  /** The latest complete bot reply as text, for the polite live region (announced once). */
  announcement: string;
  /** Floating mode: bot messages that arrived while the card was closed (the launcher's badge). */
  unread: number;
}

/** The settings the chat reads from the element's configuration. */
export interface ChatConfig {
  webhookUrl: string | null;
  /** How `webhookUrl` is spoken to: the widget's own JSON contract, or n8n's chat protocol (Chat Trigger). */
  protocol: ChatProtocol;
  /** "Track my order" target; relative product links resolve against it. */
  storeUrl: string | null;
  persist: PersistMode;
  /** `image-hosts`: where images in replies may load from besides the page's own image files (image-policy.ts). */
  imageHosts: string[];
  geoUrl: string | null;
  mode: DisplayMode;
  /** Complete bot replies offer thumbs up and down. */
  feedback: boolean;
  /** Where ratings are POSTed as JSON, if anywhere. */
  feedbackUrl: string | null;
}

/** What the chat reads and writes of the whole state: its slice, plus what it needs to know of the rest. */
export type ChatView = ChatState & {
  config: ChatConfig;
  strings: StringTable;
  /** The language tag of `strings`, for their plural forms and numbers. */
  locale: string;
  notice: Notice | null;
  isOpen: boolean;
};

/** The store as the chat sees it: it writes its own slice and the notice. */
export type ChatStore = SliceStore<ChatView, keyof ChatState | 'notice'>;

/** The events the chat announces. */
export interface ChatEvents {
  message: Message;
  error: ErrorDetail;
  feedback: FeedbackDetail;
  /** The visitor chose one of the bot's suggestions. */
  suggestion: { text: string; index: number };
}

/**
 * What other features add to the chat, passed in by the assistant: the chat imports no other feature.
 */
export interface ChatExtensions {
  /** Facts sent in `context` with each message besides `geo`: at once, or a promise when they must be fetched first. */
  readRequestContext?: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** A reply carried `actions`: the raw entries, for the feature that checks and shows them. */
  onReplyActions?: (message: Message, actions: unknown[]) => void;
  /**
   * Every reply's `pending` and `handoff` fields (what follows it), for the feature that keeps the push
   * channel. Returns true when an empty reply is expected: no "not understood" bubble is shown for it.
   */
  onReplySignals?: (signals: { pending?: boolean; handoff?: unknown }) => boolean;
  /** A person's takeover, as n8n's chat socket carries it (`protocol="n8n-chat"`). */
  takeover?: SocketTakeover;
  /**
   * The mark of who is signed in: null for a guest (the default), undefined while the page has not said
   * yet. An n8n session is remembered for that shopper and loaded back for them only.
   */
  shopper?: ShopperMark;
}

/**
 * Who is signed in, as a mark (customer/identity.ts's `shopperMark`): null for a guest, undefined while
 * the page has not said yet, when no n8n session is remembered or loaded.
 */
export type ShopperMark = () => string | null | undefined;

/** Every side effect the chat may cause, injected so tests pass fakes. */
export interface ChatDeps {
  fetch: typeof fetch;
  /** Long-lived storage (`persist="local"`). */
  localStorage: SafeStorage;
  /** Per-tab storage (`persist="session"`, the visit's cached context). */
  sessionStorage: SafeStorage;
  /**
   * Calls `onChange` with the key another tab changed in `localStorage` (null when it was cleared), so
   * this tab's view of the conversations stays current. Returns the function that stops listening.
   */
  watchStorage: (onChange: (key: string | null) => void) => () => void;
  now: () => number;
  timers: Timers;
  /** Runs `callback` when the browser is idle (or soon); returns a function that cancels it. */
  scheduleIdle: (callback: () => void) => () => void;
  /** Resolves in a new task, so long work is split and the page stays responsive in between. */
  yieldToPage: () => Promise<void>;
  /** A random id for a conversation (n8n's chat memory keys on it). */
  randomId: () => string;
  /** Loads the markdown renderer (marked and DOMPurify), evaluated on first use. */
  loadMarkdown: () => Promise<MarkdownRenderer>;
  /**
   * The AI SDK's and AG-UI's request writers and stream readers (a part beside the script, for
   * `protocol="ai-sdk"` and `"ag-ui"`): at once when loaded, else loaded; rejects when it cannot be had.
   */
  loadAgents: () => AgentsPart | Promise<AgentsPart>;
  /** Opens a WebSocket: n8n's chat socket, for `protocol="n8n-chat"` (chat/n8n-chat/). */
  openSocket: OpenSocket;
  /** Decodes, downscales and re-encodes an attached image. */
  prepareImage: (file: Blob) => Promise<PreparedImage>;
  emit: Emit<ChatEvents>;
  warn: Warn;
  /** The page's origin: same-origin images are allowed and relative URLs resolve against it. */
  pageOrigin: string;
}

/** The chat state of a new widget. */
export function initialChatState(sessionId: string, markdownOptions: MarkdownOptions): ChatState {
  return {
    sessionId,
    messages: [],
    conversations: [],
    attachment: null,
    markdown: null,
    markdownOptions,
    loading: false,
    draft: '',
    announcement: '',
    unread: 0,
  };
}
