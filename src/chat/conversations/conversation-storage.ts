import { completeMessage, type Message } from '../message';
import type { SafeStorage } from '../../common/storage';
import { own } from '../../common/own';
import { cleanSuggestions } from '../replies/suggestions';
import { safeStringify } from '../../common/safe-json';
import { MAX_PRODUCTS, normaliseProduct, type ProductContext } from '../replies/products';
import { ordersFrom } from '../replies/orders';
import { capReplyText } from '../replies/reply-parser';
import { allowedImageUrl } from '../attachments/image-policy';
import { ADD_TO_CART_TOOL, MAX_TOOL_ARGS, MAX_TOOL_CALLS, type ToolResult } from '../replies/client-tools';

/** A quick action's id as the widget writes it: lower-case words joined by hyphens. */
const QUICK_ACTION_ID = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Saved conversations: one storage entry per conversation, so a save writes only the conversation that
 * changed, and two tabs writing different conversations never touch each other's entries.
 */

/** A conversation as it is saved. */
export interface StoredConversation {
  /** Also the `sessionId` sent to the webhook. */
  id: string;
  updatedAt: number;
  messages: Message[];
  /** Ids of messages removed from it (a failed reply Retry replaced), so another tab's copy cannot bring them back. */
  removed: string[];
}

export const MAX_CONVERSATIONS = 50;
export const MAX_MESSAGES_PER_CONVERSATION = 200;
/** Attached images larger than this (as data URL text) are not saved; a note takes their place. */
export const MAX_STORED_IMAGE_LENGTH = 150_000;
/** What replaces an image that was not saved; the UI shows it as a note. */
export const IMAGE_NOT_SAVED = '[image not saved]';
const MAX_CONTENT_LENGTH = 200_000;
const MAX_REMOVED = 200;
const FORMAT_VERSION = 2;
/** Every key the widget saves conversations under starts with one of these. */
export const CONVERSATION_KEY_PREFIXES = [
  'store-assistant:chat:',
  'store-assistant:open:',
  'store-assistant:chats:',
] as const;

/**
 * Where the last clear is marked (every conversation deleted, `persist` set to `none`), with a new
 * random value each time. A tab that saw another value when it last loaded or saved knows a clear
 * happened since, in some tab, and must not save again what it still has on screen from before it.
 */
export const CLEARED_KEY = 'store-assistant:cleared';

/** The keys of one webhook's saved conversations: they belong to the workflow that answered them. */
export function storageKeys(webhookUrl: string | null) {
  const hook = webhookUrl ?? 'unconfigured';
  return {
    /** A conversation's key is this prefix and its id (a URL never holds a space). */
    conversation: `store-assistant:chat:${hook} `,
    /** The id of the conversation open last, reopened on the next page. */
    open: `store-assistant:open:${hook}`,
    /** Where unreleased builds kept every conversation in one entry; removed, not read. */
    legacy: `store-assistant:chats:${hook}`,
  };
}

export type StorageKeys = ReturnType<typeof storageKeys>;

const DATA_IMAGE = /!\[[^\]]*\]\((data:image\/[^)]*)\)/g;

/** The content with attached images over the size limit replaced by a note. */
export function dropLargeImages(content: string, maxLength = MAX_STORED_IMAGE_LENGTH): string {
  return content.replace(DATA_IMAGE, (whole, url: string) => (url.length > maxLength ? IMAGE_NOT_SAVED : whole));
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The person who wrote a saved message: a short name, and a picture only if the image rule still allows it. */
function readAgent(raw: unknown, products: ProductContext): Message['agent'] | null {
  const name = own(raw, 'name');
  if (typeof name !== 'string' || !name.trim()) return null;
  const avatar = own(raw, 'avatar');
  const allowed = typeof avatar === 'string' ? allowedImageUrl(avatar, products) : null;
  return { name: name.trim().slice(0, 60), ...(allowed ? { avatar: allowed } : {}) };
}

/** Longest answer to a tool call read back (the widget's own answers are under 200 characters). */
const MAX_TOOL_RESULT = 1000;

/** A reply's answered calls of the widget's tool, as saved: each one checked; none that is not the widget's. */
function readToolResults(raw: unknown): ToolResult[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_TOOL_CALLS).flatMap((entry): ToolResult[] => {
    const [id, name, args, result] = ['id', 'name', 'args', 'result'].map((key) => own(entry, key));
    if (typeof id !== 'string' || !id || id.length > 200 || name !== ADD_TO_CART_TOOL) return [];
    if (typeof args !== 'string' || args.length > MAX_TOOL_ARGS) return [];
    if (typeof result !== 'string' || result.length > MAX_TOOL_RESULT) return [];
    return [{ id, name, args, result }];
  });
}

/**
 * A saved message, read like a live reply: a bot message's text and cards within the caps of a reply
 * (10,000 characters, 12 cards), each card checked again (links, the image rule). Saved data is
 * untrusted input: another script on the page can write it.
 */
function readMessage(raw: unknown, products: ProductContext): Message | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const [id, content, sender, timestamp] = ['id', 'content', 'sender', 'timestamp'].map((key) => own(raw, key));
  if (typeof id !== 'string' || typeof content !== 'string' || (sender !== 'user' && sender !== 'bot')) return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || content.length > MAX_CONTENT_LENGTH) return null;
  const capped = sender === 'bot' ? capReplyText(content) : { text: content, truncated: undefined };
  const message = completeMessage({ id: id.slice(0, 100), content: capped.text, sender, timestamp });
  const cards = own(raw, 'products');
  if (Array.isArray(cards)) {
    const normalised = cards
      .slice(0, MAX_PRODUCTS * 2)
      .flatMap((product) => normaliseProduct(product, products) ?? [])
      .slice(0, MAX_PRODUCTS);
    if (normalised.length > 0) message.products = normalised;
  }
  const orders = own(raw, 'orders');
  if (Array.isArray(orders) && orders.length > 0) {
    const normalised = ordersFrom(orders, products);
    if (normalised.length > 0) message.orders = normalised;
  }
  const status = own(raw, 'status');
  if (status === 'error' || status === 'interrupted') message.status = status;
  const retryFor = own(raw, 'retryFor');
  if (typeof retryFor === 'string') message.retryFor = retryFor.slice(0, 100);
  if (own(raw, 'truncated') === true || capped.truncated) message.truncated = true;
  if (own(raw, 'source') === 'voice') message.source = 'voice';
  const suggestions = own(raw, 'suggestions');
  if (Array.isArray(suggestions) && suggestions.length > 0) message.suggestions = cleanSuggestions(suggestions);
  const feedback = own(raw, 'feedback');
  if (feedback === 'up' || feedback === 'down') message.feedback = feedback;
  if (own(raw, 'origin') === 'widget') message.origin = 'widget';
  if (own(raw, 'greeting') === true && sender === 'user') message.greeting = true;
  const quickAction = own(raw, 'quickAction');
  if (typeof quickAction === 'string' && QUICK_ACTION_ID.test(quickAction) && sender === 'user')
    message.quickAction = quickAction;
  const callSeconds = own(raw, 'callSeconds');
  if (typeof callSeconds === 'number' && Number.isInteger(callSeconds) && callSeconds >= 0)
    message.callSeconds = callSeconds;
  const agent = readAgent(own(raw, 'agent'), products);
  if (agent) message.agent = agent;
  const toolResults = sender === 'bot' ? readToolResults(own(raw, 'toolResults')) : [];
  if (toolResults.length > 0) message.toolResults = toolResults;
  return message;
}

/** A conversation from parsed storage; null unless it has the saved shape. Hostile data never throws. */
function readStored(raw: unknown, products: ProductContext): StoredConversation | null {
  const [id, updatedAt, messages, removed] = ['id', 'updatedAt', 'messages', 'removed'].map((key) => own(raw, key));
  if (
    typeof id !== 'string' ||
    !id ||
    typeof updatedAt !== 'number' ||
    !Number.isFinite(updatedAt) ||
    !Array.isArray(messages)
  )
    return null;
  return {
    id: id.slice(0, 100),
    updatedAt,
    messages: messages.slice(-MAX_MESSAGES_PER_CONVERSATION).flatMap((message) => readMessage(message, products) ?? []),
    removed: Array.isArray(removed)
      ? removed.filter((item): item is string => typeof item === 'string').slice(-MAX_REMOVED)
      : [],
  };
}

/** The conversation saved under `id`; null when there is none, or it is unreadable. */
export function readConversation(
  storage: SafeStorage,
  keys: StorageKeys,
  id: string,
  products: ProductContext,
): StoredConversation | null {
  const parsed = parseJson(storage.get(keys.conversation + id));
  if (own(parsed, 'version') !== FORMAT_VERSION) return null;
  const conversation = readStored(parsed, products);
  return conversation?.id === id ? conversation : null;
}

/** The ids of the conversations saved for `keys`. */
export function savedIds(storage: SafeStorage, keys: StorageKeys): string[] {
  return storage
    .keys()
    .flatMap((key) => (key.startsWith(keys.conversation) ? [key.slice(keys.conversation.length)] : []));
}

/** Every conversation saved for `keys`, most recent first, at most {@link MAX_CONVERSATIONS}. */
export function readConversations(
  storage: SafeStorage,
  keys: StorageKeys,
  products: ProductContext,
): StoredConversation[] {
  const all = savedIds(storage, keys).flatMap((id) => readConversation(storage, keys, id, products) ?? []);
  return all.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_CONVERSATIONS);
}

/** A message as it is saved: no transient fields, large images replaced by a note. */
function storable(message: Message, maxImageLength: number): Message {
  const { animate: _animate, status, ...rest } = message;
  // A reply still streaming when it is saved (the tab may never get to finish it) is saved as what it
  // would be if it never did: interrupted, with Retry, never as a complete answer.
  return {
    ...rest,
    content: dropLargeImages(message.content, maxImageLength),
    status: status === 'streaming' ? 'interrupted' : status,
  };
}

function serialise(conversation: StoredConversation, maxImageLength = MAX_STORED_IMAGE_LENGTH): string {
  return safeStringify({
    version: FORMAT_VERSION,
    id: conversation.id,
    updatedAt: conversation.updatedAt,
    messages: conversation.messages
      .slice(-MAX_MESSAGES_PER_CONVERSATION)
      .map((message) => storable(message, maxImageLength)),
    removed: conversation.removed.slice(-MAX_REMOVED),
  });
}

/**
 * Saves one conversation in its own entry; when the browser refuses (storage full), it tries again
 * without this conversation's own attached images. Other conversations are never touched to make
 * room: saving one must not cost the visitor another. Returns false when it could not be saved; the
 * entry saved before, if any, is then left as it was.
 */
export function writeConversation(storage: SafeStorage, keys: StorageKeys, conversation: StoredConversation): boolean {
  const key = keys.conversation + conversation.id;
  return storage.set(key, serialise(conversation)) || storage.set(key, serialise(conversation, 0));
}

/** Removes everything saved for `keys`: every conversation, the open one's id, the earlier format. */
export function eraseConversations(storage: SafeStorage, keys: StorageKeys): void {
  for (const id of savedIds(storage, keys)) storage.remove(keys.conversation + id);
  storage.remove(keys.open);
  storage.remove(keys.legacy);
}

/** Removes every conversation the widget saved in `storage`, for every webhook. */
export function eraseAllConversations(storage: SafeStorage): void {
  for (const key of storage.keys())
    if (CONVERSATION_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) storage.remove(key);
}
