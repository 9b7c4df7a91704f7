import { describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../../src/app/config';
import { initialState } from '../../../src/app/state';
import { createChatSlice } from '../../../src/chat/chat-slice';
import { createStore } from '../../../src/common/store';
import { MAX_MESSAGES_PER_CONVERSATION } from '../../../src/chat/conversations/conversation-storage';
import { summarise } from '../../../src/chat/conversations/conversation-summary';
import { completeMessage, type Message } from '../../../src/chat/message';
import * as plainText from '../../../src/chat/markdown/plain-text';
import { fakeDeps } from '../../support/fake-deps';

vi.mock('../../../src/chat/markdown/plain-text', async (original) => {
  const actual = await original<typeof import('../../../src/chat/markdown/plain-text')>();
  return { ...actual, markdownToPlainText: vi.fn(actual.markdownToPlainText) };
});
const plainTextCalls = () => vi.mocked(plainText.markdownToPlainText).mock.calls.length;

const line = (n: number): Message =>
  completeMessage({ id: `m${n}`, content: `Line **${n}**`, sender: n === 0 ? 'user' : 'bot', timestamp: n });

describe('the Chats list summary of a growing conversation', () => {
  it('reads each message once: summarising after each of N messages does O(N) work, not O(N²)', () => {
    const N = 400;
    const before = plainTextCalls();
    let messages: Message[] = [];
    let last = summarise({ id: 'c', updatedAt: 0, messages, removed: [] });
    for (let n = 0; n < N; n += 1) {
      messages = [...messages, line(n)];
      last = summarise({ id: 'c', updatedAt: n, messages, removed: [] }, 'Hi');
    }
    // Each message's text is read once (every summary before would read all of them: N²/2 = 80,000).
    expect(plainTextCalls() - before).toBeLessThanOrEqual(N);
    expect(last).toMatchObject({ title: 'Line 0', preview: `Line ${N - 1}`, messageCount: N });
  });
});

describe('messages pushed in one task', () => {
  it('join in one commit, capped at the newest as a saved conversation is, and are saved once', async () => {
    const harness = fakeDeps();
    const saves: string[] = [];
    const storage = harness.deps.localStorage;
    const set = storage.set.bind(storage);
    storage.set = (key, value) => {
      if (key.startsWith('store-assistant:chat:')) saves.push(key);
      return set(key, value);
    };
    const store = createStore(initialState('https://shop.example', 'conversation-1'));
    const chat = createChatSlice(store, harness.deps);
    chat.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' });
    let commits = 0;
    store.subscribe((state, previous) => void (state.messages !== previous.messages && (commits += 1)));

    const burst = 3 * MAX_MESSAGES_PER_CONVERSATION;
    for (let n = 1; n <= burst; n += 1) expect(chat.receivePushed({ id: `p${n}`, text: `Pushed ${n}` })).toBe(true);
    // A copy within the same task is recognised before it joins.
    expect(chat.receivePushed({ id: `p${burst}`, text: 'again' })).toBe(false);
    expect(commits).toBe(0);
    await Promise.resolve();
    expect(commits).toBe(1);
    const contents = store.getState().messages.map((message) => message.content);
    expect(contents).toHaveLength(MAX_MESSAGES_PER_CONVERSATION);
    expect(contents[0]).toBe(`Pushed ${burst - MAX_MESSAGES_PER_CONVERSATION + 1}`);
    expect(contents.at(-1)).toBe(`Pushed ${burst}`);
    expect(harness.events.filter((event) => event.name === 'message')).toHaveLength(MAX_MESSAGES_PER_CONVERSATION);
    expect(store.getState().conversations[0]?.preview).toBe(`Pushed ${burst}`);

    await harness.idle();
    expect(saves).toHaveLength(1);
  });
});
