import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/chat/message';
import { memoryStorage, safeStorage, type SafeStorage } from '../../src/shared/storage';
import {
  chatsStorageKey,
  dropLargeImages,
  IMAGE_NOT_SAVED,
  MAX_CONVERSATIONS,
  MAX_MESSAGES_PER_CONVERSATION,
  MAX_STORED_IMAGE_LENGTH,
  readChats,
  writeChats,
  type StoredConversation,
} from '../../src/chat/conversation-storage';

const CONTEXT = { storeUrl: 'https://shop.example/', pageOrigin: 'https://shop.example' };
const KEY = chatsStorageKey('https://hooks.example/chat');
const msg = (id: string, sender: Message['sender'] = 'user', extra: Partial<Message> = {}): Message => ({ id, content: `text ${id}`, sender, timestamp: 1, ...extra });
const conversation = (id: string, updatedAt: number, messages: Message[] = [msg(`${id}-1`)]): StoredConversation => ({ id, updatedAt, messages });

/** Storage that refuses writes longer than `limit` characters, like a full localStorage. */
function limitedStorage(limit: number): SafeStorage & { entries: Map<string, string> } {
  const storage = memoryStorage();
  return { ...storage, set: (key, value) => (value.length > limit ? false : storage.set(key, value)) };
}

describe('conversation storage', () => {
  it('round-trips conversations, most recent first, with the current one remembered', () => {
    const storage = memoryStorage();
    const chats = { currentId: 'b', conversations: [conversation('a', 1), conversation('b', 2, [msg('b1'), msg('b2', 'bot', { products: [{ title: 'Shirt', description: '' }] })])] };
    expect(writeChats(storage, KEY, chats)).toBe(true);
    const read = readChats(storage, KEY, CONTEXT);
    expect(read.currentId).toBe('b');
    expect(read.conversations.map((c) => c.id)).toEqual(['b', 'a']);
    expect(read.conversations[0]?.messages[1]?.products).toEqual([{ title: 'Shirt', description: '' }]);
  });

  it('keeps conversations per webhook', () => {
    expect(chatsStorageKey('https://a.example/hook')).not.toBe(chatsStorageKey('https://b.example/hook'));
    expect(chatsStorageKey(null)).toBe('store-assistant:chats:unconfigured');
  });

  it(`caps at ${MAX_CONVERSATIONS} conversations of ${MAX_MESSAGES_PER_CONVERSATION} messages`, () => {
    const storage = memoryStorage();
    const many = Array.from({ length: 60 }, (_, i) => conversation(`c${i}`, 1000 - i, Array.from({ length: 250 }, (__, j) => msg(`c${i}-${j}`))));
    writeChats(storage, KEY, { currentId: 'c0', conversations: many });
    const read = readChats(storage, KEY, CONTEXT);
    expect(read.conversations).toHaveLength(MAX_CONVERSATIONS);
    expect(read.conversations[0]?.messages).toHaveLength(MAX_MESSAGES_PER_CONVERSATION);
    expect(read.conversations[0]?.messages[0]?.id).toBe('c0-50');
  });

  it('drops large attached images with a visible note, keeps small ones', () => {
    const small = `![image](data:image/jpeg;base64,${'A'.repeat(100)})`;
    const large = `![image](data:image/jpeg;base64,${'A'.repeat(MAX_STORED_IMAGE_LENGTH + 1)})`;
    expect(dropLargeImages(`look ${small}`)).toBe(`look ${small}`);
    expect(dropLargeImages(`look ${large}`)).toBe(`look ${IMAGE_NOT_SAVED}`);
  });

  it('does not save transient fields or streaming state', () => {
    const storage = memoryStorage();
    writeChats(storage, KEY, { currentId: 'a', conversations: [conversation('a', 1, [msg('x', 'bot', { animate: true, status: 'streaming' }), msg('y', 'bot', { status: 'error', retryFor: 'x' })])] });
    const [x, y] = readChats(storage, KEY, CONTEXT).conversations[0]?.messages ?? [];
    expect(x).toEqual({ id: 'x', content: 'text x', sender: 'bot', timestamp: 1 });
    expect(y).toMatchObject({ status: 'error', retryFor: 'x' });
  });

  it('when storage is full, drops images of older conversations first, then old conversations', () => {
    const image = `![image](data:image/jpeg;base64,${'A'.repeat(50_000)})`;
    const chats = {
      currentId: 'new',
      conversations: [conversation('new', 3, [msg('n', 'user', { content: image })]), conversation('old', 2, [msg('o', 'user', { content: image })]), conversation('older', 1)],
    };
    const storage = limitedStorage(80_000);
    expect(writeChats(storage, KEY, chats)).toBe(true);
    const read = readChats(storage, KEY, CONTEXT);
    expect(read.conversations.map((c) => c.id)).toEqual(['new', 'old', 'older']);
    expect(read.conversations[0]?.messages[0]?.content).toBe(image);
    expect(read.conversations[1]?.messages[0]?.content).toBe(IMAGE_NOT_SAVED);

    const tiny = limitedStorage(300);
    expect(writeChats(tiny, KEY, { currentId: 'a', conversations: [conversation('a', 3), conversation('b', 2), conversation('c', 1)] })).toBe(true);
    expect(readChats(tiny, KEY, CONTEXT).conversations.map((c) => c.id)).toEqual(['a']);
  });

  it('reports a refused write as false, never throws', () => {
    const blocked = safeStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(writeChats(blocked, KEY, { currentId: 'a', conversations: [conversation('a', 1)] })).toBe(false);
    expect(readChats(blocked, KEY, CONTEXT)).toEqual({ currentId: null, conversations: [] });
  });

  it.each([
    ['not JSON', '{'],
    ['JSON null', 'null'],
    ['an older format', JSON.stringify({ version: 0, conversations: [] })],
    ['conversations that are not a list', JSON.stringify({ version: 1, conversations: 'x' })],
    ['a prototype-polluting payload', '{"version":1,"__proto__":{"polluted":true},"conversations":[{"__proto__":{"x":1}}]}'],
  ])('reads %s as no conversations', (_, text) => {
    const storage = memoryStorage({ [KEY]: text });
    expect(readChats(storage, KEY, CONTEXT)).toEqual({ currentId: null, conversations: [] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the length of a call on its last line; anything but a whole number of seconds is dropped', () => {
    const storage = memoryStorage();
    const line = (id: string, callSeconds: unknown) => ({ id, content: `line ${id}`, sender: 'bot', timestamp: 1, source: 'voice', callSeconds });
    const stored = { version: 1, currentId: 'a', conversations: [{ id: 'a', updatedAt: 1, messages: [line('1', 75), line('2', -3), line('3', '12'), line('4', 1.5), line('5', Infinity)] }] };
    storage.set(KEY, JSON.stringify(stored));
    const read = readChats(storage, KEY, CONTEXT);
    expect(read.conversations[0]?.messages.map((message) => message.callSeconds)).toEqual([75, undefined, undefined, undefined, undefined]);
    expect(writeChats(storage, KEY, read)).toBe(true);
    expect(readChats(storage, KEY, CONTEXT).conversations[0]?.messages[0]?.callSeconds).toBe(75);
  });

  it('skips invalid messages and re-checks product links from storage', () => {
    const stored = {
      version: 1,
      currentId: 'a',
      conversations: [
        {
          id: 'a',
          updatedAt: 5,
          messages: [
            { id: '1', content: 'ok', sender: 'user', timestamp: 1 },
            { id: '2', content: 'bad sender', sender: 'system', timestamp: 1 },
            { id: '3', content: 42, sender: 'bot', timestamp: 1 },
            { id: '4', content: 'card', sender: 'bot', timestamp: 1, products: [{ title: 'X', url: 'javascript:alert(1)', image: 'javascript:alert(1)' }] },
          ],
        },
      ],
    };
    const read = readChats(memoryStorage({ [KEY]: JSON.stringify(stored) }), KEY, CONTEXT);
    expect(read.conversations[0]?.messages.map((m) => m.id)).toEqual(['1', '4']);
    expect(read.conversations[0]?.messages[1]?.products).toEqual([{ title: 'X', description: '' }]);
  });
});
