import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, type RecordedRequest } from '../../support/fetch';
import { fakeSockets } from '../../support/fake-n8n-sockets';
import { eventually } from '../../support/patience';

// A person's takeover carried by n8n's chat socket (protocol="n8n-chat", "Using Response Nodes"), with
// n8n's side scripted as packages/cli/src/chat/chat-service.ts plays it: each Respond to Chat message
// as text, `n8n|continue` after one that does not wait, the visitor's messages resuming whatever node
// the execution waits on (resumeExecution), and the socket closed once the execution has ended.

const CHAT_URL = 'https://n8n.example/webhook/5f3c/chat';

/** One page with the widget on n8n's Chat Trigger; `storage` is shared with a reload of it. */
function page(respond: (request: RecordedRequest) => Response, storage = fakeDeps().deps.localStorage) {
  const { fetch, requests } = fakeFetch(respond);
  const sockets = fakeSockets();
  const harness = fakeDeps({ fetch, openSocket: sockets.openSocket, localStorage: storage });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    webhookUrl: CHAT_URL,
    protocol: 'n8n-chat',
    persist: 'local',
  });
  const state = () => assistant.getState();
  const bot = () =>
    state()
      .messages.filter((message) => message.sender === 'bot')
      .map((message) => ({ text: message.content, from: message.agent?.name ?? null }));
  const posted = () =>
    requests.filter((request) => !JSON.stringify(request.body ?? '').includes('loadPreviousSession'));
  /** What the visitor wrote over the socket, as n8n's chat service reads it. */
  const told = (index: number) =>
    (sockets.opened[index]?.sent ?? [])
      .filter((text) => text !== 'n8n|heartbeat-ack')
      .map((text) => (JSON.parse(text) as { chatInput: string }).chatInput);
  return { ...harness, ...sockets, assistant, state, bot, posted, told, storage };
}

const person = (id: string, output: string, handoff?: unknown) => JSON.stringify({ id, output, handoff });
const SAM = { status: 'joined', agent: { name: 'Sam' } };

/** A visitor who asked for a person: the workflow answered with the takeover signal and moved on to its Wait node. */
async function askForPerson(tab: ReturnType<typeof page>) {
  tab.assistant.actions.sendMessage('Can I talk to a person?');
  await eventually(() => expect(tab.opened).toHaveLength(1));
  const socket = tab.opened[0]!;
  socket.handlers.onMessage(JSON.stringify({ output: 'One moment, I am finding someone.', handoff: 'connecting' }));
  socket.handlers.onMessage('n8n|continue');
  await eventually(() => expect(tab.bot()).toEqual([{ text: 'One moment, I am finding someone.', from: null }]));
  return socket;
}

describe("a person's takeover over n8n's chat socket", () => {
  it('waits, shows the person by name, sends the visitor to the waiting execution, and hands back', async () => {
    const tab = page(() => jsonReply({ executionStarted: true, executionId: '21' }));
    const socket = await askForPerson(tab);
    expect(tab.state().handoff).toMatchObject({ phase: 'connecting', execution: '21' });
    // The execution waits on its Wait node: no typing dots, and the composer stays open.
    expect(tab.state().loading).toBe(false);

    // Written while waiting: over the socket to the execution that holds the takeover, not a new one.
    expect(tab.assistant.actions.sendMessage('It is about order 1042')).toBe(true);
    await eventually(() => expect(tab.told(0)).toEqual(['It is about order 1042']));
    expect(tab.posted()).toHaveLength(1);
    expect(tab.state().loading).toBe(false);

    socket.handlers.onMessage(person('21-0', "Hi, I'm Sam. Let me look.", SAM));
    socket.handlers.onMessage('n8n|continue');
    expect(tab.state().handoff).toMatchObject({ phase: 'joined', agent: { name: 'Sam' } });
    // n8n sends the message again to a new connection while its node waits: it shows once.
    socket.handlers.onMessage(person('21-0', "Hi, I'm Sam. Let me look.", SAM));
    tab.assistant.actions.sendMessage('Thanks!');
    await eventually(() => expect(tab.told(0)).toEqual(['It is about order 1042', 'Thanks!']));

    socket.handlers.onMessage(person('21-1', 'It ships today. Bye!', 'left'));
    socket.handlers.onClose(1005);
    await eventually(() =>
      expect(tab.bot()).toEqual([
        { text: 'One moment, I am finding someone.', from: null },
        { text: 'Sam joined the conversation.', from: null },
        { text: "Hi, I'm Sam. Let me look.", from: 'Sam' },
        { text: 'It ships today. Bye!', from: 'Sam' },
        { text: 'Sam left the conversation. The assistant is answering again.', from: null },
      ]),
    );
    expect(tab.state().handoff).toMatchObject({ phase: 'none', execution: null });
    expect(tab.events.filter((event) => event.name === 'handoff').map((event) => event.detail)).toEqual([
      { status: 'start' },
      { status: 'join' },
      { status: 'end', reason: 'left' },
    ]);

    // The assistant answers again: a new execution.
    tab.assistant.actions.sendMessage('Do you sell mugs?');
    await eventually(() => expect(tab.posted()).toHaveLength(2));
  });

  it('after a reload, follows the execution that holds the takeover again, with no message of its own', async () => {
    const first = page(() => jsonReply({ executionStarted: true, executionId: '22' }));
    const socket = await askForPerson(first);
    socket.handlers.onMessage(person('22-0', 'Sam here.', SAM));
    await eventually(() => expect(first.state().handoff.phase).toBe('joined'));
    first.assistant.dispose();

    const reloaded = page(() => jsonReply({ executionStarted: true, executionId: 'never' }), first.storage);
    await eventually(() => expect(reloaded.opened).toHaveLength(1));
    expect(reloaded.opened[0]!.url).toContain('executionId=22');
    expect(reloaded.state().handoff).toMatchObject({ phase: 'joined', agent: { name: 'Sam' } });
    // What the person wrote while the page was away arrives on the new socket; the earlier message shows once.
    reloaded.opened[0]!.handlers.onMessage(person('22-0', 'Sam here.', SAM));
    reloaded.opened[0]!.handlers.onMessage(person('22-1', 'Still there?', SAM));
    await eventually(() =>
      expect(reloaded.bot().filter((message) => message.from === 'Sam')).toEqual([
        { text: 'Sam here.', from: 'Sam' },
        { text: 'Still there?', from: 'Sam' },
      ]),
    );
    reloaded.assistant.actions.sendMessage('Yes!');
    await eventually(() => expect(reloaded.told(0)).toEqual(['Yes!']));
    expect(reloaded.posted()).toHaveLength(0);
  });

  it('the visitor going back to the assistant lets the execution go and tells the workflow in its own shape', async () => {
    const tab = page(() => jsonReply({ executionStarted: true, executionId: '23' }));
    const socket = await askForPerson(tab);
    tab.assistant.actions.cancelHandoff();
    expect(socket.closed).toBe(true);
    await eventually(() => expect(tab.posted()).toHaveLength(2));
    expect(tab.posted()[1]?.body).toEqual({
      action: 'sendMessage',
      sessionId: tab.state().sessionId,
      chatInput: '',
      metadata: { handoff: { status: 'cancelled' } },
    });
  });

  it('an execution that ends while the person answers ends the takeover', async () => {
    const tab = page(() => jsonReply({ executionStarted: true, executionId: '24' }));
    const socket = await askForPerson(tab);
    socket.handlers.onMessage(person('24-0', 'Sam here.', SAM));
    socket.handlers.onClose(1005);
    await eventually(() => expect(tab.state().handoff.phase).toBe('none'));
    expect(tab.bot().at(-1)?.text).toBe('Sam left the conversation. The assistant is answering again.');
  });

  it('an execution that ends before anyone joined says nobody is free, and offers the email form', async () => {
    const tab = page(() => jsonReply({ executionStarted: true, executionId: '25' }));
    const socket = await askForPerson(tab);
    socket.handlers.onClose(1005);
    await eventually(() => expect(tab.state().handoff).toMatchObject({ phase: 'missed', missedBecause: 'timeout' }));
    expect(tab.state().handoff.execution).toBeNull();
  });
});
