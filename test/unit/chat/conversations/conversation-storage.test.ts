import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../src/chat/message';
import { memoryStorage, safeStorage, type SafeStorage } from '../../../../src/common/storage';
import {
  dropLargeImages,
  eraseAllConversations,
  eraseConversations,
  IMAGE_NOT_SAVED,
  MAX_CONVERSATIONS,
  MAX_MESSAGES_PER_CONVERSATION,
  MAX_STORED_IMAGE_LENGTH,
  readConversation,
  readConversations,
  storageKeys,
  writeConversation,
  type StoredConversation,
} from '../../../../src/chat/conversations/conversation-storage';

const CONTEXT = { storeUrl: 'https://shop.example/', pageOrigin: 'https://shop.example', imageHosts: [] };
const KEYS = storageKeys('https://hooks.example/chat');
const msg = (id: string, sender: Message['sender'] = 'user', extra: Partial<Message> = {}): Message => ({
  id,
  content: `text ${id}`,
  sender,
  timestamp: 1,
  ...extra,
});
const conversation = (id: string, updatedAt: number, messages: Message[] = [msg(`${id}-1`)]): StoredConversation => ({
  id,
  updatedAt,
  messages,
  removed: [],
});
const write = (storage: SafeStorage, ...list: StoredConversation[]) =>
  list.every((each) => writeConversation(storage, KEYS, each));

/** Storage that refuses a write once everything stored would exceed `limit` characters, like a full localStorage. */
function quotaStorage(limit: number): SafeStorage & { entries: Map<string, string> } {
  const storage = memoryStorage();
  const used = (without: string) =>
    [...storage.entries].reduce((total, [key, value]) => (key === without ? total : total + value.length), 0);
  return { ...storage, set: (key, value) => (used(key) + value.length > limit ? false : storage.set(key, value)) };
}

describe('conversation storage', () => {
  it('round-trips conversations, most recent first, each in its own entry', () => {
    const storage = memoryStorage();
    expect(
      write(
        storage,
        conversation('a', 1),
        conversation('b', 2, [msg('b1'), msg('b2', 'bot', { products: [{ title: 'Shirt', description: '' }] })]),
      ),
    ).toBe(true);
    expect([...storage.entries.keys()]).toEqual([`${KEYS.conversation}a`, `${KEYS.conversation}b`]);
    const read = readConversations(storage, KEYS, CONTEXT);
    expect(read.map((c) => c.id)).toEqual(['b', 'a']);
    expect(read[0]?.messages[1]?.products).toEqual([{ title: 'Shirt', description: '' }]);
  });

  it('writes only the conversation that changed', () => {
    const storage = memoryStorage();
    write(
      storage,
      ...Array.from({ length: 20 }, (_, i) =>
        conversation(
          `c${i}`,
          i,
          Array.from({ length: 100 }, (__, j) => msg(`c${i}-${j}`)),
        ),
      ),
    );
    const set = vi.spyOn(storage, 'set');
    write(storage, conversation('c3', 99, [msg('new')]));
    expect(set.mock.calls.map(([key]) => key)).toEqual([`${KEYS.conversation}c3`]);
  });

  it('keeps conversations per webhook', () => {
    expect(storageKeys('https://a.example/hook').conversation).not.toBe(
      storageKeys('https://b.example/hook').conversation,
    );
    expect(storageKeys(null).conversation).toBe('store-assistant:chat:unconfigured ');
  });

  it(`reads at most ${MAX_CONVERSATIONS} conversations and saves at most ${MAX_MESSAGES_PER_CONVERSATION} messages of each`, () => {
    const storage = memoryStorage();
    write(
      storage,
      ...Array.from({ length: 60 }, (_, i) =>
        conversation(
          `c${i}`,
          1000 - i,
          Array.from({ length: 250 }, (__, j) => msg(`c${i}-${j}`)),
        ),
      ),
    );
    const read = readConversations(storage, KEYS, CONTEXT);
    expect(read).toHaveLength(MAX_CONVERSATIONS);
    expect(read[0]?.messages).toHaveLength(MAX_MESSAGES_PER_CONVERSATION);
    expect(read[0]?.messages[0]?.id).toBe('c0-50');
  });

  it('drops large attached images with a visible note, keeps small ones', () => {
    const small = `![image](data:image/jpeg;base64,${'A'.repeat(100)})`;
    const large = `![image](data:image/jpeg;base64,${'A'.repeat(MAX_STORED_IMAGE_LENGTH + 1)})`;
    expect(dropLargeImages(`look ${small}`)).toBe(`look ${small}`);
    expect(dropLargeImages(`look ${large}`)).toBe(`look ${IMAGE_NOT_SAVED}`);
  });

  it('does not save transient fields; a reply still streaming is saved as interrupted, never as complete', () => {
    const storage = memoryStorage();
    write(
      storage,
      conversation('a', 1, [
        msg('x', 'bot', { animate: true, status: 'streaming', retryFor: 'q' }),
        msg('y', 'bot', { status: 'error', retryFor: 'x', origin: 'widget' }),
      ]),
    );
    const [x, y] = readConversation(storage, KEYS, 'a', CONTEXT)?.messages ?? [];
    expect(x).toEqual({
      id: 'x',
      content: 'text x',
      sender: 'bot',
      timestamp: 1,
      status: 'interrupted',
      retryFor: 'q',
    });
    expect(y).toMatchObject({ status: 'error', retryFor: 'x', origin: 'widget' });
  });

  it('when storage is full, never deletes or changes another conversation: only its own images give way', () => {
    const image = `![image](data:image/jpeg;base64,${'A'.repeat(50_000)})`;
    const storage = quotaStorage(130_000);
    write(storage, conversation('older', 1), conversation('old', 2, [msg('o', 'user', { content: image })]));
    const before = new Map(storage.entries);
    expect(
      write(
        storage,
        conversation('new', 3, [msg('n', 'user', { content: image }), msg('n2', 'user', { content: image })]),
      ),
    ).toBe(true);
    const read = readConversations(storage, KEYS, CONTEXT);
    expect(read.map((c) => c.id)).toEqual(['new', 'old', 'older']);
    expect(read[0]?.messages.map((m) => m.content)).toEqual([IMAGE_NOT_SAVED, IMAGE_NOT_SAVED]);
    for (const [key, value] of before) expect(storage.entries.get(key)).toBe(value);

    const tiny = quotaStorage(450);
    write(tiny, conversation('c', 1), conversation('b', 2));
    const kept = new Map(tiny.entries);
    expect(
      write(
        tiny,
        conversation('a', 3, [msg('a1'), msg('a2'), msg('a3'), msg('a4', 'user', { content: 'x'.repeat(600) })]),
      ),
    ).toBe(false);
    expect(tiny.entries).toEqual(kept);
    expect(readConversations(tiny, KEYS, CONTEXT).map((c) => c.id)).toEqual(['b', 'c']);
  });

  it('reports a refused write as false, never throws', () => {
    const blocked = safeStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(writeConversation(blocked, KEYS, conversation('a', 1))).toBe(false);
    expect(readConversations(blocked, KEYS, CONTEXT)).toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['JSON null', 'null'],
    ['an unknown format', JSON.stringify({ version: 0, id: 'x', updatedAt: 1, messages: [] })],
    ['messages that are not a list', JSON.stringify({ version: 2, id: 'x', updatedAt: 1, messages: 'x' })],
    ["an entry whose id is not its key's", JSON.stringify({ version: 2, id: 'other', updatedAt: 1, messages: [] })],
    [
      'a prototype-polluting payload',
      '{"version":2,"__proto__":{"polluted":true},"id":"x","updatedAt":1,"messages":[{"__proto__":{"x":1}}]}',
    ],
  ])('reads %s as no conversation', (_, text) => {
    const storage = memoryStorage({ [`${KEYS.conversation}x`]: text });
    expect(readConversations(storage, KEYS, CONTEXT).filter((c) => c.messages.length > 0)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the length of a call on its last line; anything but a whole number of seconds is dropped', () => {
    const storage = memoryStorage();
    const line = (id: string, callSeconds: unknown) => ({
      id,
      content: `line ${id}`,
      sender: 'bot',
      timestamp: 1,
      source: 'voice',
      callSeconds,
    });
    const stored = {
      version: 2,
      id: 'a',
      updatedAt: 1,
      messages: [line('1', 75), line('2', -3), line('3', '12'), line('4', 1.5), line('5', Infinity)],
    };
    storage.set(`${KEYS.conversation}a`, JSON.stringify(stored));
    const read = readConversation(storage, KEYS, 'a', CONTEXT);
    expect(read?.messages.map((message) => message.callSeconds)).toEqual([
      75,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(read && writeConversation(storage, KEYS, read)).toBe(true);
    expect(readConversation(storage, KEYS, 'a', CONTEXT)?.messages[0]?.callSeconds).toBe(75);
  });

  it("keeps a reply's answered calls of the widget tool, so the run after them can be sent again after a reload; anything else is dropped", () => {
    const storage = memoryStorage();
    const answer = { id: 'call-1', name: 'add_to_cart', args: '{"variantId":"7"}', result: '{"added":true}' };
    const reply = (id: string, sender: string, toolResults: unknown) => ({
      id,
      content: `reply ${id}`,
      sender,
      timestamp: 1,
      toolResults,
    });
    const stored = {
      version: 2,
      id: 'a',
      updatedAt: 1,
      messages: [
        reply('1', 'bot', [answer, { ...answer, name: 'delete_everything' }, { ...answer, result: 42 }]),
        reply('2', 'bot', [{ ...answer, args: 'x'.repeat(5000) }]),
        reply('3', 'user', [answer]),
        reply('4', 'bot', 'not a list'),
      ],
    };
    storage.set(`${KEYS.conversation}a`, JSON.stringify(stored));
    const read = readConversation(storage, KEYS, 'a', CONTEXT);
    expect(read?.messages.map((message) => message.toolResults)).toEqual([[answer], undefined, undefined, undefined]);
    expect(read && writeConversation(storage, KEYS, read)).toBe(true);
    expect(readConversation(storage, KEYS, 'a', CONTEXT)?.messages[0]?.toolResults).toEqual([answer]);
  });

  it('skips invalid messages and re-checks product links from storage', () => {
    const stored = {
      version: 2,
      id: 'a',
      updatedAt: 5,
      messages: [
        { id: '1', content: 'ok', sender: 'user', timestamp: 1 },
        { id: '2', content: 'bad sender', sender: 'system', timestamp: 1 },
        { id: '3', content: 42, sender: 'bot', timestamp: 1 },
        {
          id: '4',
          content: 'card',
          sender: 'bot',
          timestamp: 1,
          products: [{ title: 'X', url: 'javascript:alert(1)', image: 'javascript:alert(1)' }],
        },
      ],
    };
    const read = readConversation(
      memoryStorage({ [`${KEYS.conversation}a`]: JSON.stringify(stored) }),
      KEYS,
      'a',
      CONTEXT,
    );
    expect(read?.messages.map((m) => m.id)).toEqual(['1', '4']);
    expect(read?.messages[1]?.products).toEqual([{ title: 'X', description: '' }]);
  });

  it("erases one webhook's conversations, or every conversation of every webhook", () => {
    const other = storageKeys('https://other.example/hook');
    const storage = memoryStorage({
      theme: 'kept',
      [KEYS.open]: 'a',
      [KEYS.legacy]: '{}',
      [`${other.conversation}z`]: '{}',
    });
    write(storage, conversation('a', 1));
    eraseConversations(storage, KEYS);
    expect([...storage.entries.keys()].sort()).toEqual([`${other.conversation}z`, 'theme']);
    eraseAllConversations(storage);
    expect([...storage.entries.keys()]).toEqual(['theme']);
  });
});
