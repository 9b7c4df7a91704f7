import type { ChatActions, SendOptions } from '../chat/chat-slice';
import type { CommerceActions } from '../commerce/commerce-slice';
import type { CustomerActions } from '../customer/customer-slice';
import type { ThemeActions } from '../theme/theme-slice';
import type { VoiceActions } from '../voice/voice-slice';
import type { HandoffActions } from '../handoff/handoff-slice';
import type { InviteActions } from '../invite/invite-slice';
import type { View } from './state';

/**
 * Everything the UI and the element may ask of the assistant. Each feature contributes its own actions
 * (chat, voice, theme, commerce); navigation and the actions that span features are the assistant's
 * (those that take the place of a feature's own step are in app/replacing-actions.ts). Wiring
 * (configuration, disposal, a call's transcript joining the chat, preloading) is not here: it stays
 * inside app/.
 */
export interface AssistantActions
  extends ChatActions, VoiceActions, ThemeActions, CommerceActions, HandoffActions, CustomerActions, InviteActions {
  /** Shows `view` and remembers it for the tab. */
  navigate(view: View): void;
  /** Floating mode: shows or hides the card. */
  setOpen(isOpen: boolean): void;
  /** Opens the chat view, sending `firstMessage` at once when given. */
  startChat(firstMessage?: string): void;
  /** Returns to the welcome view. */
  goHome(): void;
  /**
   * Sends `text` (and the attached image, if any) as the visitor: into the live call during one, kept as
   * not delivered while the browser is offline, else to the webhook. Ignored when there is nothing to send
   * or a reply is awaited. Without a webhook the text stays in the box and a notice says chat is not
   * configured; text over `MAX_MESSAGE_LENGTH` is not sent (never cut) and a notice says so. Returns
   * whether the message was sent (or kept to send).
   */
  sendMessage(text: string, options?: SendOptions): boolean;
  /**
   * Starts a new conversation: cancels a reply in flight, a takeover and what was written offline, and
   * clears messages, loading flag and notice.
   */
  newChat(): void;
  /** Reopens a saved conversation from the Chats view and shows it. */
  openConversation(id: string): void;
  /**
   * Deletes every conversation the widget saved, in local and session storage, every takeover and
   * whatever else it kept of the person, and starts a new one.
   */
  clearConversations(): void;
  /** The visitor confirmed proposal `index` of the reply `messageId`: now it is added. */
  confirmCartProposal(messageId: string, index: number): Promise<boolean>;
  /** The visitor declined it: nothing is added. */
  declineCartProposal(messageId: string, index: number): void;
  /** "Undo" on the card of a cart change the voice assistant made (message `messageId`): the line goes back. False when nothing was undone. */
  undoCallAdd(messageId: string): Promise<boolean>;
  /** "Start a live call": opens the conversation, where the call runs, and starts the call. */
  startLiveCall(): void;
  /**
   * "Track my order" with `order-tracking="chat"`: a verified shopper's question goes to the webhook at
   * once; a guest is asked for the order number and email first.
   */
  trackOrder(): void;
  /**
   * "Talk to a human agent" without an agent URL: asks the webhook for one; with an `events-url`, the
   * wait for a person begins ("Connecting you to a person…").
   */
  requestHumanAgent(): void;
  dismissNotice(): void;
  /** The pointer or focus arrived on the button with tooltip `id`. */
  showTooltip(id: string): void;
  /** The pointer or focus left the button with tooltip `id`. */
  hideTooltip(id: string): void;
  /** Escape: closes whatever tooltip is open. Returns whether one was. */
  dismissTooltip(): boolean;
  /** Sends the latest reply's suggestion number `index` as the visitor's message (into a live call, if any). */
  chooseSuggestion(messageId: string, index: number): void;
  /** Retry on a message written offline: sends the messages not delivered, in order, once the browser is online. */
  retryUndelivered(id: string): void;
  /** Withdraws the visitor's agreement to the recording consent: the next call asks again. */
  withdrawVoiceConsent(): void;
  /** The visitor closed the launcher teaser. */
  dismissTeaser(): void;
  /** The visitor tapped question `index` of the invitation: the chat opens and asks it. */
  askInvite(index: number): void;
  /** The UI has rendered after being attached: announces `store-assistant:ready` and schedules the markdown preload. */
  markRendered(): void;
}
