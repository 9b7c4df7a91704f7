import { shopperMark } from '../../../../src/customer/identity';
import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../../src/app/config';
import type { AssistantDeps } from '../../../../src/app/deps';
import { loadMarkdown } from '../../../../src/chat/markdown/markdown-loader';
import { rememberedFor, sessionKey } from '../../../../src/chat/n8n-chat/earlier-session';
import { FAKE_IMAGE_DATA_URL, fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, jsonReply, n8nStream, type RecordedRequest } from '../../../support/fetch';
import { fakeSockets } from '../../../support/fake-n8n-sockets';
import { eventually } from '../../../support/patience';

// protocol="n8n-chat" through the whole chat: the requests of @n8n/chat's api/message.ts, the Chat
// Trigger's response modes (ChatTrigger.node.ts; "Using Response Nodes" answers
// { executionStarted, executionId } from packages/cli/src/webhooks/webhook-helpers.ts), and the Chat
// node's messages over the socket of packages/cli/src/chat/chat-service.ts, here a scripted fake.

const CHAT_URL = 'https://n8n.example/webhook/5f3c/chat';

function setup(
  respond: (request: RecordedRequest) => Response,
  config: Partial<AssistantConfig> = {},
  deps: Partial<AssistantDeps> = {},
) {
  const { fetch, requests } = fakeFetch(respond);
  const sockets = fakeSockets();
  const harness = fakeDeps({ fetch, openSocket: sockets.openSocket, ...deps });
  const assistant = createAssistant(harness.deps);
  const configure = () =>
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: CHAT_URL, protocol: 'n8n-chat', ...config });
  const state = () => assistant.getState();
  const bot = () =>
    state()
      .messages.filter((message) => message.sender === 'bot')
      .map((message) => message.content);
  /** The messages posted, without the request for an earlier session an empty conversation makes first. */
  const sent = () => requests.filter((request) => !JSON.stringify(request.body ?? '').includes('loadPreviousSession'));
  return { ...harness, ...sockets, assistant, configure, state, requests, sent, bot };
}

describe('protocol="n8n-chat"', () => {
  it('posts sendMessage and shows a "When last node finishes" reply as any reply', async () => {
    const chat = setup(() => jsonReply({ output: 'We ship to **Norway**.' }));
    chat.configure();
    chat.assistant.actions.sendMessage('Do you ship to Norway?');
    await eventually(() => expect(chat.bot()).toEqual(['We ship to **Norway**.']));
    expect(chat.requests[0]?.body).toEqual({ action: 'loadPreviousSession', sessionId: chat.state().sessionId });
    expect(chat.sent()[0]?.body).toEqual({
      action: 'sendMessage',
      sessionId: chat.state().sessionId,
      chatInput: 'Do you ship to Norway?',
      metadata: { messageId: `${chat.state().sessionId}:${chat.state().messages[0]?.id}` },
    });
    expect(chat.sent()[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(chat.opened).toEqual([]);
  });

  it("reads the Chat Trigger's streaming mode as today's streamed replies", async () => {
    const chat = setup(() => n8nStream(['Fresh ', 'in this week.']));
    chat.configure();
    chat.assistant.actions.sendMessage('New arrivals?');
    await eventually(() => expect(chat.bot()).toEqual(['Fresh in this week.']));
    await eventually(() => expect(chat.state().loading).toBe(false));
  });

  it('sends an attached image as multipart files', async () => {
    const chat = setup(() => jsonReply({ output: 'Nice photo.' }));
    chat.configure();
    await chat.assistant.actions.attachImage(new File(['x'], 'jacket.png', { type: 'image/png' }));
    chat.assistant.actions.sendMessage('In blue?');
    await eventually(() => expect(chat.bot()).toEqual(['Nice photo.']));
    const form = chat.sent()[0]?.body as FormData;
    expect(form.get('chatInput')).toBe('In blue?');
    expect((form.getAll('files') as File[]).map((file) => file.type)).toEqual([
      FAKE_IMAGE_DATA_URL.slice(5, FAKE_IMAGE_DATA_URL.indexOf(';')),
    ]);
  });

  it('follows "Using Response Nodes" over the socket: several messages, a wait for the answer, the end', async () => {
    const chat = setup(() => jsonReply({ executionStarted: true, executionId: '7' }));
    chat.configure();
    chat.assistant.actions.sendMessage('I want to return a mug');
    await eventually(() => expect(chat.opened).toHaveLength(1));
    const socket = chat.opened[0]!;
    expect(socket.url).toBe(`wss://n8n.example/chat?sessionId=${chat.state().sessionId}&executionId=7&isPublic=true`);
    await eventually(() => expect(socket.sent).toEqual(['n8n|heartbeat-ack']));
    expect(chat.state().loading).toBe(true);
    socket.handlers.onMessage('Sorry to hear that.');
    socket.handlers.onMessage('n8n|continue');
    socket.handlers.onMessage('What is the order number?');
    await eventually(() => expect(chat.bot()).toEqual(['Sorry to hear that.', 'What is the order number?']));
    await eventually(() => expect(chat.state().loading).toBe(false));

    // The answer resumes the same execution over the socket: no second POST.
    expect(chat.assistant.actions.sendMessage('#1042')).toBe(true);
    await eventually(() => expect(socket.sent).toHaveLength(2));
    expect(JSON.parse(socket.sent[1]!)).toEqual({
      sessionId: chat.state().sessionId,
      action: 'sendMessage',
      chatInput: '#1042',
      files: [],
    });
    expect(chat.sent()).toHaveLength(1);
    expect(chat.state().loading).toBe(true);
    socket.handlers.onMessage('Return label sent for #1042.');
    socket.handlers.onClose(1005);
    await eventually(() => expect(chat.bot().at(-1)).toBe('Return label sent for #1042.'));
    await eventually(() => expect(chat.state().loading).toBe(false));

    // The execution ended: the next message starts a new one.
    chat.assistant.actions.sendMessage('Thanks');
    await eventually(() => expect(chat.sent()).toHaveLength(2));
  });

  it("shows a Chat node's question waiting for the markdown renderer before the visitor's answer to it", async () => {
    // The renderer is held: the questions wait for it while the visitor, not kept waiting, answers.
    let release: () => void = () => undefined;
    const renderer = new Promise<void>((resolve) => (release = resolve));
    const chat = setup(
      () => jsonReply({ executionStarted: true, executionId: '9' }),
      {},
      {
        loadMarkdown: () => renderer.then(loadMarkdown),
      },
    );
    chat.configure();
    chat.assistant.actions.sendMessage('I want to return a mug');
    await eventually(() => expect(chat.opened).toHaveLength(1));
    const socket = chat.opened[0]!;
    socket.handlers.onMessage('Sorry to hear **that**.');
    socket.handlers.onMessage('n8n|continue');
    socket.handlers.onMessage('What is the order number?');
    await eventually(() => expect(chat.state().loading).toBe(false));
    expect(chat.bot()).toEqual([]);
    expect(chat.assistant.actions.sendMessage('#1042')).toBe(true);
    // Both came before the answer: shown at once, in order, just before it, and once each.
    const contents = () => chat.state().messages.map((message) => message.content);
    expect(contents()).toEqual([
      'I want to return a mug',
      'Sorry to hear **that**.',
      'What is the order number?',
      '#1042',
    ]);
    release();
    await eventually(() => expect(chat.state().markdown).not.toBeNull());
    expect(contents()).toEqual([
      'I want to return a mug',
      'Sorry to hear **that**.',
      'What is the order number?',
      '#1042',
    ]);
  });

  it('closes the socket on a new chat', async () => {
    const chat = setup(() => jsonReply({ executionStarted: true, executionId: '8' }));
    chat.configure();
    chat.assistant.actions.sendMessage('Hi');
    await eventually(() => expect(chat.opened).toHaveLength(1));
    chat.assistant.actions.newChat();
    expect(chat.opened[0]?.closed).toBe(true);
    expect(chat.state().loading).toBe(false);
  });

  it('loads the earlier conversation n8n remembers when this tab has none of its own', async () => {
    const earlier = {
      data: [
        { id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'Do you sell mugs?' } },
        { id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: 'Yes: the **Ceramic Mug**.' } },
      ],
    };
    const chat = setup((request) =>
      (request.body as { action?: string }).action === 'loadPreviousSession' ? jsonReply(earlier) : jsonReply({}),
    );
    // Another tab talked to this Chat Trigger as session "s-earlier", as a guest.
    chat.deps.localStorage.set(sessionKey(CHAT_URL), JSON.stringify({ session: 's-earlier', shopper: null }));
    chat.configure();
    await eventually(() => expect(chat.state().messages).toHaveLength(2));
    expect(chat.requests[0]?.body).toEqual({ action: 'loadPreviousSession', sessionId: 's-earlier' });
    expect(chat.state().sessionId).toBe('s-earlier');
    expect(chat.state().messages.map((message) => [message.sender, message.content])).toEqual([
      ['user', 'Do you sell mugs?'],
      ['bot', 'Yes: the **Ceramic Mug**.'],
    ]);
    // Earlier turns are not new replies.
    expect(chat.events.filter((event) => event.name === 'message')).toEqual([]);
  });

  it('remembers the session it talks in, and asks nothing of a webhook spoken to in the default protocol', async () => {
    const chat = setup(() => jsonReply({ output: 'Hello' }), { protocol: 'webhook' });
    chat.configure();
    chat.assistant.actions.sendMessage('Hi');
    await eventually(() => expect(chat.bot()).toEqual(['Hello']));
    // No request for an earlier session: that is n8n's chat protocol only.
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]?.body).toMatchObject({ message: 'Hi', history: [] });
    expect(chat.deps.localStorage.get(sessionKey(CHAT_URL))).toBeNull();

    const n8n = setup(() => jsonReply({ output: 'Hello' }));
    n8n.configure();
    await eventually(() => expect(n8n.requests).toHaveLength(1));
    n8n.assistant.actions.sendMessage('Hi');
    await eventually(() => expect(n8n.bot()).toEqual(['Hello']));
    expect(JSON.parse(n8n.deps.localStorage.get(sessionKey(CHAT_URL)) ?? '')).toEqual({
      session: n8n.state().sessionId,
      shopper: null,
    });
  });

  it.each([
    ['another shopper', JSON.stringify({ session: 's-earlier', shopper: shopperMark('42') })],
    ['a value from before sessions were kept with their shopper', 's-earlier'],
    ['hostile JSON', '{"session":{"$ne":null},"shopper":null,"__proto__":{"polluted":1}}'],
  ])('never loads back a session remembered for %s', async (_, remembered) => {
    const chat = setup(() => jsonReply({ data: [] }));
    chat.deps.localStorage.set(sessionKey(CHAT_URL), remembered);
    chat.configure();
    await eventually(() => expect(chat.requests).toHaveLength(1));
    expect(chat.requests[0]?.body).toEqual({ action: 'loadPreviousSession', sessionId: chat.state().sessionId });
    expect(chat.state().sessionId).not.toBe('s-earlier');
  });
});

describe('the session remembered for a shopper', () => {
  const ada = shopperMark('42');
  it('is read back for that shopper only', () => {
    const stored = JSON.stringify({ session: 's-1', shopper: ada });
    expect(rememberedFor(stored, ada)).toBe('s-1');
    expect(rememberedFor(stored, null)).toBeNull();
    expect(rememberedFor(stored, shopperMark('43'))).toBeNull();
    expect(rememberedFor(JSON.stringify({ session: 's-2', shopper: null }), null)).toBe('s-2');
    expect(rememberedFor(JSON.stringify({ session: 's-2', shopper: null }), ada)).toBeNull();
  });

  it('ignores what the widget did not write', () => {
    for (const stored of [null, '', 's-1', 'null', '{"session":"s 1","shopper":null}', '{"session":"s-1","shopper":7}'])
      expect(rememberedFor(stored, null)).toBeNull();
  });
});
