import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../../src/app/config';
import { memoryStorage, type SafeStorage } from '../../../../src/common/storage';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, jsonReply, textReply, type RecordedRequest } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

/**
 * Each visitor message is sent under one id, `messageId`, whatever happens to its reply: Retry, a reload
 * and another tab send it under the same id, so a workflow can drop a repeat; no two messages share one.
 */
const WEBHOOK = 'https://hooks.example/chat';
const FAILED = () => new Response('<html>busy</html>', { status: 500 });

let tabs = 0;
/** A page with the widget on `storage` (a reload or another tab: the same storage), answering with `respond`. */
function openPage(
  storage: SafeStorage,
  respond: (request: RecordedRequest) => Response,
  config: Partial<AssistantConfig> = {},
) {
  const { fetch, requests } = fakeFetch(respond);
  const tab = ++tabs;
  let ids = 0;
  const harness = fakeDeps({ fetch, localStorage: storage, randomId: () => `tab${tab}-id${++ids}` });
  const assistant = createAssistant(harness.deps);
  assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK, ...config });
  const state = () => assistant.getState();
  const settled = () => eventually(() => expect(state().loading).toBe(false));
  const failedReply = () => state().messages.find((message) => message.status === 'error');
  const sentIds = () => requests.map((request) => (request.body as { messageId?: unknown }).messageId);
  return { ...harness, assistant, actions: assistant.actions, state, settled, requests, failedReply, sentIds };
}

describe('messageId', () => {
  it('is the same when Retry sends a message again, and differs from message to message', async () => {
    let fail = true;
    const page = openPage(memoryStorage(), () => (fail ? FAILED() : textReply('Here it is')));
    page.actions.sendMessage('Where is my parcel?');
    await page.settled();
    fail = false;
    page.actions.retry(page.failedReply()?.id ?? '');
    await page.settled();
    page.actions.sendMessage('And my refund?');
    await page.settled();
    const [first, retried, next] = page.sentIds();
    expect(first).toEqual(expect.any(String));
    expect(retried).toBe(first);
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(first);
  });

  it('differs between two conversations, even for messages written at the same moment', async () => {
    const first = openPage(memoryStorage(), () => textReply('ok'));
    const second = openPage(memoryStorage(), () => textReply('ok'));
    first.actions.sendMessage('Hi');
    second.actions.sendMessage('Hi');
    await first.settled();
    await second.settled();
    expect(first.state().messages[0]?.id).toBe(second.state().messages[0]?.id);
    expect(first.sentIds()[0]).not.toBe(second.sentIds()[0]);
  });

  it.each([
    ['after a reload', true],
    ['from another tab', false],
  ])('is the same when Retry sends the message %s', async (_when, reload) => {
    const storage = memoryStorage();
    const first = openPage(storage, FAILED);
    first.actions.sendMessage('Is the linen shirt in stock?');
    await first.settled();
    await first.idle();
    if (reload) first.assistant.dispose();

    const second = openPage(storage, () => textReply('Yes'));
    await eventually(() => expect(second.failedReply()).toBeDefined());
    second.actions.retry(second.failedReply()?.id ?? '');
    await second.settled();
    expect(first.sentIds()).toHaveLength(1);
    expect(second.sentIds()).toEqual(first.sentIds());
  });

  it("travels in n8n chat's metadata, beside the visitor context", async () => {
    const page = openPage(
      memoryStorage(),
      (request) =>
        (request.body as { action?: string }).action === 'loadPreviousSession'
          ? jsonReply({ data: [] })
          : jsonReply({ output: 'Yes' }),
      { protocol: 'n8n-chat' },
    );
    page.actions.sendMessage('Do you ship to Norway?');
    await page.settled();
    const sent = page.requests.find((request) => (request.body as { action?: string }).action === 'sendMessage');
    const metadata = (sent?.body as { metadata?: { messageId?: unknown } }).metadata;
    expect(metadata?.messageId).toBe(`${page.state().sessionId}:${page.state().messages[0]?.id}`);
  });
});
