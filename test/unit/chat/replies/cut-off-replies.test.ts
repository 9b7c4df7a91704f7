import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig } from '../../../../src/app/config';
import { englishStrings } from '../../../../src/i18n/strings';
import { memoryStorage } from '../../../../src/common/storage';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, jsonReply, textReply, type RecordedRequest } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

/**
 * A reply that did not finish is never a complete answer: not on screen, not in storage, not in the
 * history sent back to the webhook. Nor is any text the widget wrote itself.
 */
const WEBHOOK = 'https://hooks.example/chat';

/** An n8n stream that sends `pieces` and then stays open, like a reply cut off by the visitor leaving. */
function unfinishedStream(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify({ type: 'begin' })}\n`));
      for (const content of pieces)
        controller.enqueue(encoder.encode(`${JSON.stringify({ type: 'item', content })}\n`));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
}

function setup(
  respond: (request: RecordedRequest, index: number) => Response | Promise<Response>,
  localStorage = memoryStorage(),
) {
  let index = 0;
  const { fetch, requests } = fakeFetch((request) => respond(request, index++));
  const harness = fakeDeps({ fetch, localStorage });
  const assistant = createAssistant(harness.deps);
  assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK });
  const state = () => assistant.getState();
  const streamed = () => eventually(() => expect(state().messages.at(-1)?.content).toBe('Your order total is $1'));
  const settled = () => eventually(() => expect(state().loading).toBe(false));
  return { ...harness, assistant, actions: assistant.actions, state, requests, streamed, settled, localStorage };
}

/** A widget loaded again on the same storage, as after a reload or on the next page. */
function reload(localStorage: ReturnType<typeof memoryStorage>) {
  return setup(() => textReply('Back again'), localStorage);
}

/** After a reload the partial reply is still there, marked interrupted, and the next request's history leaves it out. */
async function expectSavedAsInterrupted(first: ReturnType<typeof setup>): Promise<void> {
  first.assistant.dispose();
  const again = reload(first.localStorage);
  expect(again.state().messages[1]).toMatchObject({ content: 'Your order total is $1', status: 'interrupted' });
  again.actions.sendMessage('And shipping?');
  await again.settled();
  expect(again.requests[0]?.body).toMatchObject({ history: [{ role: 'user', content: 'What is my total?' }] });
}

/** An n8n stream that sends `pieces` and then fails, like a connection that drops or a page that begins to unload. */
function failingStream(pieces: string[]): Response {
  const encoder = new TextEncoder();
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(new TypeError('network error'));
      sent = true;
      controller.enqueue(
        encoder.encode(
          [{ type: 'begin' }, ...pieces.map((content) => ({ type: 'item', content }))]
            .map((line) => `${JSON.stringify(line)}\n`)
            .join(''),
        ),
      );
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
}

describe('a reply cut off mid-stream', () => {
  it('by the connection failing: what arrived stays, marked interrupted, with Retry; it is saved so and never sent as history', async () => {
    const first = setup((_, index) =>
      index === 0 ? failingStream(['Your order ', 'total is $1']) : textReply('It is $1,299.'),
    );
    first.actions.sendMessage('What is my total?');
    await first.settled();
    expect(first.state().messages.map((message) => [message.sender, message.content, message.status])).toEqual([
      ['user', 'What is my total?', undefined],
      ['bot', 'Your order total is $1', 'interrupted'],
    ]);
    expect(first.state().messages[1]?.retryFor).toBe(first.state().messages[0]?.id);
    expect(first.warnings.some((warning) => warning.includes('network error'))).toBe(true);

    await expectSavedAsInterrupted(first);
  });

  it('by New chat: the old conversation keeps the partial text marked interrupted, with Retry, and never sends it as history', async () => {
    const first = setup((_, index) =>
      index === 0 ? unfinishedStream(['Your order ', 'total is $1']) : textReply('It is $1,299.'),
    );
    first.actions.sendMessage('What is my total?');
    await first.streamed();
    const oldSession = first.state().sessionId;
    first.actions.newChat();
    first.assistant.actions.openConversation(oldSession);
    const partial = first.state().messages[1];
    expect(partial).toMatchObject({
      content: 'Your order total is $1',
      status: 'interrupted',
      retryFor: first.state().messages[0]?.id,
    });

    await expectSavedAsInterrupted(first);
  });

  it('by leaving the page: what is saved is marked interrupted, with Retry that asks again', async () => {
    const first = setup(() => unfinishedStream(['Your order ', 'total is $1']));
    first.actions.sendMessage('What is my total?');
    await first.streamed();
    first.assistant.dispose();

    const again = setup(() => jsonReply({ output: 'Your order total is $1,299.' }), first.localStorage);
    const partial = again.state().messages[1];
    expect(partial).toMatchObject({ status: 'interrupted', retryFor: again.state().messages[0]?.id });
    again.actions.retry(partial?.id ?? '');
    await again.settled();
    expect(again.state().messages.map((message) => message.content)).toEqual([
      'What is my total?',
      'Your order total is $1,299.',
    ]);
    expect(again.requests[0]?.body).toMatchObject({ message: 'What is my total?', history: [] });
  });

  it('by leaving the page after the question was saved and before the stream began: saved as interrupted all the same', async () => {
    let begin: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (begin = resolve));
    const first = setup(async () => {
      await started;
      return unfinishedStream(['Your order ', 'total is $1']);
    });
    first.actions.sendMessage('What is my total?');
    // A slow webhook: the idle-time save of the question runs before the first piece arrives.
    await first.idle();
    begin();
    await first.streamed();
    await expectSavedAsInterrupted(first);
  });

  it('even a save made while it was still streaming stores it as interrupted, never as complete', async () => {
    const first = setup(() => unfinishedStream(['Your order ', 'total is $1']));
    first.actions.sendMessage('What is my total?');
    await first.streamed();
    // The idle-time save runs while the reply is still arriving; then the tab is killed (no pagehide).
    await first.idle();
    const again = reload(first.localStorage);
    expect(again.state().messages[1]).toMatchObject({ content: 'Your order total is $1', status: 'interrupted' });
  });
});

describe('texts the widget wrote itself', () => {
  it.each([
    ['"Sorry, I couldn\'t understand that."', () => jsonReply({}), englishStrings.replyNotUnderstood],
    ['the error text', () => new Response('down', { status: 500 }), englishStrings.replyFailed],
  ])('%s is shown but never sent back as an assistant turn', async (_, firstReply, notice) => {
    const { actions, state, requests, settled } = setup((_request, index) =>
      index === 0 ? firstReply() : textReply('Fine now'),
    );
    actions.sendMessage('First question');
    await settled();
    expect(state().messages[1]).toMatchObject({ content: notice, origin: 'widget' });
    actions.sendMessage('Second question');
    await settled();
    expect(requests[1]?.body).toMatchObject({ history: [{ role: 'user', content: 'First question' }] });
  });

  it("is still known as the widget's own after a reload", async () => {
    const first = setup(() => jsonReply({}));
    first.actions.sendMessage('First question');
    await first.settled();
    first.assistant.dispose();
    const again = reload(first.localStorage);
    again.actions.sendMessage('Second question');
    await again.settled();
    expect(again.requests[0]?.body).toMatchObject({ history: [{ role: 'user', content: 'First question' }] });
  });
});
