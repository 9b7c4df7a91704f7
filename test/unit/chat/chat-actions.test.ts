import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { memoryStorage } from '../../../src/common/storage';
import { storageKeys } from '../../../src/chat/conversations/conversation-storage';
import type { SafeStorage } from '../../../src/common/storage';
import { FAKE_IMAGE_DATA_URL, fakeDeps } from '../../support/fake-deps';
import {
  fakeFetch,
  hangingResponder,
  jsonReply,
  n8nStream,
  textReply,
  type RecordedRequest,
} from '../../support/fetch';
import { eventually } from '../../support/patience';

const WEBHOOK = 'https://hooks.example/chat';

/** Everything saved for the webhook's conversations in `storage`, as one text; null when nothing is. */
function savedChats(storage: SafeStorage): string | null {
  const prefix = storageKeys(WEBHOOK).conversation;
  const values = storage
    .keys()
    .filter((key) => key.startsWith(prefix))
    .map((key) => storage.get(key));
  return values.length > 0 ? values.join('\n') : null;
}

function setup(
  respond: (request: RecordedRequest) => Response | Promise<Response>,
  config: Partial<AssistantConfig> = {},
  depOverrides = {},
) {
  const { fetch, requests, settled: answered } = fakeFetch(respond);
  const harness = fakeDeps({ fetch, ...depOverrides });
  const assistant = createAssistant(harness.deps);
  assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK, ...config });
  const state = () => assistant.getState();
  const settled = () => eventually(() => expect(state().loading).toBe(false));
  return { ...harness, assistant, actions: assistant.actions, state, requests, settled, answered };
}

describe('sending', () => {
  it('posts exactly one request per send with message, history and sessionId, and shows the reply', async () => {
    const { actions, state, requests, settled, events } = setup(() => jsonReply({ output: 'Hello **there**' }));
    expect(actions.sendMessage('Hi')).toBe(true);
    expect(state().loading).toBe(true);
    expect(actions.sendMessage('again')).toBe(false);
    await settled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      message: 'Hi',
      history: [],
      sessionId: state().sessionId,
      messageId: `${state().sessionId}:${state().messages[0]?.id}`,
    });
    expect(state().messages.map((m) => [m.sender, m.content, m.animate])).toEqual([
      ['user', 'Hi', undefined],
      ['bot', 'Hello **there**', true],
    ]);
    expect(events.filter((e) => e.name === 'message')).toHaveLength(2);
    expect(state().markdown).toBeTypeOf('function');
  });

  it('sends the earlier conversation as history', async () => {
    const { actions, requests, settled } = setup(() => textReply('ok'));
    actions.sendMessage('first');
    await settled();
    actions.sendMessage('second');
    await settled();
    expect(requests[1]?.body).toMatchObject({
      message: 'second',
      history: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
      ],
    });
  });

  it('keeps product cards from the reply', async () => {
    const { actions, state, settled } = setup(
      () =>
        jsonReply({
          reply: 'Try these',
          products: [{ name: 'Tote', productUrl: '/p/tote', imageUrl: 'https://cdn.example/t.jpg' }],
        }),
      { storeUrl: 'https://shop.example/', imageHosts: ['cdn.example'] },
    );
    actions.sendMessage('bags?');
    await settled();
    expect(state().messages[1]?.products).toEqual([
      { title: 'Tote', description: '', url: 'https://shop.example/p/tote', image: 'https://cdn.example/t.jpg' },
    ]);
  });

  it.each([
    ['an empty body', () => textReply('')],
    ['{}', () => jsonReply({})],
    ['null', () => jsonReply(null)],
  ])('says "Sorry, I couldn\'t understand that." for %s', async (_, reply) => {
    const { actions, state, settled } = setup(reply);
    actions.sendMessage('Hi');
    await settled();
    expect(state().messages[1]?.content).toBe("Sorry, I couldn't understand that.");
  });

  it('without a webhook keeps the text, sends nothing, tells the visitor chat is not available and the owner why', () => {
    const { actions, state, requests, events, warnings } = setup(() => textReply('x'), { webhookUrl: null });
    actions.setDraft('Where is my order?');
    expect(actions.sendMessage('Where is my order?')).toBe(false);
    expect(state().draft).toBe('Where is my order?');
    expect(state().messages).toEqual([]);
    expect(state().notice?.text).toBe("Chat isn't available right now.");
    expect(warnings).toEqual(['chat is not configured for this store yet: set the webhook-url attribute']);
    expect(requests).toHaveLength(0);
    expect(events.some((e) => e.name === 'error')).toBe(true);
  });
});

describe('failures and retry', () => {
  it('a failed send shows the Oops bubble, keeps the question, and Retry sends the same message again', async () => {
    let fail = true;
    const { actions, state, requests, settled, events } = setup(() =>
      fail ? new Response('<html>boom</html>', { status: 500 }) : textReply('Recovered'),
    );
    actions.sendMessage('Where is my parcel?');
    await settled();
    const [question, bubble] = state().messages;
    expect(question?.content).toBe('Where is my parcel?');
    expect(bubble).toMatchObject({
      sender: 'bot',
      status: 'error',
      content: 'Oops! Something went wrong. Try again later.',
      retryFor: question?.id,
    });
    expect(events.find((e) => e.name === 'error')?.detail).toMatchObject({
      source: 'chat',
      message: expect.stringContaining('500'),
    });

    fail = false;
    actions.retry(bubble?.id ?? '');
    await settled();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toMatchObject({ message: 'Where is my parcel?', history: [] });
    expect(state().messages.map((m) => m.content)).toEqual(['Where is my parcel?', 'Recovered']);
  });

  it('a network failure, once the resends are used up, also shows the Oops bubble', async () => {
    vi.useFakeTimers();
    const { actions, state, settled, requests } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    actions.sendMessage('Hi');
    // The resends' waits (at most 1 s, 2 s and 4 s) pass on the fake clock.
    for (let wait = 0; wait < 3; wait++) await vi.advanceTimersByTimeAsync(8_000);
    vi.useRealTimers();
    await settled();
    expect(requests).toHaveLength(4);
    expect(state().messages[1]?.status).toBe('error');
  });

  it('"New chat" cancels the reply in flight and starts a new session without stray bubbles', async () => {
    const { actions, state, requests, answered } = setup(hangingResponder);
    actions.sendMessage('Hi');
    await eventually(() => expect(requests).toHaveLength(1));
    const firstSession = state().sessionId;
    actions.newChat();
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(state()).toMatchObject({ messages: [], loading: false, notice: null });
    expect(state().sessionId).not.toBe(firstSession);
    // The aborted request fails, and the widget has handled the failure: no bubble came of it.
    await answered();
    expect(state().messages).toEqual([]);
    expect(state().conversations.map((c) => c.id)).toContain(firstSession);
  });

  it('"New chat" right after a send, before the request has left, sends nothing and leaves no stray bubble', async () => {
    const { actions, state, requests } = setup(hangingResponder);
    actions.sendMessage('Hi');
    actions.newChat();
    expect(state()).toMatchObject({ messages: [], loading: false, notice: null });
    // A later send goes out after the abandoned one would have: only the later one leaves.
    actions.sendMessage('Hello');
    await eventually(() => expect(requests).toHaveLength(1));
    expect((requests[0]?.body as { message: string }).message).toBe('Hello');
  });

  it('removing the widget cancels the reply and marks it interrupted, with Retry', async () => {
    const { assistant, state, requests } = setup(hangingResponder);
    assistant.actions.sendMessage('Hi');
    await eventually(() => expect(requests).toHaveLength(1));
    assistant.dispose();
    expect(requests[0]?.signal?.aborted).toBe(true);
    await eventually(() =>
      expect(state().messages[1]).toMatchObject({ status: 'interrupted', content: 'The reply was interrupted.' }),
    );
    expect(state().loading).toBe(false);
  });
});

describe('streaming', () => {
  it('shows a streamed reply as it arrives, then in its final form without the typewriter', async () => {
    const seen: string[] = [];
    const { assistant, state, settled } = setup(() => n8nStream(['Hel', 'lo ', 'world'], 5));
    assistant.subscribe((s) => {
      const last = s.messages[s.messages.length - 1];
      if (last?.status === 'streaming') seen.push(last.content);
    });
    assistant.actions.sendMessage('Hi');
    await settled();
    expect(seen).toEqual(['Hel', 'Hello ', 'Hello world']);
    expect(state().messages[1]).toEqual({
      id: expect.any(String),
      sender: 'bot',
      content: 'Hello world',
      timestamp: expect.any(Number),
    });
  });

  it("keeps a structured reply streamed as text (n8n's Respond to Webhook node) off screen until it is parsed", async () => {
    const reply = {
      output: {
        reply: 'Our **new arrivals**:',
        products: [{ title: 'Linen Shirt', url: 'https://shop.example/products/linen-shirt' }],
      },
    };
    const json = JSON.stringify(reply);
    const seen: string[] = [];
    const { assistant, state, settled } = setup(() => n8nStream([json.slice(0, 20), json.slice(20)], 5));
    assistant.subscribe((s) => {
      const last = s.messages[s.messages.length - 1];
      if (last?.status === 'streaming') seen.push(last.content);
    });
    assistant.actions.sendMessage('Shop new arrivals');
    await settled();
    expect(seen).toEqual([]);
    expect(state().messages[1]).toMatchObject({
      sender: 'bot',
      content: 'Our **new arrivals**:',
      products: [{ title: 'Linen Shirt' }],
    });
  });
});

describe('image attachments', () => {
  it('refuses anything that is not an image, with a clear notice', async () => {
    const { actions, state, deps } = setup(() => textReply('x'));
    await actions.attachImage(new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(state().attachment).toBeNull();
    expect(state().notice?.text).toBe('Only images can be attached (for example JPEG, PNG or WebP).');
    expect(deps.prepareImage).not.toHaveBeenCalled();
  });

  it('sends the downscaled image inlined as markdown, and later history says [image]', async () => {
    const { actions, state, requests, settled } = setup(() => textReply('Nice!'));
    await actions.attachImage(new File(['x'], 'shoe.png', { type: 'image/png' }));
    expect(state().attachment).toEqual({ dataUrl: FAKE_IMAGE_DATA_URL, name: 'shoe.png' });
    expect(actions.sendMessage('')).toBe(true);
    await settled();
    expect(requests[0]?.body).toMatchObject({ message: `![image](${FAKE_IMAGE_DATA_URL})` });
    expect(state().attachment).toBeNull();
    actions.sendMessage('Is it in stock?');
    await settled();
    expect(requests[1]?.body).toMatchObject({
      history: [
        { role: 'user', content: '[image]' },
        { role: 'assistant', content: 'Nice!' },
      ],
    });
  });

  it('an image that cannot be decoded gets a notice', async () => {
    const { actions, state } = setup(
      () => textReply('x'),
      {},
      { prepareImage: vi.fn(async () => Promise.reject(new Error('bad data'))) },
    );
    await actions.attachImage(new File(['x'], 'broken.jpg', { type: 'image/jpeg' }));
    expect(state().notice?.text).toBe('That image could not be read. Try another one.');
  });
});

describe('persistence', () => {
  it('saves the conversation and a reloaded widget reopens it', async () => {
    const localStorage = memoryStorage();
    const first = setup(() => textReply('Hello!'), {}, { localStorage });
    first.actions.sendMessage('Hi');
    await first.settled();
    await eventually(() => expect(savedChats(localStorage)).toContain('Hello!'));

    const reloaded = setup(() => textReply('x'), {}, { localStorage });
    expect(reloaded.state().messages.map((m) => m.content)).toEqual(['Hi', 'Hello!']);
    expect(reloaded.state().messages.every((m) => !m.animate)).toBe(true);
    expect(reloaded.state().sessionId).toBe(first.state().sessionId);
    expect(reloaded.state().conversations).toHaveLength(1);
  });

  it.each([
    ['session', 'sessionStorage'],
    ['none', null],
  ] as const)('persist="%s" keeps conversations in %s', async (persist, where) => {
    const localStorage = memoryStorage();
    const sessionStorage = memoryStorage();
    const harness = setup(() => textReply('ok'), { persist }, { localStorage, sessionStorage });
    harness.actions.sendMessage('Hi');
    await harness.settled();
    await harness.idle();
    expect(savedChats(localStorage)).toBeNull();
    expect(savedChats(sessionStorage) !== null).toBe(where === 'sessionStorage');
  });

  it('lists conversations most recent first and reopens one', async () => {
    const { actions, state, settled, advance } = setup(() => textReply('ok'));
    actions.sendMessage('About shoes');
    await settled();
    const shoes = state().sessionId;
    advance(60_000);
    actions.newChat();
    actions.sendMessage('About bags');
    await settled();
    expect(state().conversations.map((c) => c.title)).toEqual(['About bags', 'About shoes']);
    actions.openConversation(shoes);
    expect(state().sessionId).toBe(shoes);
    expect(state().view).toBe('chat');
    expect(state().messages[0]?.content).toBe('About shoes');
  });
});

describe('visitor context', () => {
  it('with geo-url, sends the lookup as context.geo; the lookup happens once per visit', async () => {
    const { fetch, requests } = fakeFetch((request) =>
      request.method === 'GET' ? jsonReply({ country: 'DE' }) : textReply('ok'),
    );
    const harness = fakeDeps({ fetch });
    const assistant = createAssistant(harness.deps);
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK, geoUrl: 'https://geo.example/json' });
    assistant.actions.sendMessage('Hi');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    assistant.actions.sendMessage('Again');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      expect.objectContaining({ context: { geo: { country: 'DE' } } }),
      expect.objectContaining({ context: { geo: { country: 'DE' } } }),
    ]);
  });

  it('without geo-url requests nothing and sends no context', async () => {
    const { actions, requests, settled } = setup(() => textReply('ok'));
    actions.sendMessage('Hi');
    await settled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).not.toHaveProperty('context');
  });
});

describe('a page that polluted Object.prototype', () => {
  it('leaks nothing into replies, products or messages', async () => {
    const prototype = Object.prototype as Record<string, unknown>;
    const keys = {
      output: 'POLLUTED',
      products: [{ title: 'Polluted' }],
      status: 'error',
      url: 'javascript:alert(1)',
      animate: true,
      truncated: true,
    };
    const { actions, state, settled } = setup(() =>
      jsonReply({ reply: 'Real answer', products: [{ title: 'Real card' }] }),
    );
    Object.assign(prototype, keys);
    try {
      actions.sendMessage('Hi');
      await settled();
    } finally {
      for (const key of Object.keys(keys)) delete prototype[key];
    }
    const [question, answer] = state().messages;
    expect(answer?.content).toBe('Real answer');
    expect(answer?.products).toEqual([{ title: 'Real card', description: '' }]);
    expect(Object.hasOwn(answer?.products?.[0] ?? {}, 'url')).toBe(true);
    for (const message of [question, answer]) {
      for (const key of ['products', 'status', 'animate', 'truncated'] as const)
        expect(Object.hasOwn(message ?? {}, key)).toBe(true);
    }
    expect(question?.status).toBeUndefined();
  });
});
