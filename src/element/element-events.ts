import type { AssistantEvents } from '../app/deps';
import type { Emit } from '../common/events';

/** How one event is documented. */
export interface EventDoc {
  /** When it is dispatched (markdown, one line). */
  when: string;
  /** Its `detail`, in short (markdown); the exact type is the event's entry in AssistantEvents. */
  detail: string;
}

/**
 * The DOM events of `<store-assistant>`, declared once: each is a `CustomEvent` named
 * `store-assistant:<name>`, dispatched on the element with `bubbles: true, composed: true`, so a
 * listener on `document` hears every widget on the page. Their details are typed by AssistantEvents;
 * this table says when each is sent. From both come the README's event table, the events of
 * custom-elements.json and the event map of store-assistant.d.ts. Documentation only: the script
 * does not include it.
 */
export const EVENTS = {
  ready: { when: 'The widget has rendered after being attached to the page.', detail: '`{ version }`' },
  open: { when: 'Floating mode: the card opened (launcher, `open()` or the `open` attribute).', detail: '`{}`' },
  close: { when: 'Floating mode: the card closed.', detail: '`{}`' },
  message: { when: 'A visitor or bot message was added.', detail: 'the Message `{ id, content, sender, timestamp }`' },
  error: { when: 'Something failed.', detail: '`{ source: "chat" | "voice" | "theme", message }`' },
  'call-start': { when: 'A voice call connected.', detail: '`{ demo }`' },
  'call-end': { when: 'A voice call that had connected ended.', detail: '`{ seconds, transcript }`' },
  transcript: {
    when: 'A line of the call transcript was added or extended.',
    detail: 'the entry `{ role, text, timestamp }`',
  },
  feedback: {
    when: 'The visitor rated a reply (thumbs up or down).',
    detail: '`{ messageId, rating: "up" | "down", content, sessionId }`',
  },
  teaser: {
    when: 'Floating mode: the launcher teaser showed its text (at most once per session).',
    detail: '`{ text }`',
  },
  invite: {
    when: "Floating mode: an invitation with questions about the page's product showed, one of its questions was asked, or it was closed.",
    detail:
      '`{ action: "shown", trigger, questions }`, `{ action: "asked", index, question }` or `{ action: "dismissed" }`',
  },
  cart: {
    when: 'The cart changed through the widget (a card, a confirmed proposal, a call).',
    detail: '`{ action: "add" | "update", product, variantId, quantity, cart, index? }`',
  },
  'product-open': {
    when: 'The visitor opened a product card\'s page ("View product").',
    detail: '`{ product, index }`',
  },
  suggestion: {
    when: "The visitor chose one of the bot's suggestions (it is sent as their message).",
    detail: '`{ text, index }`',
  },
  handoff: {
    when: 'A takeover by a person started, a person joined, it ended, or nobody answered in time.',
    detail: '`{ status: "start" | "join" | "end" | "timeout", reason? }`, never message text',
  },
} as const satisfies Record<keyof AssistantEvents, EventDoc>;

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
export function dispatchAssistantEvent(
  target: EventTarget,
  ...[name, detail]: Parameters<Emit<AssistantEvents>>
): void {
  target.dispatchEvent(
    new CustomEvent(`store-assistant:${name}`, { detail: copyOf(detail), bubbles: true, composed: true }),
  );
}
