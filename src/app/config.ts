import type { AnalyticsConfig } from '../analytics/data-layer';
import type { ChatConfig } from '../chat/chat-state';
import type { CommerceConfig } from '../commerce/commerce-state';
import { NO_CUSTOMER_ATTRIBUTES } from '../customer/identity';
import type { CustomerConfig } from '../customer/customer-state';
import { COMMERCE_IMAGE_HOSTS } from '../chat/attachments/image-policy';
import type { StringOverrides } from '../i18n/strings';
import type { DisplayMode } from '../common/display';
import type { ThemePatch } from '../theme/theme';
import type { VoiceConfig } from '../voice/voice-config';
import { DEFAULT_HANDOFF_TIMEOUT_S, type HandoffConfig } from '../handoff/handoff-state';
import { DEFAULT_TEASER_DELAY_S } from './teaser-timing';
import { NO_INVITE, type InviteConfig } from '../invite/invite-config';

export type { PersistMode } from '../chat/chat-state';
export type { DisplayMode } from '../common/display';

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
export interface AssistantConfig extends ChatConfig, AnalyticsConfig, HandoffConfig, CustomerConfig, InviteConfig {
  voice: VoiceConfig;
  /** The store's cart and what the page tells the webhook. */
  commerce: CommerceConfig;
  /** Drives the default brand name and welcome message. */
  storeDomain: string;
  /** "Talk to a human agent" target; without one the request is sent to the webhook. */
  agentUrl: string | null;
  /** The theme fields set by attributes: the layer above the saved theme. */
  themeAttributes: ThemePatch;
  mode: DisplayMode;
  position: LauncherPosition;
  colorScheme: ColorScheme;
  /** Milliseconds per character of the bot's typewriter; 0 shows replies at once. */
  typingSpeed: number;
  faq: FaqEntry[];
  /** Floating mode: the launcher teaser's text, if any. */
  teaser: string | null;
  /** Seconds before the teaser shows. */
  teaserDelay: number;
  /**
   * The visitor's language tag: the `lang` attribute, else the page's `<html lang>`, else the browser's
   * languages, the first with a built-in language (the element picks it, element/page-language.ts).
   */
  lang: string;
  /** Overrides of single entries of the string table. */
  strings: StringOverrides;
}

/** The configuration of an element with no attributes on a page at `pageHost`. */
export function defaultConfig(pageHost: string): AssistantConfig {
  return {
    webhookUrl: null,
    protocol: 'webhook',
    voice: {
      provider: 'vapi',
      publicKey: null,
      assistantId: null,
      squadId: null,
      workflowId: null,
      apiUrl: null,
      assistantOverrides: null,
      consent: null,
    },
    commerce: { platform: null, pageContext: true, cartBaseUrl: null, cartUrl: null, checkoutUrl: null },
    customer: { ...NO_CUSTOMER_ATTRIBUTES },
    customerPending: false,
    orderTracking: 'page',
    storeUrl: null,
    storeDomain: pageHost,
    agentUrl: null,
    eventsUrl: null,
    handoffTimeout: DEFAULT_HANDOFF_TIMEOUT_S,
    themeAttributes: {},
    mode: 'inline',
    position: 'bottom-right',
    colorScheme: 'light',
    typingSpeed: 8,
    persist: 'local',
    faq: [],
    imageHosts: [...COMMERCE_IMAGE_HOSTS],
    geoUrl: null,
    feedback: true,
    feedbackUrl: null,
    teaser: null,
    teaserDelay: DEFAULT_TEASER_DELAY_S,
    ...NO_INVITE,
    analytics: null,
    analyticsContent: false,
    lang: 'en',
    strings: {},
  };
}
