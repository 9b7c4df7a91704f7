import { own } from '../../common/own';
import type { SafeStorage } from '../../common/storage';
import type { ChatStore, ShopperMark } from '../chat-state';

import { isGreeting } from '../message';
import type { MessageLog } from '../message-log';
import { earlierMessages } from './n8n-reply';
import { loadPreviousSessionRequest, type EncodedRequest } from './n8n-request';

/** Every key an n8n session id is remembered under starts with this; the webhook's URL follows. */
export const N8N_SESSION_KEY_PREFIX = 'store-assistant:n8n-session:';

/**
 * n8n's chat memory keeps a conversation by its `sessionId`. The id of the last conversation this
 * browser had with a Chat Trigger is kept in localStorage, shared by its tabs, so a tab that has no
 * conversation of its own (a new tab with `persist="session"`, the widget's storage cleared) can load
 * it back from n8n, as @n8n/chat does with its own `n8n-chat/sessionId` key. It is kept with the mark
 * of the shopper it was made for (null for a guest), and loaded back for that shopper only.
 */
export function sessionKey(webhookUrl: string): string {
  return N8N_SESSION_KEY_PREFIX + webhookUrl;
}

/** A session id as the widget makes them; anything else stored there is not the widget's. */
const SESSION_SHAPE = /^[\w.:-]{1,100}$/;
const MARK_SHAPE = /^[0-9a-f]{1,14}$/;

/** The session remembered in `text` for `shopper`; null when it is another's, none, or not the widget's. */
export function rememberedFor(text: string | null, shopper: string | null): string | null {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
  const [session, owner] = [own(value, 'session'), own(value, 'shopper')];
  if (typeof session !== 'string' || !SESSION_SHAPE.test(session)) return null;
  if (owner !== null && (typeof owner !== 'string' || !MARK_SHAPE.test(owner))) return null;
  return owner === shopper ? session : null;
}

/** Keeps `sessionId` as the one to load back next time, for the shopper signed in now, unless conversations are not kept. */
export function rememberSession(store: ChatStore, localStorage: SafeStorage, shopper: ShopperMark): void {
  const { config, sessionId } = store.getState();
  const mark = shopper();
  if (config.protocol !== 'n8n-chat' || !config.webhookUrl || config.persist === 'none' || mark === undefined) return;
  localStorage.set(sessionKey(config.webhookUrl), JSON.stringify({ session: sessionId, shopper: mark }));
}

/** What loading an earlier conversation needs. */
export interface EarlierSessionParts {
  store: ChatStore;
  localStorage: SafeStorage;
  log: MessageLog;
  /** Posts a request to the Chat Trigger and resolves with the body of its answer. */
  post: (request: EncodedRequest) => Promise<string>;
  /** The open conversation changed: it is saved. */
  commit: () => void;
  /** The mark of who is signed in, known (see {@link ShopperMark}). */
  shopper: string | null;
}

/**
 * With none of its own, the open conversation becomes the one n8n's memory holds for the session
 * remembered for this shopper (or for its own id), shown as it was; never another shopper's. A conversation this browser still has saved is left
 * for the Chats view, and a failure leaves the empty conversation as it was: loading is a courtesy.
 */
export async function loadEarlierSession(parts: EarlierSessionParts): Promise<boolean> {
  const { store, log } = parts;
  const { config, messages, sessionId, conversations } = store.getState();
  if (config.protocol !== 'n8n-chat' || !config.webhookUrl || messages.length > 0) return false;
  const remembered =
    config.persist === 'none'
      ? null
      : rememberedFor(parts.localStorage.get(sessionKey(config.webhookUrl)), parts.shopper);
  const saved = conversations.some((conversation) => conversation.id === remembered);
  const id = remembered && !saved ? remembered : sessionId;
  let earlier;
  try {
    earlier = earlierMessages(await parts.post(loadPreviousSessionRequest(id, undefined)));
  } catch {
    return false;
  }
  const now = store.getState();
  // The visitor began writing, or another conversation opened, meanwhile: theirs wins.
  if (earlier.length === 0 || now.messages.length > 0 || now.sessionId !== sessionId) return false;
  store.setState({ sessionId: id });
  // Earlier turns, not new replies: no `message` events, no unread badge.
  log.add(
    earlier.map((message) =>
      log.create(
        message.sender,
        message.content,
        message.sender === 'user' && isGreeting(message.content, now.strings) ? { greeting: true } : {},
      ),
    ),
    { as: 'transcript' },
  );
  parts.commit();
  return true;
}
