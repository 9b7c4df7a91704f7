import { englishStrings, type StringTable } from '../i18n/strings';
import { defaultTheme, type Theme, type ThemePatch } from '../theme/theme';
import type { MarkdownOptions } from '../chat/markdown';
import type { MarkdownRenderer } from '../chat/markdown-loader';
import type { Message } from '../chat/message';
import type { Notice } from '../shared/notice';
import { IDLE_VOICE, type VoiceState } from '../voice/voice-state';
import { defaultConfig, type AssistantConfig } from './config';

/** The widget's screens: three sections in the bottom bar, plus the conversation itself. */
export type View = 'home' | 'chats' | 'faq' | 'chat';

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

/** The theme layers above the defaults, kept so a change to one layer re-resolves the rest. */
export interface ThemeLayers {
  saved: ThemePatch;
  imported: ThemePatch;
}

/** Everything the widget shows. UI components render it; only actions change it. */
export interface AssistantState {
  config: AssistantConfig;
  strings: StringTable;
  theme: Theme;
  themeLayers: ThemeLayers;
  view: View;
  /** Floating mode: whether the card is shown. */
  isOpen: boolean;
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
  notice: Notice | null;
  /** The voice call, if any. */
  voice: VoiceState;
  /** The icon button whose tooltip is shown. */
  tooltip: string | null;
  /** The latest complete bot reply as text, for the polite live region (announced once). */
  announcement: string;
  /** Floating mode: bot messages that arrived while the card was closed (the launcher's badge). */
  unread: number;
}

/** The state of a new widget on a page at `pageOrigin`. */
export function initialState(pageOrigin: string, sessionId: string): AssistantState {
  const config = defaultConfig(new URL(pageOrigin).host);
  return {
    config,
    strings: englishStrings,
    theme: defaultTheme(config.storeDomain),
    themeLayers: { saved: {}, imported: {} },
    view: 'home',
    isOpen: false,
    sessionId,
    messages: [],
    conversations: [],
    attachment: null,
    markdown: null,
    markdownOptions: { imageHosts: config.imageHosts, pageOrigin },
    loading: false,
    draft: '',
    notice: null,
    voice: IDLE_VOICE,
    tooltip: null,
    announcement: '',
    unread: 0,
  };
}
