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
} as const satisfies Record<keyof AssistantEvents, string>;

/** Event name to event type, for `addEventListener` on the element. */
export type StoreAssistantEventMap = {
  [K in keyof AssistantEvents as `store-assistant:${K}`]: CustomEvent<AssistantEvents[K]>;
};

/** A deep copy of plain data (own enumerable keys of objects and arrays): what a listener may edit freely. */
function copyOf(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 16) return value;
  if (Array.isArray(value)) return value.map((item) => copyOf(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key], depth + 1);
  return copy;
}

/**
 * Dispatches `store-assistant:<name>` on `target`. The detail is a copy: a listener that edits it in place
 * (an analytics tag redacting what it records) changes nothing the widget shows, sends or saves.
 */
export function dispatchAssistantEvent(target: EventTarget, ...[name, detail]: Parameters<Emit<AssistantEvents>>): void {
  target.dispatchEvent(new CustomEvent(`store-assistant:${name}`, { detail: copyOf(detail), bubbles: true, composed: true }));
}
