import { completeMessage, type Message } from './message';
import type { SafeStorage } from '../shared/storage';
import { own } from '../shared/own';
import { safeStringify } from '../shared/safe-json';
import { normaliseProduct, type ProductContext } from './products';

/** A conversation as it is saved. */
export interface StoredConversation {
  /** Also the `sessionId` sent to the webhook. */
  id: string;
  updatedAt: number;
  messages: Message[];
}

/** Everything saved for one store webhook. */
export interface StoredChats {
  currentId: string | null;
  /** Most recent first. */
  conversations: StoredConversation[];
}

export const MAX_CONVERSATIONS = 50;
export const MAX_MESSAGES_PER_CONVERSATION = 200;
/** Attached images larger than this (as data URL text) are not saved; a note takes their place. */
export const MAX_STORED_IMAGE_LENGTH = 150_000;
/** What replaces an image that was not saved; the UI shows it as a note. */
export const IMAGE_NOT_SAVED = '[image not saved]';
const MAX_CONTENT_LENGTH = 200_000;
const FORMAT_VERSION = 1;

/** The storage key for a webhook: conversations belong to the workflow that answered them. */
export function chatsStorageKey(webhookUrl: string | null): string {
  return `store-assistant:chats:${webhookUrl ?? 'unconfigured'}`;
}

const DATA_IMAGE = /!\[[^\]]*\]\((data:image\/[^)]*)\)/g;

/** The content with attached images over the size limit replaced by a note. */
export function dropLargeImages(content: string, maxLength = MAX_STORED_IMAGE_LENGTH): string {
  return content.replace(DATA_IMAGE, (whole, url: string) => (url.length > maxLength ? IMAGE_NOT_SAVED : whole));
}

function readMessage(raw: unknown, products: ProductContext): Message | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const [id, content, sender, timestamp] = ['id', 'content', 'sender', 'timestamp'].map((key) => own(raw, key));
  if (typeof id !== 'string' || typeof content !== 'string' || (sender !== 'user' && sender !== 'bot')) return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || content.length > MAX_CONTENT_LENGTH) return null;
  const message = completeMessage({ id: id.slice(0, 100), content, sender, timestamp });
  const cards = own(raw, 'products');
  if (Array.isArray(cards)) {
    const normalised = cards.flatMap((product) => normaliseProduct(product, products) ?? []);
    if (normalised.length > 0) message.products = normalised;
  }
  const status = own(raw, 'status');
  if (status === 'error' || status === 'interrupted') message.status = status;
  const retryFor = own(raw, 'retryFor');
  if (typeof retryFor === 'string') message.retryFor = retryFor.slice(0, 100);
  if (own(raw, 'truncated') === true) message.truncated = true;
  if (own(raw, 'source') === 'voice') message.source = 'voice';
  const callSeconds = own(raw, 'callSeconds');
  if (typeof callSeconds === 'number' && Number.isInteger(callSeconds) && callSeconds >= 0) message.callSeconds = callSeconds;
  return message;
}

/**
 * Reads the saved conversations. Anything that does not parse, or does not have the saved shape, is
 * skipped: hostile or corrupted storage gives an empty list, never an exception.
 */
export function readChats(storage: SafeStorage, key: string, products: ProductContext): StoredChats {
  const empty: StoredChats = { currentId: null, conversations: [] };
  const text = storage.get(key);
  if (text === null) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return empty;
  }
  const list = own(parsed, 'conversations');
  if (own(parsed, 'version') !== FORMAT_VERSION || !Array.isArray(list)) return empty;
  const conversations: StoredConversation[] = [];
  for (const raw of list.slice(0, MAX_CONVERSATIONS)) {
    const [id, updatedAt, messages] = ['id', 'updatedAt', 'messages'].map((key) => own(raw, key));
    if (typeof id !== 'string' || !id || typeof updatedAt !== 'number' || !Array.isArray(messages)) continue;
    const valid = messages.slice(-MAX_MESSAGES_PER_CONVERSATION).flatMap((message) => readMessage(message, products) ?? []);
    conversations.push({ id: id.slice(0, 100), updatedAt, messages: valid });
  }
  conversations.sort((a, b) => b.updatedAt - a.updatedAt);
  const current = own(parsed, 'currentId');
  const currentId = typeof current === 'string' && conversations.some((c) => c.id === current) ? current : null;
  return { currentId, conversations };
}

/** A message as it is saved: no transient fields, large images replaced by a note. */
function storable(message: Message): Message {
  const { animate: _animate, status, ...rest } = message;
  const saved: Message = { ...rest, content: dropLargeImages(message.content) };
  // A reply that was still streaming is saved as whatever arrived.
  if (status === 'error' || status === 'interrupted') saved.status = status;
  return saved;
}

function serialise(chats: StoredChats): string {
  return safeStringify({
    version: FORMAT_VERSION,
    currentId: chats.currentId,
    conversations: chats.conversations.map((conversation) => ({
      id: conversation.id,
      updatedAt: conversation.updatedAt,
      messages: conversation.messages.slice(-MAX_MESSAGES_PER_CONVERSATION).map(storable),
    })),
  });
}

/**
 * Saves the conversations, capped to {@link MAX_CONVERSATIONS} of {@link MAX_MESSAGES_PER_CONVERSATION}
 * messages. When the browser refuses (storage full), images are dropped from all but the current
 * conversation, then the oldest conversations, until it fits. Returns false when nothing could be saved.
 */
export function writeChats(storage: SafeStorage, key: string, chats: StoredChats): boolean {
  const withoutEmpty = chats.conversations.filter((conversation) => conversation.messages.length > 0).slice(0, MAX_CONVERSATIONS);
  let attempt: StoredChats = { currentId: chats.currentId, conversations: withoutEmpty };
  if (storage.set(key, serialise(attempt))) return true;
  attempt = {
    ...attempt,
    conversations: attempt.conversations.map((conversation) =>
      conversation.id === chats.currentId
        ? conversation
        : { ...conversation, messages: conversation.messages.map((message) => ({ ...message, content: dropLargeImages(message.content, 0) })) },
    ),
  };
  while (attempt.conversations.length > 0) {
    if (storage.set(key, serialise(attempt))) return true;
    attempt = { ...attempt, conversations: attempt.conversations.slice(0, Math.floor(attempt.conversations.length / 2)) };
  }
  return false;
}
