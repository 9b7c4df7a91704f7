import { describe, expect, it } from 'vitest';
import type { AssistantActions } from '../../../src/app/actions';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply, n8nStream, textReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

const floating = {
  ...defaultConfig('shop.example'),
  webhookUrl: 'https://hooks.example/chat',
  mode: 'floating' as const,
};

function closedFloatingWidget(respond: () => Response | Promise<Response>) {
  const { fetch } = fakeFetch(respond);
  const harness = fakeDeps({ fetch });
  const assistant = createAssistant(harness.deps);
  assistant.configure(floating);
  const settled = () => eventually(() => expect(assistant.getState().loading).toBe(false));
  return { ...harness, assistant, settled };
}

// Every bot message enters the conversation through one function, so a reply counts on the launcher's
// badge however it arrived.
describe('the unread badge of a closed floating card', () => {
  it.each([
    ['a JSON reply', () => jsonReply({ output: 'Hello' })],
    ['a plain-text reply', () => textReply('Hello')],
    ['a streamed (NDJSON) reply', () => n8nStream(['Hel', 'lo'], 5)],
  ])('counts %s once', async (_, reply) => {
    const { assistant, settled, events } = closedFloatingWidget(reply);
    assistant.actions.sendMessage('Hi');
    await settled();
    expect(assistant.getState().unread).toBe(1);
    // The reply is announced as one complete message, after the visitor's.
    expect(
      events.filter((event) => event.name === 'message').map((event) => (event.detail as { sender: string }).sender),
    ).toEqual(['user', 'bot']);
    assistant.actions.setOpen(true);
    expect(assistant.getState().unread).toBe(0);
  });

  it('does not count replies that arrive while the card is open', async () => {
    const { assistant, settled } = closedFloatingWidget(() => n8nStream(['Hel', 'lo'], 5));
    assistant.actions.setOpen(true);
    assistant.actions.sendMessage('Hi');
    await settled();
    expect(assistant.getState().unread).toBe(0);
  });
});

describe('the action surface', () => {
  it('offers the UI actions only, not the wiring that stays inside the assistant', () => {
    const { assistant } = closedFloatingWidget(() => textReply('ok'));
    const actions: AssistantActions = assistant.actions;
    for (const wiring of [
      'configure',
      'dispose',
      'appendTranscript',
      'preloadMarkdown',
      'configureVisitorContext',
      'loadSavedTheme',
      'clearTranscript',
    ]) {
      expect(actions).not.toHaveProperty(wiring);
    }
  });
});

// Compile-time: the wiring is not part of the actions' type either.
// @ts-expect-error dispose is the element's to call, not the UI's
export type NoDispose = AssistantActions['dispose'];
// @ts-expect-error a call's transcript joins the chat inside the assistant
export type NoAppendTranscript = AssistantActions['appendTranscript'];
