import type { Theme } from '../theme/theme';

/**
 * The public members of `<store-assistant>`, declared once: the element class implements this
 * interface, and its JSDoc is the documentation. From it come the README's method table, the members of
 * custom-elements.json and the element type of store-assistant.d.ts. A public member of the class that
 * is missing here fails the type check (test/build/public-api.types.ts).
 */
export interface StoreAssistantMembers {
  /** Floating mode: opens the card (sets the `open` attribute). */
  open(): void;
  /** Floating mode: closes the card (removes the `open` attribute). */
  close(): void;
  /**
   * Opens the conversation; sends `firstMessage` at once when given.
   * @param firstMessage A message to send as the visitor.
   */
  startChat(firstMessage?: string): void;
  /**
   * Sends `text` as the visitor and shows the conversation. Returns false when the text is empty or a
   * reply is awaited.
   * @param text The visitor's message.
   */
  sendMessage(text: string): boolean;
  /** Starts a new conversation. */
  newChat(): void;
  /**
   * Deletes every conversation the widget saved (local and session storage) and starts a new one, with
   * all else it kept of the person: an n8n session to load back, a takeover, a call kept for the next
   * page and the agreement to a call's recording.
   */
  clearConversations(): void;
  /** Returns to the welcome view. */
  goHome(): void;
  /**
   * Opens the conversation and starts a voice call (asking for the microphone first). Ignored while a
   * call is starting or running.
   */
  startCall(): Promise<void>;
  /** Ends the voice call. */
  stopCall(): Promise<void>;
  /**
   * Mutes or unmutes the microphone during a call.
   * @param muted True to mute, false to unmute.
   */
  setMuted(muted: boolean): void;
  /** Withdraws the visitor's agreement to `voice-consent` (where it was remembered, it is removed): the next call asks again. */
  withdrawVoiceConsent(): void;
  /** Saves the current theme to localStorage `chatbot-theme`. Returns false when the browser refuses storage. */
  saveTheme(): boolean;
  /**
   * Applies a theme given as JSON text or an object, over the attributes; it replaces the theme imported
   * before (`importTheme({})` removes it). Returns false (and logs why) when anything in it is invalid;
   * the theme is then unchanged.
   * @param json The theme: JSON text or an object with any of the theme's fields.
   */
  importTheme(json: string | Partial<Theme>): boolean;
  /** Returns the current theme as JSON, in the format `importTheme` accepts. */
  exportTheme(): string;
  /**
   * Facts of the store's own (customer tier, locale, anything JSON, at most 4 KB), sent as
   * `context.store` with each message; `setContext({})` clears them. Returns false (and logs why) when
   * invalid or too large.
   * @param facts A JSON object.
   */
  setContext(facts: unknown): boolean;
  /**
   * The signed-in shopper, for pages that learn it after loading: `{ id, email?, name?, signature }`,
   * where `signature` is the store server's HMAC-SHA256 of `id` (or a short-lived JWT); null when they
   * signed out. It is sent as `context.customer` with each message and never trusted by the widget.
   * Signing out, or another shopper, deletes every saved conversation and clears the thread, as
   * `clearConversations()` does. On a page without the `customer-*` attributes after a signed-in visit,
   * the saved conversations are hidden until this names the shopper (for 5 seconds, or for good with
   * `customer-pending`), never erased before. Returns false (and logs why) when the identity is
   * malformed; nothing changes then.
   * @param customer The shopper, or null.
   */
  identify(customer: { id: string; email?: string; name?: string; signature: string } | null): boolean;
}
