import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../../src/app/config';
import { memoryStorage, type SafeStorage } from '../../../../src/common/storage';
import { SHOPPER_MARK_KEY } from '../../../../src/customer/customer-slice';
import { fakeDeps } from '../../../support/fake-deps';
import { eventually } from '../../../support/patience';

// Saving is a side matter: a storage that refuses every write and reads back hostile JSON must not
// cost the visitor the conversation on screen.

const base: AssistantConfig = { ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' };
const HOSTILE = '{"__proto__":{"polluted":1},"version":2,"id":{"$ne":null},"messages":"all"}';

/** Storage that refuses every write and answers every read with the same hostile JSON. */
function refusingStorage(): SafeStorage {
  return { get: () => HOSTILE, set: () => false, remove: () => undefined, keys: () => [], full: () => true };
}

function widget(localStorage: SafeStorage) {
  const fetch = vi.fn(async () => Response.json({ output: 'An answer' }));
  const fake = fakeDeps({ fetch, localStorage });
  return { assistant: createAssistant(fake.deps), idle: fake.idle };
}

describe('a storage that refuses to save and reads hostile JSON', () => {
  it('a clear it could not mark does not empty the conversation at every later save', async () => {
    const { assistant, idle } = widget(refusingStorage());
    assistant.configure(base);
    assistant.actions.clearConversations();
    assistant.actions.sendMessage('hi');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    await idle();
    expect(assistant.getState().messages.map((message) => message.content)).toEqual(['hi', 'An answer']);
    expect(assistant.getState().notice?.text).toBe(assistant.getState().strings.storageFull);
  });

  it('a shopper mark that is not one the widget wrote is ignored: the saved conversation stays', async () => {
    const localStorage = memoryStorage();
    const first = widget(localStorage);
    first.assistant.configure(base);
    first.assistant.actions.sendMessage('Mine');
    await eventually(() => expect(first.assistant.getState().loading).toBe(false));
    await first.idle();
    first.assistant.dispose();
    localStorage.set(SHOPPER_MARK_KEY, HOSTILE);

    const next = widget(localStorage);
    next.assistant.configure(base);
    expect(next.assistant.getState().messages.map((message) => message.content)).toEqual(['Mine', 'An answer']);
  });
});
