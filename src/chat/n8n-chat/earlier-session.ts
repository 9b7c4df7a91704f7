import type { SafeStorage } from '../../common/storage';
import type { ChatStore } from '../chat-state';
import { isGreeting } from '../message';
import type { MessageLog } from '../message-log';
import { earlierMessages } from './n8n-reply';
import { loadPreviousSessionRequest, type EncodedRequest } from './n8n-request';

/**
 * n8n's chat memory keeps a conversation by its `sessionId`. The id of the last conversation this
 * browser had with a Chat Trigger is kept in localStorage, shared by its tabs, so a tab that has no
 * conversation of its own (a new tab with `persist="session"`, the widget's storage cleared) can load
 * it back from n8n, as @n8n/chat does with its own `n8n-chat/sessionId` key.
 */
export function sessionKey(webhookUrl: string): string {
  return `store-assistant:n8n-session:${webhookUrl}`;
}

/** Keeps `sessionId` as the one to load back next time, unless conversations are not to be kept at all. */
export function rememberSession(store: ChatStore, localStorage: SafeStorage): void {
  const { config, sessionId } = store.getState();
  if (config.protocol !== 'n8n-chat' || !config.webhookUrl || config.persist === 'none') return;
  localStorage.set(sessionKey(config.webhookUrl), sessionId);
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
}

/**
 * With none of its own, the open conversation becomes the one n8n's memory holds for the remembered
 * session (or for its own id), shown as it was. A conversation this browser still has saved is left
 * for the Chats view, and a failure leaves the empty conversation as it was: loading is a courtesy.
 */
export async function loadEarlierSession(parts: EarlierSessionParts): Promise<boolean> {
  const { store, log } = parts;
  const { config, messages, sessionId, conversations } = store.getState();
  if (config.protocol !== 'n8n-chat' || !config.webhookUrl || messages.length > 0) return false;
  const remembered = config.persist === 'none' ? null : parts.localStorage.get(sessionKey(config.webhookUrl));
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
