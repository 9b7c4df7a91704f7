import type { AssistantEvents } from '../app/deps';
import type { Emit } from '../shared/events';

/**
 * The DOM events of `<store-assistant>`. Each is a `CustomEvent` dispatched on the element with
 * `bubbles: true, composed: true`, so a listener on `document` hears every widget on the page.
 */
export const EVENTS = {
  ready: 'The widget has rendered after being attached to the page. `detail: { version }`.',
  open: 'Floating mode: the card opened (launcher, `open()` or the `open` attribute). `detail: {}`.',
  close: 'Floating mode: the card closed. `detail: {}`.',
  message: 'A visitor or bot message was added. `detail`: the Message `{ id, content, sender, timestamp }`.',
  error: 'Something failed. `detail: { source: "chat" | "voice" | "theme", message }`.',
  'call-start': 'A voice call connected. `detail: { demo }`.',
  'call-end': 'A voice call that had connected ended. `detail: { seconds, transcript }`.',
  transcript: 'A line of the call transcript was added or extended. `detail`: the entry `{ role, text, timestamp }`.',
  cart: 'The cart changed through the widget (a card, a confirmed proposal). `detail: { action: "add" | "update", product, quantity, cart }`.',
} as const satisfies Record<keyof AssistantEvents, string>;

/** Event name to event type, for `addEventListener` on the element. */
export type StoreAssistantEventMap = {
  [K in keyof AssistantEvents as `store-assistant:${K}`]: CustomEvent<AssistantEvents[K]>;
};

/** Dispatches `store-assistant:<name>` on `target`. */
export function dispatchAssistantEvent(target: EventTarget, ...[name, detail]: Parameters<Emit<AssistantEvents>>): void {
  target.dispatchEvent(new CustomEvent(`store-assistant:${name}`, { detail, bubbles: true, composed: true }));
}
