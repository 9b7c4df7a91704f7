import { own } from '../../common/own';
import { cutText } from '../../common/text-cut';
import { cleanSuggestions, suggestionsOf } from './suggestions';
import { isProductLike, MAX_PRODUCTS, normaliseProduct, type Product, type ProductContext } from './products';
import { MAX_ORDERS, ordersFrom, type Order } from './orders';

/** What a webhook reply holds for the visitor: markdown text and product cards. Both may be empty. */
export interface ParsedReply {
  text: string;
  products: Product[];
  /** The text was longer than {@link MAX_REPLY_TEXT} and was cut. */
  truncated?: boolean;
  /** Next steps the bot offers as buttons (`suggestions`, `quickReplies`). */
  suggestions?: string[];
  /** Raw `actions` entries (proposed cart changes), for the commerce feature to check; absent when none. */
  actions?: unknown[];
  /** `pending: true`: more messages will follow over the push channel (`events-url`). */
  pending?: boolean;
  /** `handoff`: a takeover change (a status word, or `{ status, agent }`), read by the takeover feature. */
  handoff?: unknown;
  /** Order cards (`orders`), sanitised; absent when none. */
  orders?: Order[];
}

/** Objects nested deeper than this are not searched: no real reply nests that far. */
export const MAX_DEPTH = 12;
/** Values visited at most, so a reply of a million array items costs no more than a normal one. */
export const MAX_NODES = 5_000;
/** Items read from one list (an n8n item array, a `messages` list). */
const MAX_ITEMS = 100;
/**
 * Longest text shown from one reply (a few screens); more is cut with a note. Laying out much more text
 * in one go would be a long task on the store's page.
 */
export const MAX_REPLY_TEXT = 10_000;
/** Raw `actions` entries collected from one reply at most; the commerce feature keeps at most 10 valid ones. */
export const MAX_ACTIONS = 50;

/** Keys whose value is the reply text, most specific first (n8n agents answer in `output`). */
const TEXT_KEYS = ['output', 'reply', 'text', 'message', 'response', 'answer', 'content'];
/** Keys whose value is one product or a list of them. */
const PRODUCT_KEYS = ['products', 'cards', 'card'];
/** Roles in a `messages` list whose content is meant for the visitor. */
const ASSISTANT_ROLES = new Set(['assistant', 'bot', 'ai', 'model']);

/** A fenced code block, tagged json or untagged; only blocks that hold a JSON object or array count. */
const FENCED_BLOCK = /```[ \t]*(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/gi;

interface Walk {
  nodes: number;
  context: ProductContext;
}

function empty(): ParsedReply {
  return { text: '', products: [] };
}

/**
 * A part's optional lists, read as own properties: a part without them would otherwise inherit what a
 * page put on Object.prototype (`suggestions`, `actions`), and show it as chips or cart proposals.
 */
function listOf(part: ParsedReply, key: 'suggestions' | 'actions' | 'orders'): unknown[] {
  const list = own(part, key);
  return Array.isArray(list) ? list : [];
}

/** The first `pending` and `handoff` among the parts, as own properties only. */
function signalsOf(parts: ParsedReply[]): Pick<ParsedReply, 'pending' | 'handoff'> {
  const signals: Pick<ParsedReply, 'pending' | 'handoff'> = {};
  if (parts.some((part) => own(part, 'pending') === true)) signals.pending = true;
  const handoff = parts.map((part) => own(part, 'handoff')).find((value) => value !== undefined && value !== null);
  if (handoff !== undefined) signals.handoff = handoff;
  return signals;
}

function combine(parts: ParsedReply[]): ParsedReply {
  const actions = parts.flatMap((part) => listOf(part, 'actions'));
  const orders = parts.flatMap((part) => listOf(part, 'orders') as Order[]);
  const combined: ParsedReply = {
    text: parts
      .map((part) => part.text.trim())
      .filter(Boolean)
      .join('\n\n'),
    products: parts.flatMap((part) => part.products),
    ...(actions.length > 0 ? { actions } : {}),
    ...signalsOf(parts),
    ...(orders.length > 0 ? { orders } : {}),
  };
  const suggestions = cleanSuggestions(parts.flatMap((part) => listOf(part, 'suggestions')));
  if (suggestions.length > 0) combined.suggestions = suggestions;
  return combined;
}

function tryParseJson(text: string): { value: unknown } | null {
  const trimmed = text.trim();
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  const looksLikeJson =
    (first === '{' && last === '}') || (first === '[' && last === ']') || (first === '"' && last === '"');
  if (!looksLikeJson) return null;
  try {
    return { value: JSON.parse(trimmed) as unknown };
  } catch {
    return null;
  }
}

function fromString(text: string, depth: number, walk: Walk): ParsedReply {
  const json = tryParseJson(text);
  if (json) return fromValue(json.value, depth + 1, walk);
  if (!text.includes('```')) return { text, products: [] };
  // A fenced block holding JSON is a structured reply written as text; the prose around it stays.
  const parts: ParsedReply[] = [];
  let rest = '';
  let last = 0;
  for (const match of text.matchAll(FENCED_BLOCK)) {
    // Each block is a node of the walk: a reply of a million small blocks costs no more than a normal one.
    walk.nodes += 1;
    if (walk.nodes > MAX_NODES) break;
    const inner = tryParseJson(match[1] ?? '');
    if (!inner || typeof inner.value !== 'object' || inner.value === null) continue;
    rest += text.slice(last, match.index);
    last = (match.index ?? 0) + match[0].length;
    parts.push(fromValue(inner.value, depth + 1, walk));
  }
  rest += text.slice(last);
  return combine([{ text: rest, products: [] }, ...parts]);
}

function fromMessages(list: unknown[], depth: number, walk: Walk): ParsedReply {
  const parts: ParsedReply[] = [];
  for (const item of list.slice(0, MAX_ITEMS)) {
    if (walk.nodes > MAX_NODES) break;
    if (typeof item === 'string') parts.push({ text: item, products: [] });
    else if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const role = own(item, 'role');
      const content = own(item, 'content');
      if (typeof role === 'string' && !ASSISTANT_ROLES.has(role.toLowerCase())) continue;
      parts.push(fromValue(content ?? item, depth + 1, walk));
    }
  }
  return combine(parts);
}

function productsFrom(value: unknown, walk: Walk): Product[] {
  const list = Array.isArray(value) ? value : [value];
  return list.slice(0, MAX_PRODUCTS * 2).flatMap((raw) => normaliseProduct(raw, walk.context) ?? []);
}

function fromObject(record: Record<string, unknown>, depth: number, walk: Walk): ParsedReply {
  // An n8n item wraps its data in `json`.
  const json = own(record, 'json');
  if (typeof json === 'object' && json !== null) return fromValue(json, depth + 1, walk);
  const parts: ParsedReply[] = [];
  const textKey = TEXT_KEYS.find((key) => own(record, key) !== undefined && own(record, key) !== null);
  if (textKey) parts.push(fromValue(own(record, textKey), depth + 1, walk));
  const messages = own(record, 'messages');
  if (Array.isArray(messages)) parts.push(fromMessages(messages, depth + 1, walk));
  for (const key of PRODUCT_KEYS) {
    const cards = own(record, key);
    if (cards !== undefined) parts.push({ text: '', products: productsFrom(cards, walk) });
  }
  if (parts.length === 0 && isProductLike(record)) parts.push({ text: '', products: productsFrom(record, walk) });
  // Proposed actions sit where products do; more than a reply may propose are not even collected.
  const actions = own(record, 'actions');
  if (Array.isArray(actions)) parts.push({ text: '', products: [], actions: actions.slice(0, MAX_ACTIONS) });
  const orders = own(record, 'orders');
  if (orders !== undefined) parts.push({ text: '', products: [], orders: ordersFrom(orders, walk.context) });
  const suggestions = suggestionsOf(record);
  if (suggestions.length > 0) parts.push({ text: '', products: [], suggestions });
  // What follows the reply: more pushed later, or a person taking over.
  const handoff = own(record, 'handoff');
  if (own(record, 'pending') === true || (handoff !== undefined && handoff !== null))
    parts.push({ text: '', products: [], ...(own(record, 'pending') === true ? { pending: true } : {}), handoff });
  return combine(parts);
}

function fromValue(value: unknown, depth: number, walk: Walk): ParsedReply {
  walk.nodes += 1;
  if (depth > MAX_DEPTH || walk.nodes > MAX_NODES) return empty();
  if (typeof value === 'string') return fromString(value, depth, walk);
  if (typeof value === 'number' || typeof value === 'boolean') return empty();
  if (Array.isArray(value)) {
    // n8n answers with an array of items; a plain list of products is a list of cards.
    const parts: ParsedReply[] = [];
    for (const item of value.slice(0, MAX_ITEMS)) {
      parts.push(
        isProductLike(item) ? { text: '', products: productsFrom(item, walk) } : fromValue(item, depth + 1, walk),
      );
      if (walk.nodes > MAX_NODES) break;
    }
    return combine(parts);
  }
  if (typeof value === 'object' && value !== null) return fromObject(value as Record<string, unknown>, depth, walk);
  return empty();
}

/**
 * The reply as shown: text cut to {@link MAX_REPLY_TEXT}, at most {@link MAX_PRODUCTS} cards and
 * {@link MAX_ORDERS} orders, the suggestions. Every field is an own property (undefined when absent), so no reader of the reply can
 * inherit one from a polluted Object.prototype.
 */
function shown(parsed: ParsedReply): ParsedReply {
  const suggestions = listOf(parsed, 'suggestions').filter((item): item is string => typeof item === 'string');
  const actions = listOf(parsed, 'actions');
  const orders = listOf(parsed, 'orders') as Order[];
  const reply: ParsedReply = {
    text: parsed.text.trim(),
    products: parsed.products.slice(0, MAX_PRODUCTS),
    truncated: undefined,
    actions: actions.length > 0 ? actions.slice(0, MAX_ACTIONS) : undefined,
    suggestions: suggestions.length > 0 ? suggestions : undefined,
    pending: own(parsed, 'pending') === true ? true : undefined,
    handoff: own(parsed, 'handoff') ?? undefined,
    orders: orders.length > 0 ? orders.slice(0, MAX_ORDERS) : undefined,
  };
  if (reply.text.length > MAX_REPLY_TEXT) {
    reply.text = `${cutText(reply.text, MAX_REPLY_TEXT).trimEnd()}…`;
    reply.truncated = true;
  }
  return reply;
}

function parseStructured(body: unknown, context: ProductContext, servedAsJson: boolean | undefined): ParsedReply {
  const walk: Walk = { nodes: 0, context };
  let value = body;
  if (servedAsJson && typeof body === 'string') {
    // Served as JSON, the body must be JSON: a bare literal (`null`, `42`) or a body that does not
    // parse has nothing to show. Served as text, "42" is an answer and "{oops" is what the bot said.
    try {
      value = JSON.parse(body) as unknown;
    } catch {
      return { text: '', products: [] };
    }
    if (typeof value !== 'object' && typeof value !== 'string') return { text: '', products: [] };
  }
  return shown(fromValue(value, 0, walk));
}

/**
 * Extracts the text and products from a webhook reply body, whatever shape the workflow answered in
 * (docs/webhook.md lists them): plain text, JSON strings (even JSON inside a JSON string), n8n item
 * arrays, nested `output`, `messages` lists, `card` / `cards` / `products`, or a fenced ```json block.
 * Work is bounded by depth, node and length limits, so a hostile reply cannot freeze the page. Never
 * throws: a body that cannot be read as a structured reply shows as the text it is.
 * `servedAsJson` says the body came with a JSON content type.
 */
export function parseReply(
  body: unknown,
  context: ProductContext,
  options: { servedAsJson?: boolean } = {},
): ParsedReply {
  try {
    return parseStructured(body, context, options.servedAsJson);
  } catch {
    return shown({ text: typeof body === 'string' ? body : '', products: [] });
  }
}

/** A reply's text within {@link MAX_REPLY_TEXT}: cut with an ellipsis, and marked, when it was longer. */
export function capReplyText(text: string): { text: string; truncated: true | undefined } {
  if (text.length <= MAX_REPLY_TEXT) return { text, truncated: undefined };
  return { text: `${cutText(text, MAX_REPLY_TEXT).trimEnd()}…`, truncated: true };
}
