import { own } from '../common/own';
import { ga4Entries } from './ga4-ecommerce';

/** Where the widget's events go for analytics: nowhere (default) or Google Tag Manager's `dataLayer`. */
export type AnalyticsTarget = 'datalayer' | null;

/** The settings that decide what analytics receive. */
export interface AnalyticsConfig {
  analytics: AnalyticsTarget;
  /** Message, suggestion and reply texts are pushed only when the store owner allows it. */
  analyticsContent: boolean;
}

/**
 * The `dataLayer` event name of each widget event that analytics hear. Events not listed (ready,
 * transcript lines) are not pushed: they say nothing a store owner measures.
 */
export const DATA_LAYER_EVENTS = {
  open: 'store_assistant_open',
  close: 'store_assistant_close',
  'message-sent': 'store_assistant_message',
  'reply-shown': 'store_assistant_reply',
  suggestion: 'store_assistant_suggestion_click',
  feedback: 'store_assistant_feedback',
  'call-start': 'store_assistant_call_start',
  'call-end': 'store_assistant_call_end',
  cart: 'store_assistant_cart',
  teaser: 'store_assistant_teaser',
  invite: 'store_assistant_invite',
  error: 'store_assistant_error',
  handoff: 'store_assistant_handoff',
} as const;

type Entry = Record<string, unknown> & { event: string };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Drops the keys whose value is undefined, so entries carry only what is known. */
function defined(entry: Entry): Entry {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as Entry;
}

/** The `dataLayer` entry for a message event: a visitor's message, a reply shown, or nothing (a failed reply). */
function messageEntry(detail: unknown, withContent: boolean): Entry | null {
  const sender = own(detail, 'sender');
  const status = own(detail, 'status');
  if (status !== undefined && status !== null) return null;
  const name = sender === 'user' ? DATA_LAYER_EVENTS['message-sent'] : DATA_LAYER_EVENTS['reply-shown'];
  const products = own(detail, 'products');
  return defined({
    event: name,
    product_count: sender === 'bot' && Array.isArray(products) ? products.length : undefined,
    voice: own(detail, 'source') === 'voice' || undefined,
    content: withContent ? text(own(detail, 'content')) : undefined,
  });
}

/**
 * The `dataLayer` entry for a widget event, in Google Tag Manager's convention (`{ event: name, ...
 * fields }`), or null when the event is not for analytics. Texts (messages, suggestions, rated replies)
 * are included only with `withContent`; personal data never is.
 */
export function dataLayerEntry(name: string, detail: unknown, withContent: boolean): Entry | null {
  switch (name) {
    case 'open':
    case 'close':
    case 'teaser':
      return { event: DATA_LAYER_EVENTS[name] };
    case 'message':
      return messageEntry(detail, withContent);
    case 'suggestion':
      return defined({
        event: DATA_LAYER_EVENTS.suggestion,
        position: number(own(detail, 'index')),
        content: withContent ? text(own(detail, 'text')) : undefined,
      });
    case 'feedback':
      return defined({
        event: DATA_LAYER_EVENTS.feedback,
        rating: text(own(detail, 'rating')),
        content: withContent ? text(own(detail, 'content')) : undefined,
      });
    case 'call-start':
      return { event: DATA_LAYER_EVENTS['call-start'], demo: own(detail, 'demo') === true };
    case 'call-end':
      return defined({ event: DATA_LAYER_EVENTS['call-end'], seconds: number(own(detail, 'seconds')) });
    case 'cart':
      return defined({
        event: DATA_LAYER_EVENTS.cart,
        action: text(own(detail, 'action')),
        quantity: number(own(detail, 'quantity')),
        item_count: number(own(own(detail, 'cart'), 'itemCount')),
      });
    case 'error':
      return defined({ event: DATA_LAYER_EVENTS.error, source: text(own(detail, 'source')) });
    case 'handoff':
      return defined({
        event: DATA_LAYER_EVENTS.handoff,
        status: text(own(detail, 'status')),
        reason: text(own(detail, 'reason')),
      });
    case 'invite':
      return defined({
        event: DATA_LAYER_EVENTS.invite,
        action: text(own(detail, 'action')),
        trigger: text(own(detail, 'trigger')),
        position: number(own(detail, 'index')),
        content: withContent ? text(own(detail, 'question')) : undefined,
      });
    default:
      return null;
  }
}

/**
 * Every `dataLayer` entry a widget event makes, in the order they are pushed: the widget's own entry
 * ({@link dataLayerEntry}), then the GA4 ecommerce entries it stands for (product cards shown, one
 * opened, an add to the cart), so Tag Manager's GA4 tags read them as a store's own ecommerce events.
 */
export function dataLayerEntries(name: string, detail: unknown, withContent: boolean): Record<string, unknown>[] {
  const widgetEntry = dataLayerEntry(name, detail, withContent);
  return [...(widgetEntry ? [widgetEntry] : []), ...ga4Entries(name, detail)];
}

/** Whether a failing `dataLayer` was reported already: once per page is enough to find it. */
let reported = false;

function reportOnce(error: unknown, warn: (message: string, error: unknown) => void): void {
  if (reported) return;
  reported = true;
  warn(
    "[store-assistant] analytics: window.dataLayer.push threw; the widget's events are not recorded, the chat goes on.",
    error,
  );
}

/**
 * Pushes `entry` to `host.dataLayer` (Tag Manager replaces the array's `push` with its own), creating the
 * array as Tag Manager's snippet does when the page has none yet. A `dataLayer` that is something else
 * is the page's own business and is left alone. Stores wrap `push` with their own code: whatever it
 * throws stays here, reported once in the console, so analytics can never stop the chat or reach the
 * page as an uncaught error.
 */
export function pushToDataLayer(
  host: { dataLayer?: unknown },
  entry: Record<string, unknown>,
  warn: (message: string, error: unknown) => void = console.warn,
): void {
  try {
    const layer = host.dataLayer;
    if (layer === undefined) host.dataLayer = [entry];
    else if (typeof own(layer, 'push') === 'function' || Array.isArray(layer))
      (layer as { push(value: unknown): void }).push(entry);
  } catch (error) {
    reportOnce(error, warn);
  }
}
