// @vitest-environment node
// Loopback tests of the push channel: a real Server-Sent Events server on 127.0.0.1 and the platform's
// fetch, as a store's bridge (Chatwoot, Zendesk, its own inbox) would serve the widget.
import { loadMarkdown } from '../../../src/chat/markdown/markdown-loader';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAssistant, type Assistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import type { AssistantDeps } from '../../../src/app/deps';
import { memoryStorage, type SafeStorage } from '../../../src/common/storage';
import { HIDDEN_PAUSE_MS } from '../../../src/handoff/handoff-slice';
import { fakeDeps, type EmittedEvent } from '../../support/fake-deps';
import { eventually } from '../../support/patience';
import { startLoopbackSse } from './loopback-sse';

type Server = Awaited<ReturnType<typeof startLoopbackSse>>;
interface Tab {
  assistant: Assistant;
  events: EmittedEvent[];
  setHidden(hidden: boolean): void;
}

let server: Server;
const tabs: Tab[] = [];

beforeEach(async () => {
  server = await startLoopbackSse();
});
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.assistant.dispose();
  await server.close();
});

/** localStorage shared by tabs: a write in one tab is announced to the others, later, as browsers do. */
function sharedStorage() {
  const storage = memoryStorage();
  const watchers = new Set<{ tab: number; onChange: (key: string | null) => void }>();
  const announce = (tab: number, key: string) =>
    queueMicrotask(() => watchers.forEach((watcher) => watcher.tab !== tab && watcher.onChange(key)));
  return (tab: number): Pick<AssistantDeps, 'localStorage' | 'watchStorage'> => {
    const localStorage: SafeStorage = {
      get: (key) => storage.get(key),
      keys: () => storage.keys(),
      set: (key, value) => (storage.set(key, value), announce(tab, key), true),
      remove: (key) => (storage.remove(key), announce(tab, key)),
    };
    return {
      localStorage,
      watchStorage: (onChange) => {
        const watcher = { tab, onChange };
        watchers.add(watcher);
        return () => void watchers.delete(watcher);
      },
    };
  };
}

/** Timers that run short waits for real and hold the long ones (the wait for a person, a hidden tab) for the test. */
function heldTimers() {
  const held = new Map<number, () => void>();
  const timers: AssistantDeps['timers'] = {
    setTimeout: (callback, ms) => {
      if (ms < 5_000) return setTimeout(callback, ms);
      held.set(ms, callback);
      return { held: ms };
    },
    clearTimeout: (handle) => {
      if (typeof handle === 'object' && handle !== null && 'held' in handle) held.delete(handle.held as number);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  return { timers, fire: (ms: number) => held.get(ms)?.() };
}

function openTab(
  storageFor: ReturnType<typeof sharedStorage>,
  number: number,
  extra: Partial<AssistantDeps> = {},
): Tab {
  let visibility: (hidden: boolean) => void = () => undefined;
  const fake = fakeDeps({
    fetch: (input, init) => fetch(input, init),
    ...storageFor(number),
    watchVisibility: (onChange) => ((visibility = onChange), () => undefined),
    ...extra,
  });
  const assistant = createAssistant(fake.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    webhookUrl: server.webhookUrl,
    eventsUrl: server.eventsUrl,
    typingSpeed: 0,
  });
  const tab: Tab = { assistant, events: fake.events, setHidden: (hidden) => visibility(hidden) };
  tabs.push(tab);
  return tab;
}

const pushed = (tab: Tab, id: string) =>
  tab.assistant.getState().messages.filter((message) => message.id === `push-${id}`);
const handoffEvents = (tab: Tab) => tab.events.filter((event) => event.name === 'handoff').map((event) => event.detail);

/** A takeover in `tab` that Alex has joined, with Alex's first message (event 2) shown. */
async function joined(tab: Tab) {
  tab.assistant.actions.requestHumanAgent();
  await eventually(() => expect(server.openStreams).toBe(1));
  server.push({ id: '1', type: 'handoff', data: { status: 'joined', agent: { name: 'Alex' } } });
  server.push({ id: '2', type: 'message', data: { text: 'Hi, Alex here. How can I help?' } });
  await eventually(() => expect(pushed(tab, '2')).toHaveLength(1));
  // The webhook's answer to the request for a person has landed too, so later lines follow it in order.
  await eventually(() => expect(tab.assistant.getState().messages.some((m) => m.content === 'Noted.')).toBe(true));
}

describe('the push channel (events-url)', () => {
  it('opens nothing while nothing is expected, and opens when the visitor asks for a person', async () => {
    const tab = openTab(sharedStorage(), 1);
    tab.assistant.actions.startChat('Hi');
    await eventually(() => expect(tab.assistant.getState().messages.at(-1)?.content).toBe('Noted.'));
    expect(server.requests).toEqual([]);

    tab.assistant.actions.requestHumanAgent();
    expect(tab.assistant.getState().handoff.phase).toBe('connecting');
    await eventually(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toEqual({ sessionId: tab.assistant.getState().sessionId, lastEventId: null });
    await eventually(() => expect(server.posts).toHaveLength(2));
    expect(server.posts[1]).toMatchObject({ context: { handoff: { status: 'connecting' } } });
    expect(handoffEvents(tab)).toEqual([{ status: 'start' }]);
  });

  it("shows a person's messages with their name, once, and resumes after a drop with Last-Event-ID", async () => {
    const tab = openTab(sharedStorage(), 1);
    await joined(tab);
    const [first] = pushed(tab, '2');
    expect(first?.agent).toEqual({ name: 'Alex' });
    expect(tab.assistant.getState().handoff).toMatchObject({ phase: 'joined', agent: { name: 'Alex' } });

    server.repeat('2');
    server.drop();
    await eventually(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]?.lastEventId).toBe('2');
    await eventually(() => expect(server.openStreams).toBe(1));
    server.push({ id: '3', type: 'message', data: { text: 'Your parcel left today.' } });
    await eventually(() => expect(pushed(tab, '3')).toHaveLength(1));
    expect(pushed(tab, '2')).toHaveLength(1);
    expect(handoffEvents(tab)).toEqual([{ status: 'start' }, { status: 'join' }]);
  });

  it('a reload shows the same thread and state, and catches up on what came while it was away', async () => {
    const storageFor = sharedStorage();
    const first = openTab(storageFor, 1);
    await joined(first);
    first.assistant.dispose();
    await eventually(() => expect(server.openStreams).toBe(0));
    server.push({ id: '3', type: 'message', data: { text: 'Are you still there?' } });

    const reloaded = openTab(storageFor, 2);
    expect(reloaded.assistant.getState().handoff).toMatchObject({ phase: 'joined', agent: { name: 'Alex' } });
    expect(pushed(reloaded, '2')).toHaveLength(1);
    await eventually(() => expect(pushed(reloaded, '3')).toHaveLength(1));
    expect(server.requests.at(-1)?.lastEventId).toBe('2');
    expect(pushed(reloaded, '3')[0]?.agent).toEqual({ name: 'Alex' });
  });

  it('two tabs show the same takeover and each pushed message once', async () => {
    const storageFor = sharedStorage();
    const one = openTab(storageFor, 1);
    one.assistant.actions.requestHumanAgent();
    await eventually(() => expect(one.assistant.getState().loading).toBe(false));
    const two = openTab(storageFor, 2);
    expect(two.assistant.getState().sessionId).toBe(one.assistant.getState().sessionId);
    expect(two.assistant.getState().handoff.phase).toBe('connecting');
    await eventually(() => expect(server.openStreams).toBe(2));

    server.push({ id: '1', type: 'handoff', data: { status: 'joined', agent: { name: 'Alex' } } });
    server.push({ id: '2', type: 'message', data: { text: 'Hello from Alex' } });
    await eventually(() => {
      expect(pushed(one, '2')).toHaveLength(1);
      expect(pushed(two, '2')).toHaveLength(1);
      expect(two.assistant.getState().handoff.phase).toBe('joined');
    });
    one.assistant.actions.sendMessage('Thanks!');
    await eventually(() => expect(two.assistant.getState().messages.some((m) => m.content === 'Thanks!')).toBe(true));
    expect(pushed(two, '2')).toHaveLength(1);
  });

  it('a tab hidden for long stops listening, and catches up when shown again', async () => {
    const held = heldTimers();
    const tab = openTab(sharedStorage(), 1, { timers: held.timers });
    await joined(tab);
    tab.setHidden(true);
    held.fire(HIDDEN_PAUSE_MS);
    await eventually(() => expect(server.openStreams).toBe(0));
    expect(tab.assistant.getState().handoff.channel).toBe('paused');
    server.push({ id: '3', type: 'message', data: { text: 'Sent while you were away' } });

    tab.setHidden(false);
    await eventually(() => expect(pushed(tab, '3')).toHaveLength(1));
    expect(server.requests.at(-1)?.lastEventId).toBe('2');
  });

  it('when the person leaves, the conversation says so, the assistant answers again and the stream closes', async () => {
    const tab = openTab(sharedStorage(), 1);
    await joined(tab);
    server.push({ id: '3', type: 'handoff', data: { status: 'left' } });
    await eventually(() => expect(tab.assistant.getState().handoff.phase).toBe('none'));
    await eventually(() => expect(server.openStreams).toBe(0));
    expect(tab.assistant.getState().messages.at(-1)).toMatchObject({
      content: 'Alex left the conversation. The assistant is answering again.',
      origin: 'widget',
    });
    expect(handoffEvents(tab).at(-1)).toEqual({ status: 'end', reason: 'left' });
  });

  it('a reply that says more will follow keeps the stream open until the message arrives', async () => {
    const tab = openTab(sharedStorage(), 1);
    server.reply({ pending: true });
    tab.assistant.actions.startChat('Where is my order?');
    await eventually(() => expect(server.openStreams).toBe(1));
    expect(tab.assistant.getState().messages.map((message) => message.sender)).toEqual(['user']);
    server.push({ id: '9', type: 'message', data: { text: 'It left the warehouse this morning.' } });
    await eventually(() => expect(pushed(tab, '9')).toHaveLength(1));
    await eventually(() => expect(server.openStreams).toBe(0));
    expect(tab.assistant.getState().unread).toBe(0);
  });

  it('counts pushed messages on the badge while the floating card is closed, and announces them', async () => {
    const tab = openTab(sharedStorage(), 1);
    tab.assistant.configure({
      ...tab.assistant.getState().config,
      mode: 'floating',
    });
    await joined(tab);
    tab.assistant.actions.setOpen(false);
    server.push({ id: '3', type: 'message', data: { text: 'One more thing' } });
    await eventually(() => expect(pushed(tab, '3')).toHaveLength(1));
    expect(tab.assistant.getState().unread).toBeGreaterThanOrEqual(1);
    expect(tab.assistant.getState().announcement).toContain('One more thing');
  });
});

describe('a takeover nobody answers', () => {
  it('says so after handoff-timeout and sends a valid email address to the webhook once', async () => {
    const held = heldTimers();
    const tab = openTab(sharedStorage(), 1, { timers: held.timers });
    tab.assistant.configure({ ...tab.assistant.getState().config, handoffTimeout: 30 });
    tab.assistant.actions.requestHumanAgent();
    await eventually(() => expect(server.openStreams).toBe(1));
    await eventually(() => expect(tab.assistant.getState().loading).toBe(false));
    held.fire(30_000);
    expect(tab.assistant.getState().handoff).toMatchObject({ phase: 'missed', missedBecause: 'timeout' });
    await eventually(() => expect(server.openStreams).toBe(0));
    expect(handoffEvents(tab).at(-1)).toEqual({ status: 'timeout', reason: 'timeout' });

    expect(tab.assistant.actions.leaveEmail('not an address')).toBe(false);
    expect(tab.assistant.actions.leaveEmail(' shopper@example.com ')).toBe(true);
    expect(tab.assistant.actions.leaveEmail('shopper@example.com')).toBe(true);
    await eventually(() => expect(tab.assistant.getState().handoff.email).toBe('sent'));
    const emails = server.posts.filter((post) => JSON.stringify(post).includes('"status":"email"'));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      context: { handoff: { status: 'email', email: 'shopper@example.com', reason: 'timeout' } },
      history: [
        { role: 'user', content: "I'd like to talk to a human agent" },
        { role: 'assistant', content: 'Noted.' },
      ],
    });
  });

  it('out of hours: an unavailable status ends the wait at once; Cancel tells the webhook', async () => {
    const tab = openTab(sharedStorage(), 1);
    tab.assistant.actions.requestHumanAgent();
    await eventually(() => expect(server.openStreams).toBe(1));
    server.push({ id: '1', type: 'handoff', data: { status: 'unavailable' } });
    await eventually(() => expect(tab.assistant.getState().handoff.missedBecause).toBe('unavailable'));
    tab.assistant.actions.cancelHandoff();
    expect(tab.assistant.getState().handoff.phase).toBe('none');
    await eventually(() =>
      expect(server.posts.at(-1)).toMatchObject({ context: { handoff: { status: 'cancelled' } } }),
    );
    expect(handoffEvents(tab).map((detail) => JSON.stringify(detail))).not.toContain('Alex');
  });

  /**
   * A tab whose markdown renderer is held until `release()`: it asks for a person, and the webhook's
   * answer, `output`, says Alex has joined. Resolves once the push channel is open and Alex has joined,
   * while the reply still waits for the renderer.
   */
  async function tabWithHeldRenderer(output: string) {
    let release: () => void = () => undefined;
    const renderer = new Promise<void>((resolve) => (release = resolve));
    const tab = openTab(sharedStorage(), 1, { loadMarkdown: () => renderer.then(loadMarkdown) });
    server.reply({ output, handoff: { status: 'joined', agent: { name: 'Alex' } } });
    tab.assistant.actions.requestHumanAgent();
    await eventually(() => expect(server.openStreams).toBe(1));
    await eventually(() => expect(tab.assistant.getState().handoff.phase).toBe('joined'));
    return { tab, release };
  }

  it("a reply's takeover signals act when it arrives, not once the markdown renderer is there", async () => {
    // The reply waits for the renderer, while the person who joined in it leaves again.
    const { tab, release } = await tabWithHeldRenderer('Alex is here.');
    expect(tab.assistant.getState().loading).toBe(true);
    server.push({ id: '1', type: 'handoff', data: { status: 'left' } });
    await eventually(() => expect(tab.assistant.getState().handoff.phase).toBe('none'));
    release();
    await eventually(() => expect(tab.assistant.getState().loading).toBe(false));
    // The reply shows, and the takeover it announced stays ended: it is not joined again.
    expect(tab.assistant.getState().messages.some((message) => message.content === 'Alex is here.')).toBe(true);
    expect(tab.assistant.getState().handoff.phase).toBe('none');
  });

  it("a reply waiting for the markdown renderer is shown before a person's message that comes meanwhile", async () => {
    // The reply waits for the renderer, while the person who joined in it writes.
    const { tab, release } = await tabWithHeldRenderer('Alex is **here**.');
    const contents = () => tab.assistant.getState().messages.map((message) => message.content);
    expect(contents()).not.toContain('Alex is **here**.');
    server.push({ id: '2', type: 'message', data: { text: 'Hi, Alex here. How can I help?' } });
    await eventually(() => expect(pushed(tab, '2')).toHaveLength(1));
    // The reply came first, so it is shown first: at once, not after the person's message once the
    // renderer is there, and once only.
    expect(contents().filter((content) => content === 'Alex is **here**.')).toHaveLength(1);
    expect(contents().indexOf('Alex is **here**.')).toBeLessThan(contents().indexOf('Hi, Alex here. How can I help?'));
    // Shown, the reply is no longer awaited: no typing dots under the person's message meanwhile.
    expect(tab.assistant.getState().loading).toBe(false);
    release();
    await eventually(() => expect(tab.assistant.getState().loading).toBe(false));
    expect(contents().filter((content) => content === 'Alex is **here**.')).toHaveLength(1);
    expect(contents().indexOf('Alex is **here**.')).toBeLessThan(contents().indexOf('Hi, Alex here. How can I help?'));
  });

  it("a reply's late connecting does not reopen a wait the desk has already declined", async () => {
    // The webhook's answer to "talk to a person" is held until the desk's "we're away" has arrived.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tab = openTab(sharedStorage(), 1, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (init?.method === 'POST') await held;
        return response;
      },
    });
    server.reply({ output: '', handoff: { status: 'connecting' } });
    tab.assistant.actions.requestHumanAgent();
    await eventually(() => expect(server.openStreams).toBe(1));
    server.push({ id: '1', type: 'handoff', data: { status: 'unavailable' } });
    await eventually(() => expect(tab.assistant.getState().handoff.phase).toBe('missed'));
    release();
    await eventually(() => expect(tab.assistant.getState().loading).toBe(false));
    expect(tab.assistant.getState().handoff).toMatchObject({ phase: 'missed', missedBecause: 'unavailable' });
  });
});
