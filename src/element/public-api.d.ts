/**
 * Types for `<store-assistant>`, shipped as dist/store-assistant.d.ts. The script has no exports: it
 * defines the element. Add this file to a project (or `import type` from it) and
 * `document.querySelector('store-assistant')`, the element's methods and its `store-assistant:*` events
 * are typed. test/unit/public-api.types.ts keeps it in step with the element's code.
 */

/** A product card under a bot message. Unsafe links and images have been dropped. */
export interface StoreAssistantProduct {
  title: string;
  description: string;
  /** Opens in a new tab; absent when the reply's link was unsafe. */
  url?: string;
  /** Absent when the reply's image was unsafe. */
  image?: string;
  price?: string;
}

/** A chat message, as `store-assistant:message` carries it. */
export interface StoreAssistantMessage {
  id: string;
  /** Markdown for bot messages, plain text for the visitor's. */
  content: string;
  sender: 'user' | 'bot';
  /** Milliseconds since the epoch. */
  timestamp: number;
  products?: StoreAssistantProduct[];
  /** `error` and `interrupted`: a failed or cut-off reply, shown with Retry; `streaming`: a reply still arriving. */
  status?: 'error' | 'streaming' | 'interrupted';
  /** On a failed reply: the id of the visitor message that Retry sends again. */
  retryFor?: string;
  /** `widget`: a text the widget wrote itself (an error or "not understood" notice), never sent as history. */
  origin?: 'widget';
  /** A bot reply still to be revealed by the typewriter. */
  animate?: boolean;
  /** The reply was longer than the widget shows and was cut. */
  truncated?: boolean;
  /** Lines of a voice call, added to the conversation when the call ends. */
  source?: 'voice';
}

/** A line of a voice call's transcript. */
export interface StoreAssistantTranscriptEntry {
  role: 'user' | 'assistant';
  text: string;
  /** When the line was last extended, in milliseconds since the epoch. */
  timestamp: number;
}

/** The `detail` of each `store-assistant:*` event, by event name without the prefix. */
export interface StoreAssistantEventDetails {
  ready: { version: string };
  open: Record<string, never>;
  close: Record<string, never>;
  message: StoreAssistantMessage;
  error: { source: 'chat' | 'voice' | 'theme'; message: string };
  'call-start': { demo: boolean };
  'call-end': { seconds: number; transcript: StoreAssistantTranscriptEntry[] };
  transcript: StoreAssistantTranscriptEntry;
}

/** Event name to event type: every event bubbles and crosses shadow roots (`composed`). */
export type StoreAssistantEventMap = {
  [K in keyof StoreAssistantEventDetails as `store-assistant:${K}`]: CustomEvent<StoreAssistantEventDetails[K]>;
};

/** The theme `exportTheme()` returns and `importTheme()` accepts (every field optional there). */
export interface StoreAssistantTheme {
  primaryGradient: string;
  secondaryGradient: string;
  accentColor: string;
  logoUrl: string;
  brandName: string;
  welcomeMessage: string;
  quickActions: string[];
  badgeImages: string[];
}

/** `<store-assistant>`: attributes configure it (see the README), these methods drive it. */
export interface StoreAssistantElement extends HTMLElement {
  /** Floating mode: opens the card (sets the `open` attribute). */
  open(): void;
  /** Floating mode: closes the card. */
  close(): void;
  /** Opens the conversation, sending `firstMessage` at once when given. */
  startChat(firstMessage?: string): void;
  /** Sends `text` as the visitor and shows the conversation. False when empty or a reply is awaited. */
  sendMessage(text: string): boolean;
  /** Starts a new conversation. */
  newChat(): void;
  /** Deletes every saved conversation (local and session storage) and starts a new, empty one. */
  clearConversations(): void;
  /** Returns to the welcome view. */
  goHome(): void;
  /** Starts a voice call (the microphone is asked for first). Ignored while a call is starting or running. */
  startCall(): Promise<void>;
  /** Ends the voice call. */
  stopCall(): Promise<void>;
  /** Mutes or unmutes the microphone during a call. */
  setMuted(muted: boolean): void;
  /** Saves the current theme to localStorage "chatbot-theme". False when the browser refuses storage. */
  saveTheme(): boolean;
  /** Applies a theme (JSON text or object). False, with a console message, when anything in it is invalid. */
  importTheme(json: string | Partial<StoreAssistantTheme>): boolean;
  /** The current theme as JSON text, in the format `importTheme` accepts. */
  exportTheme(): string;

  addEventListener<K extends keyof StoreAssistantEventMap>(
    type: K,
    listener: (this: StoreAssistantElement, event: StoreAssistantEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: StoreAssistantElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof StoreAssistantEventMap>(
    type: K,
    listener: (this: StoreAssistantElement, event: StoreAssistantEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: StoreAssistantElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** `window.StoreAssistant`, set by the script. */
export interface StoreAssistantGlobal {
  readonly version: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'store-assistant': StoreAssistantElement;
  }
  interface Window {
    StoreAssistant?: StoreAssistantGlobal;
  }
  /** Events bubble to the document, so a page can listen there for every widget at once. */
  interface DocumentEventMap extends StoreAssistantEventMap {}
}
