/**
 * Compile-time checks (run by `tsc --noEmit`, part of `npm test`) that the declarations of the public
 * contract in src/element say what the element's code does. dist/store-assistant.d.ts is generated from
 * these declarations and from the source types they name (public-api-consumer.test.ts checks it as a
 * page uses it), so a change on one side without the other fails here.
 */
import type { AssistantEvents } from '../../src/app/deps';
import type { ColorScheme, DisplayMode, LauncherPosition, PersistMode } from '../../src/app/config';
import type { CommercePlatform } from '../../src/commerce/commerce-state';
import type { OrderTrackingMode } from '../../src/customer/customer-state';
import type { ATTRIBUTES } from '../../src/element/attributes';
import type { EVENTS } from '../../src/element/element-events';
import type { StoreAssistantMembers } from '../../src/element/members';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import type { Theme } from '../../src/theme/theme';
import type { VoiceConfig } from '../../src/voice/voice-config';

/** True when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** The element's public methods. */
type MethodName =
  | 'open'
  | 'close'
  | 'startChat'
  | 'sendMessage'
  | 'newChat'
  | 'clearConversations'
  | 'goHome'
  | 'startCall'
  | 'stopCall'
  | 'setMuted'
  | 'withdrawVoiceConsent'
  | 'saveTheme'
  | 'importTheme'
  | 'exportTheme'
  | 'setContext'
  | 'identify';

/** Public members of the class that are not public API: the custom element callbacks and the element's own store. */
type Internal = 'connectedCallback' | 'disconnectedCallback' | 'attributeChangedCallback' | 'assistant';

// The declared members are the element's public methods, and the class has no other public member.
export type DeclaredMembers = Holds<Same<keyof StoreAssistantMembers, MethodName>>;
export type NoUndeclaredMember = Holds<
  Same<Exclude<keyof StoreAssistantElement, keyof HTMLElement | Internal>, keyof StoreAssistantMembers>
>;
// Each exists on the element with a signature that published callers can use.
export const elementFitsPublished: StoreAssistantMembers = null as unknown as StoreAssistantElement;

// Every event the code emits is declared, and no other.
export type EventNames = Holds<Same<keyof typeof EVENTS, keyof AssistantEvents>>;

// The theme format of exportTheme / importTheme is the source's Theme.
export type ThemeFormat = Holds<Same<Parameters<StoreAssistantMembers['importTheme']>[0], string | Partial<Theme>>>;

// Keyword attributes declare exactly the values the configuration takes (attributes.ts also checks that
// each keyword list reaches every value of its configuration field).
type Values<Name extends keyof typeof ATTRIBUTES> = (typeof ATTRIBUTES)[Name] extends { values: readonly (infer V)[] }
  ? V
  : never;
export type ModeValues = Holds<Same<Values<'mode'>, DisplayMode>>;
export type PositionValues = Holds<Same<Values<'position'>, LauncherPosition>>;
export type PersistValues = Holds<Same<Values<'persist'>, PersistMode>>;
export type ColorSchemeValues = Holds<Same<Values<'color-scheme'>, ColorScheme>>;
export type VoiceProviderValues = Holds<Same<Values<'voice-provider'>, VoiceConfig['provider']>>;
export type CommerceValues = Holds<Same<Values<'commerce'>, CommercePlatform | 'none'>>;
export type OrderTrackingValues = Holds<Same<Values<'order-tracking'>, OrderTrackingMode>>;
export type AnalyticsValues = Holds<Same<Values<'analytics'>, 'datalayer' | 'none'>>;
export type SwitchValues = Holds<Same<Values<'feedback' | 'analytics-content' | 'page-context'>, 'on' | 'off'>>;
