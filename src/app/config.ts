import type { StringTable } from '../i18n/strings';
import type { ThemePatch } from '../theme/theme';
import type { VoiceConfig } from '../voice/voice-config';

/** Where the conversation is remembered between page loads. */
export type PersistMode = 'local' | 'session' | 'none';

/** How the widget sits on the page. */
export type DisplayMode = 'inline' | 'floating';

/** Floating mode: the bottom corner the launcher and card sit in. */
export type LauncherPosition = 'bottom-right' | 'bottom-left';

/** The widget's colours: light (the default), dark, or following the visitor's system (`auto`). */
export type ColorScheme = 'light' | 'dark' | 'auto';

/** One question and answer of the FAQ view. */
export interface FaqEntry {
  q: string;
  a: string;
}

/**
 * Everything the element's attributes configure, already parsed and validated. The store never sees
 * raw attribute strings.
 */
export interface AssistantConfig {
  webhookUrl: string | null;
  voice: VoiceConfig;
  /** "Track my order" target. */
  storeUrl: string | null;
  /** Drives the default brand name and welcome message. */
  storeDomain: string;
  /** "Talk to a human agent" target; without one the request is sent to the webhook. */
  agentUrl: string | null;
  /** The theme fields set by attributes: the layer above the saved theme. */
  themeAttributes: ThemePatch;
  mode: DisplayMode;
  position: LauncherPosition;
  /** Floating mode: whether the card is open. */
  open: boolean;
  colorScheme: ColorScheme;
  /** Milliseconds per character of the bot's typewriter; 0 shows replies at once. */
  typingSpeed: number;
  persist: PersistMode;
  faq: FaqEntry[];
  /** Hosts that images inside bot markdown may load from. */
  imageHosts: string[];
  geoUrl: string | null;
  lang: string;
  /** Overrides of single entries of the string table. */
  strings: Partial<StringTable>;
}

/** The configuration of an element with no attributes on a page at `pageHost`. */
export function defaultConfig(pageHost: string): AssistantConfig {
  return {
    webhookUrl: null,
    voice: { provider: 'vapi', publicKey: null, assistantId: null, squadId: null, workflowId: null, apiUrl: null },
    storeUrl: null,
    storeDomain: pageHost,
    agentUrl: null,
    themeAttributes: {},
    mode: 'inline',
    position: 'bottom-right',
    open: false,
    colorScheme: 'light',
    typingSpeed: 8,
    persist: 'local',
    faq: [],
    imageHosts: pageHost ? [pageHost] : [],
    geoUrl: null,
    lang: 'en',
    strings: {},
  };
}
