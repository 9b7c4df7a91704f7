/**
 * Compile-time checks (run by `tsc --noEmit`, part of `npm test`) that the published declaration file,
 * src/element/public-api.d.ts, says what the element's code does: the same methods and the same events
 * with the same details. A change on one side without the other fails the type check.
 */
import type { AssistantEvents } from '../../src/app/deps';
import type { Theme } from '../../src/theme/theme';
import type { StoreAssistantElement } from '../../src/element/store-assistant-element';
import type {
  StoreAssistantElement as PublishedElement,
  StoreAssistantEventDetails,
  StoreAssistantEventMap,
  StoreAssistantTheme,
} from '../../src/element/public-api';

/** True when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** The element's public methods (DESIGN.md). */
type MethodName = 'open' | 'close' | 'startChat' | 'sendMessage' | 'newChat' | 'clearConversations' | 'goHome' | 'startCall' | 'stopCall' | 'setMuted' | 'saveTheme' | 'importTheme' | 'exportTheme';

// The declaration file publishes exactly these, beyond HTMLElement's own members.
export type PublishedMethods = Holds<Same<Exclude<keyof PublishedElement, keyof HTMLElement>, MethodName>>;
// Each exists on the element with a signature that published callers can use.
export const elementFitsPublished: Pick<PublishedElement, MethodName> = null as unknown as Pick<StoreAssistantElement, MethodName>;

// The same events, each with the same detail.
export type EventNames = Holds<Same<keyof StoreAssistantEventDetails, keyof AssistantEvents>>;
export type EventDetails = Holds<Same<StoreAssistantEventDetails, AssistantEvents>>;
export type EventMap = Holds<Same<StoreAssistantEventMap['store-assistant:message']['detail'], AssistantEvents['message']>>;

// The theme format of exportTheme / importTheme.
export type ThemeFormat = Holds<Same<StoreAssistantTheme, Theme>>;

// The tag is typed for page code.
export type TagName = Holds<Same<HTMLElementTagNameMap['store-assistant'], PublishedElement>>;
