import { initialChatState, type Attachment, type ChatState } from '../chat/chat-state';
import { initialCommerceState, type CommerceState } from '../commerce/commerce-state';
import { INITIAL_CUSTOMER_STATE, type CustomerState } from '../customer/customer-state';
import { englishStrings, type StringTable } from '../i18n/strings';
import type { Notice } from '../common/notice';
import type { ThemeLayers } from '../theme/theme-slice';
import { defaultTheme, type Theme } from '../theme/theme';
import { IDLE_VOICE, type VoiceState } from '../voice/voice-state';
import { initialHandoffState, type HandoffState } from '../handoff/handoff-state';
import { defaultConfig, type AssistantConfig } from './config';
import { INITIAL_INVITE_STATE, type InviteState } from '../invite/invite-state';

export type { ConversationSummary, Attachment } from '../chat/chat-state';
export type { ThemeLayers } from '../theme/theme-slice';

/** A message the visitor wrote while the browser was offline: shown as not delivered, sent when it is back. */
export interface UndeliveredMessage {
  id: string;
  text: string;
  /** The image that was attached when it was written, sent with it. */
  attachment: Attachment | null;
}

/** The widget's screens: three sections in the bottom bar, plus the conversation itself. */
export type View = 'home' | 'chats' | 'faq' | 'chat';

/**
 * Everything the widget shows. UI components render it; only actions change it. Each feature owns its
 * part: the chat its {@link ChatState}, the voice feature `voice`, the theme `theme` and `themeLayers`,
 * navigation `view` and `isOpen`, commerce `commerce`; `config` and `strings` come from the element's attributes.
 */
export interface AssistantState extends ChatState {
  config: AssistantConfig;
  strings: StringTable;
  /** The language tag `strings` are written in: their plural forms and numbers follow it (i18n/translate.ts). */
  locale: string;
  /**
   * The visitor's language is still being fetched: the card shows nothing textual (no English) until it
   * is there, or until it has kept a visitor waiting too long (app/language.ts).
   */
  languagePending: boolean;
  theme: Theme;
  themeLayers: ThemeLayers;
  view: View;
  /** Floating mode: whether the card is shown. The `open` attribute reflects it. */
  isOpen: boolean;
  notice: Notice | null;
  /** The voice call, if any. */
  voice: VoiceState;
  /** The icon button whose tooltip is shown. */
  tooltip: string | null;
  /** Floating mode: the launcher teaser is shown. */
  teaser: boolean;
  /** Floating mode: the invitation beside the launcher, with questions about the page's product. */
  invite: InviteState;
  /** The cart, "Add to cart" progress and proposed cart changes. */
  commerce: CommerceState;
  /** Messages written offline, oldest first, waiting for the connection (app/outbox.ts). */
  undelivered: UndeliveredMessage[];
  /** A person taking over the conversation, and the push channel. */
  handoff: HandoffState;
  /** The verified shopper, as the store's server signed them, and the guest's order lookup form. */
  customer: CustomerState;
}

/** The state of a new widget on a page at `pageOrigin`. */
export function initialState(pageOrigin: string, sessionId: string): AssistantState {
  const config = defaultConfig(pageOrigin === 'null' ? '' : new URL(pageOrigin).host);
  return {
    ...initialChatState(sessionId, { imageHosts: config.imageHosts, pageOrigin }),
    config,
    strings: englishStrings,
    locale: 'en',
    languagePending: false,
    theme: defaultTheme(config.storeDomain),
    themeLayers: { saved: {}, imported: {} },
    view: 'home',
    isOpen: false,
    notice: null,
    voice: IDLE_VOICE,
    tooltip: null,
    teaser: false,
    invite: INITIAL_INVITE_STATE,
    commerce: initialCommerceState(),
    undelivered: [],
    handoff: initialHandoffState(),
    customer: INITIAL_CUSTOMER_STATE,
  };
}
