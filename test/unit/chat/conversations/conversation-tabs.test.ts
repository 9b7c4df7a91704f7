import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../../src/app/config';
import { CLEARED_KEY, storageKeys } from '../../../../src/chat/conversations/conversation-storage';
import { memoryStorage, type SafeStorage } from '../../../../src/common/storage';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, textReply, type RecordedRequest } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

/**
 * Conversations saved one entry each, shared by the tabs of a browser: no tab loses another's messages,
 * a save writes only what changed, other tabs follow through the `storage` event, visitors can delete,
 * and `persist` changes apply live.
 */
const WEBHOOK = 'https://hooks.example/chat';
const KEYS = storageKeys(WEBHOOK);

/** One localStorage shared by several tabs: a write in one tab fires `storage` in the others, as browsers do. */
function browserStorage() {
  const entries = memoryStorage();
  const tabs: { listener: ((key: string | null) => void) | null; live: boolean }[] = [];
  const tell = (writer: (typeof tabs)[number], key: string) =>
    tabs.forEach((tab) => tab !== writer && tab.live && tab.listener?.(key));
  return {
    entries,
    /** The storage as one tab sees it; `live: false` holds its events back, as a busy or frozen tab would. */
    tab(live = true) {
      const tab = { listener: null as ((key: string | null) => void) | null, live };
      tabs.push(tab);
      const storage: SafeStorage = {
        get: entries.get,
        keys: entries.keys,
        set: (key, value) => (entries.set(key, value), tell(tab, key), true),
        remove: (key) => (entries.remove(key), tell(tab, key)),
      };
      const watchStorage = (listener: (key: string | null) => void) => (
        (tab.listener = listener),
        () => (tab.listener = null)
      );
      return { storage, watchStorage };
    },
  };
}

/** The one clock of the browser the tabs share. */
const clock = { time: Date.UTC(2026, 10, 20, 12, 0, 0) };
let tabCount = 0;

function openTab(
  shared: ReturnType<typeof browserStorage>,
  options: { live?: boolean; config?: Partial<AssistantConfig>; sessionStorage?: SafeStorage } = {},
) {
  const { storage, watchStorage } = shared.tab(options.live ?? true);
  const { fetch, requests } = fakeFetch((request: RecordedRequest) =>
    textReply(`Answer to ${(request.body as { message: string }).message}`),
  );
  const tab = ++tabCount;
  let ids = 0;
  const harness = fakeDeps({
    fetch,
    localStorage: storage,
    watchStorage,
    now: () => clock.time,
    randomId: () => `tab${tab}-id${++ids}`,
    ...(options.sessionStorage ? { sessionStorage: options.sessionStorage } : {}),
  });
  const assistant = createAssistant(harness.deps);
  const configure = (config: Partial<AssistantConfig> = {}) =>
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK, ...options.config, ...config });
  configure();
  const state = () => assistant.getState();
  const contents = () => state().messages.map((message) => message.content);
  const send = async (text: string) => {
    expect(assistant.actions.sendMessage(text)).toBe(true);
    await eventually(() => expect(state().loading).toBe(false));
    clock.time += 1_000;
  };
  /** Lets the idle-time save run. */
  const saved = harness.idle;
  return { ...harness, assistant, actions: assistant.actions, state, contents, send, saved, requests, configure };
}

const storedContents = (shared: ReturnType<typeof browserStorage>, id: string) =>
  (
    JSON.parse(shared.entries.get(KEYS.conversation + id) ?? '{"messages":[]}') as { messages: { content: string }[] }
  ).messages.map((message) => message.content);

describe('two tabs, one conversation', () => {
  it("the tab that saves last does not overwrite the other's messages, even when their events come late", async () => {
    const shared = browserStorage();
    const first = openTab(shared, { live: false });
    await first.send('Do you ship to Norway?');
    await first.saved();
    const second = openTab(shared, { live: false });
    expect(second.state().sessionId).toBe(first.state().sessionId);
    await first.send('And to Iceland?');
    await second.send('What about returns?');
    await first.saved();
    await second.saved();
    expect(storedContents(shared, first.state().sessionId)).toEqual([
      'Do you ship to Norway?',
      'Answer to Do you ship to Norway?',
      'And to Iceland?',
      'Answer to And to Iceland?',
      'What about returns?',
      'Answer to What about returns?',
    ]);
    // Saving merged the other tab's messages into each tab's view.
    expect(second.contents()).toEqual(storedContents(shared, first.state().sessionId));
  });

  it("the storage event keeps the other tab's view current without a reload", async () => {
    const shared = browserStorage();
    const first = openTab(shared);
    await first.send('Hello');
    await first.saved();
    const second = openTab(shared);
    await second.send('Second tab here');
    await second.saved();
    expect(first.contents()).toEqual(['Hello', 'Answer to Hello', 'Second tab here', 'Answer to Second tab here']);
    // What the first tab sends next carries the second tab's turns as history.
    await first.send('Thanks');
    expect(first.requests.at(-1)?.body).toMatchObject({
      history: expect.arrayContaining([{ role: 'user', content: 'Second tab here' }]),
    });
  });

  it('a message removed in one tab (a failed reply replaced by Retry) does not come back from the other', async () => {
    const shared = browserStorage();
    let fail = true;
    const first = openTab(shared, { live: false });
    vi.mocked(first.deps.fetch).mockImplementation(async () =>
      fail ? new Response('down', { status: 500 }) : textReply('Back up'),
    );
    await first.send('Anyone there?');
    await first.saved();
    const second = openTab(shared, { live: false });
    expect(second.state().messages[1]?.status).toBe('error');
    fail = false;
    first.actions.retry(first.state().messages[1]?.id ?? '');
    await eventually(() => expect(first.state().loading).toBe(false));
    clock.time += 1_000;
    await first.saved();
    await second.send('Hello?');
    await second.saved();
    expect(storedContents(shared, first.state().sessionId)).toEqual([
      'Anyone there?',
      'Back up',
      'Hello?',
      'Answer to Hello?',
    ]);
  });
});

describe('saving', () => {
  it('writes only the open conversation, however much is stored', async () => {
    const shared = browserStorage();
    const tab = openTab(shared);
    const long = 'x'.repeat(1_000);
    for (let index = 0; index < 30; index++) {
      await tab.send(`${long} ${index}`);
      await tab.saved();
      tab.actions.newChat();
    }
    const set = vi.spyOn(shared.entries, 'set');
    await tab.send('One more');
    await tab.saved();
    const written = set.mock.calls.filter(([key]) => key.startsWith(KEYS.conversation));
    expect(written.map(([key]) => key)).toEqual([KEYS.conversation + tab.state().sessionId]);
    expect(written.reduce((total, [, value]) => total + value.length, 0)).toBeLessThan(1_000);
  });
});

describe('deleting', () => {
  it('"Delete conversation" removes one conversation; deleting the open one starts a new one', async () => {
    const shared = browserStorage();
    const tab = openTab(shared);
    await tab.send('About shoes');
    const shoes = tab.state().sessionId;
    tab.actions.newChat();
    await tab.send('About bags');
    await tab.saved();
    tab.actions.deleteConversation(shoes);
    expect(shared.entries.get(KEYS.conversation + shoes)).toBeNull();
    expect(tab.state().conversations.map((conversation) => conversation.title)).toEqual(['About bags']);
    const bags = tab.state().sessionId;
    tab.actions.deleteConversation(bags);
    expect(shared.entries.get(KEYS.conversation + bags)).toBeNull();
    expect(tab.state().sessionId).not.toBe(bags);
    expect(tab.state().messages).toEqual([]);
    expect(tab.state().conversations).toEqual([]);
  });

  it('clearConversations() removes every conversation saved, in both storages and for every webhook, and what is shown', async () => {
    const shared = browserStorage();
    const sessionStorage = memoryStorage({
      [`${storageKeys('https://other.example/hook').conversation}x`]: '{}',
      'store-assistant:view': 'chat',
    });
    shared.entries.set('chatbot-theme', '{}');
    const tab = openTab(shared, { sessionStorage });
    await tab.send('Something private');
    await tab.saved();
    tab.actions.clearConversations();
    await tab.saved();
    expect(shared.entries.keys()).toEqual(['chatbot-theme', CLEARED_KEY]);
    expect(sessionStorage.keys()).toEqual(['store-assistant:view']);
    expect(tab.state().messages).toEqual([]);
    expect(tab.state().conversations).toEqual([]);
  });

  it.each([
    ['hears of it at once', true],
    ['hears of it late (a busy tab), at its next save', false],
  ])('a clear in one tab wins over a reply still arriving in another that %s', async (_, live) => {
    const shared = browserStorage();
    const first = openTab(shared);
    await first.send('Something private');
    await first.saved();
    const second = openTab(shared, { live });
    expect(second.contents()).toEqual(['Something private', 'Answer to Something private']);
    expect(second.actions.sendMessage('And one more thing')).toBe(true);
    first.actions.clearConversations();
    await eventually(() => expect(second.state().loading).toBe(false));
    await second.saved();
    await second.saved();
    expect(shared.entries.keys().filter((key) => key.startsWith(KEYS.conversation))).toEqual([]);
    expect(second.contents()).toEqual([]);
    expect(second.state().conversations).toEqual([]);
    const reopened = openTab(shared);
    expect(reopened.contents()).toEqual([]);
    expect(reopened.state().conversations).toEqual([]);
  });

  it("persist set to none in one tab: another tab's reply does not save the conversation again", async () => {
    const shared = browserStorage();
    const first = openTab(shared);
    await first.send('Before the banner');
    await first.saved();
    const second = openTab(shared, { live: false });
    expect(second.actions.sendMessage('Still typing')).toBe(true);
    first.configure({ persist: 'none' });
    await eventually(() => expect(second.state().loading).toBe(false));
    await second.saved();
    expect(shared.entries.keys().filter((key) => key.startsWith(KEYS.conversation))).toEqual([]);
  });

  it("a conversation deleted in another tab stays on screen here and leaves this tab's list", async () => {
    const shared = browserStorage();
    const first = openTab(shared);
    await first.send('Keep me');
    await first.saved();
    const second = openTab(shared);
    second.actions.deleteConversation(first.state().sessionId);
    expect(first.contents()).toEqual(['Keep me', 'Answer to Keep me']);
    expect(first.state().conversations.map((conversation) => conversation.title)).toEqual(['Keep me']);
  });
});

describe('persist applied live', () => {
  it('none, then local (a cookie banner): what is on screen stays, with its session, and is saved from then on', async () => {
    const shared = browserStorage();
    const tab = openTab(shared, { config: { persist: 'none' } });
    await tab.send('Before consent');
    const sessionId = tab.state().sessionId;
    expect(shared.entries.keys()).toEqual([]);
    tab.configure({ persist: 'local' });
    expect(tab.contents()).toEqual(['Before consent', 'Answer to Before consent']);
    expect(tab.state().sessionId).toBe(sessionId);
    await tab.saved();
    expect(storedContents(shared, sessionId)).toEqual(['Before consent', 'Answer to Before consent']);
  });

  it('local, then none: what was stored is removed, what is on screen stays', async () => {
    const shared = browserStorage();
    const tab = openTab(shared);
    await tab.send('Old question');
    tab.actions.newChat();
    await tab.send('Current question');
    await tab.saved();
    expect(shared.entries.keys().filter((key) => key.startsWith(KEYS.conversation))).toHaveLength(2);
    tab.configure({ persist: 'none' });
    await tab.saved();
    // Only the mark that tells other tabs a clear happened: no conversation, no id of one.
    expect(shared.entries.keys()).toEqual([CLEARED_KEY]);
    expect(tab.contents()).toEqual(['Current question', 'Answer to Current question']);
    expect(tab.state().conversations).toHaveLength(2);
  });

  it('local, then session: the conversations move to session storage', async () => {
    const shared = browserStorage();
    const sessionStorage = memoryStorage();
    const tab = openTab(shared, { sessionStorage });
    await tab.send('Moving');
    await tab.saved();
    tab.configure({ persist: 'session' });
    expect(shared.entries.keys()).toEqual([]);
    expect(sessionStorage.keys()).toContain(KEYS.conversation + tab.state().sessionId);
    expect(tab.contents()).toEqual(['Moving', 'Answer to Moving']);
  });
});
