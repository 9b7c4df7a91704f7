import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import type { Connection } from '../../../src/app/deps';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, textReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

/** A connection the test switches on and off, telling its listeners as the browser's events do. */
function switchableConnection(online: boolean) {
  const listeners = new Set<() => void>();
  const connection: Connection = {
    online: () => online,
    watch: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
  };
  return {
    connection,
    set(next: boolean) {
      online = next;
      listeners.forEach((listener) => listener());
    },
  };
}

function offlineAssistant() {
  const network = switchableConnection(false);
  const { fetch, requests } = fakeFetch((request) =>
    textReply(`Answer to ${(request.body as { message: string }).message}`),
  );
  const { deps } = fakeDeps({ fetch, connection: network.connection });
  const assistant = createAssistant(deps);
  assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' });
  return { assistant, network, requests, state: () => assistant.getState() };
}

describe('a message written offline', () => {
  it('is kept as not delivered, with the offline notice, and nothing is sent', () => {
    const { assistant, requests, state } = offlineAssistant();
    expect(state().notice?.text).toBe(state().strings.offlineComposer);
    assistant.actions.setDraft('Do you ship to Oslo?');
    expect(assistant.actions.sendMessage('Do you ship to Oslo?')).toBe(true);
    expect(state().undelivered.map((message) => message.text)).toEqual(['Do you ship to Oslo?']);
    expect(state().messages).toEqual([]);
    expect(state().draft).toBe('');
    expect(requests).toHaveLength(0);
  });

  it('is sent once when the connection returns, however often the browser says so, in the order written', async () => {
    const { assistant, network, requests, state } = offlineAssistant();
    assistant.actions.sendMessage('First');
    assistant.actions.sendMessage('Second');
    network.set(true);
    network.set(true);
    await eventually(() => expect(state().messages.map((message) => message.content)).toHaveLength(4));
    expect(requests.map((request) => (request.body as { message: string }).message)).toEqual(['First', 'Second']);
    expect(state().messages.map((message) => message.content)).toEqual([
      'First',
      'Answer to First',
      'Second',
      'Answer to Second',
    ]);
    expect(state().undelivered).toEqual([]);
    expect(state().notice).toBeNull();
  });

  it('stays on Retry while still offline, and goes once when the connection returns', async () => {
    const { assistant, network, requests, state } = offlineAssistant();
    assistant.actions.sendMessage('Hello?');
    const [kept] = state().undelivered;
    assistant.actions.dismissNotice();
    assistant.actions.retryUndelivered(kept?.id ?? '');
    expect(state().undelivered).toHaveLength(1);
    expect(state().notice?.text).toBe(state().strings.offlineComposer);
    expect(requests).toHaveLength(0);
    // Back online, it goes; a Retry pressed on it after that sends nothing again.
    network.set(true);
    await eventually(() => expect(requests).toHaveLength(1));
    assistant.actions.retryUndelivered(kept?.id ?? '');
    await eventually(() => expect(state().loading).toBe(false));
    expect(requests).toHaveLength(1);
  });

  it('is dropped with the conversation it belongs to', () => {
    const { assistant, state } = offlineAssistant();
    assistant.actions.sendMessage('Forget me');
    assistant.actions.newChat();
    expect(state().undelivered).toEqual([]);
  });
});
