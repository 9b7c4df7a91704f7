import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { MAX_MESSAGE_LENGTH } from '../../../src/chat/chat-slice';
import {
  readConversations,
  storageKeys,
  writeConversation,
} from '../../../src/chat/conversations/conversation-storage';
import type { Message } from '../../../src/chat/message';
import { buildHistory, MAX_HISTORY_CHARACTERS, MAX_HISTORY_TURNS } from '../../../src/chat/replies/history';
import { MAX_REPLY_TEXT } from '../../../src/chat/replies/reply-parser';
import { memoryStorage, safeStorage } from '../../../src/common/storage';
import { englishStrings } from '../../../src/i18n/strings';
import { translate } from '../../../src/i18n/translate';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

/**
 * Nothing the visitor writes is lost: a message over the cap is not sent and not cut, history stays
 * within its budget, and storage running full costs no other conversation and leaves this one on screen.
 */
const WEBHOOK = 'https://hooks.example/chat';
const KEYS = storageKeys(WEBHOOK);
const CONTEXT = { storeUrl: null, pageOrigin: 'https://shop.example', imageHosts: [] };

/** A Storage that holds `quota` characters (keys and values), and throws as browsers do when full. */
function browserStorage(quota: number): Storage {
  const entries = new Map<string, string>();
  const used = (without?: string) =>
    [...entries].reduce((total, [key, value]) => (key === without ? total : total + key.length + value.length), 0);
  return {
    get length() {
      return entries.size;
    },
    key: (index) => [...entries.keys()][index] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem(key, value) {
      if (used(key) + key.length + value.length > quota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries.set(key, String(value));
    },
    removeItem: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

function setup(localStorage = memoryStorage() as ReturnType<typeof safeStorage>) {
  const { fetch, requests } = fakeFetch(() => jsonReply({ output: 'Noted.' }));
  const harness = fakeDeps({ fetch, localStorage });
  const assistant = createAssistant(harness.deps);
  assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK });
  const settled = () => eventually(() => expect(assistant.getState().loading).toBe(false));
  return { ...harness, assistant, requests, settled };
}

describe('a visitor message over the cap', () => {
  it('is not sent and not cut: the draft keeps it and a notice says how long a message may be', () => {
    const { assistant, requests } = setup();
    const long = 'a'.repeat(MAX_MESSAGE_LENGTH + 1);
    assistant.actions.setDraft(long);
    expect(assistant.actions.sendMessage(long)).toBe(false);
    expect(requests).toHaveLength(0);
    expect(assistant.getState().messages).toEqual([]);
    expect(assistant.getState().draft).toBe(long);
    expect(assistant.getState().notice?.text).toBe(
      translate(englishStrings, 'en', 'messageTooLong', { max: MAX_MESSAGE_LENGTH }),
    );
  });

  it('at the cap exactly, is sent whole', async () => {
    const { assistant, requests, settled } = setup();
    const full = 'b'.repeat(MAX_MESSAGE_LENGTH);
    expect(assistant.actions.sendMessage(full)).toBe(true);
    await settled();
    expect((requests[0]?.body as { message: string }).message).toBe(full);
  });
});

describe('history sent with each message', () => {
  const turn = (index: number, length: number): Message => ({
    id: `m${index}`,
    content: `${index}:${'x'.repeat(length)}`,
    sender: index % 2 ? 'bot' : 'user',
    timestamp: index,
  });

  it(`holds at most ${MAX_HISTORY_TURNS} turns and ${MAX_HISTORY_CHARACTERS} characters, the newest whole`, () => {
    const messages = Array.from({ length: 40 }, (_, index) =>
      turn(index, index % 2 ? MAX_REPLY_TEXT : MAX_MESSAGE_LENGTH),
    );
    const history = buildHistory(messages);
    expect(history.length).toBeLessThanOrEqual(MAX_HISTORY_TURNS);
    expect(history.reduce((total, item) => total + item.content.length, 0)).toBeLessThanOrEqual(MAX_HISTORY_CHARACTERS);
    expect(history.at(-1)?.content).toBe(messages.at(-1)?.content);
    expect(history[0]?.content.startsWith('…')).toBe(true);
  });

  it('keeps a short conversation whole', () => {
    const messages = Array.from({ length: 6 }, (_, index) => turn(index, 100));
    expect(buildHistory(messages).map((item) => item.content)).toEqual(messages.map((message) => message.content));
  });
});

describe('storage running full', () => {
  it('never deletes another conversation, says so, and keeps the conversation on screen', async () => {
    const local = safeStorage(() => storage);
    const storage = browserStorage(60_000);
    const others = Array.from({ length: 5 }, (_, index) => ({
      id: `old-${index}`,
      updatedAt: index + 1,
      removed: [],
      messages: [{ id: `o${index}`, content: 'y'.repeat(10_000), sender: 'user' as const, timestamp: index + 1 }],
    }));
    for (const other of others) expect(writeConversation(local, KEYS, other)).toBe(true);
    const before = others.map((other) => storage.getItem(KEYS.conversation + other.id));

    const { assistant, settled, requests } = setup(local);
    assistant.actions.newChat();
    const text = 'z'.repeat(MAX_MESSAGE_LENGTH);
    for (let round = 0; round < 3; round += 1) {
      expect(assistant.actions.sendMessage(`${round} ${text.slice(2)}`)).toBe(true);
      await settled();
    }
    await eventually(() => expect(assistant.getState().notice?.text).toBe(englishStrings.storageFull));
    expect(others.map((other) => storage.getItem(KEYS.conversation + other.id))).toEqual(before);
    expect(readConversations(local, KEYS, CONTEXT).map((saved) => saved.id)).toEqual(
      expect.arrayContaining(others.map((other) => other.id)),
    );
    expect(assistant.getState().messages.filter((message) => message.sender === 'user')).toHaveLength(3);
    expect(requests).toHaveLength(3);
  });
});
