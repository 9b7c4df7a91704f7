import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig } from '../../../../src/app/config';
import { MAX_RESEND_WAIT_MS, resendWait, SLOW_REPLY_MS } from '../../../../src/chat/replies/resends';
import { WebhookError } from '../../../../src/chat/replies/webhook-client';
import { englishStrings } from '../../../../src/i18n/strings';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, textReply, type RecordedRequest } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

/**
 * A busy webhook, told honestly: a 429 or 503 is waited out as its Retry-After says, a refused
 * connection is sent again after a back-off, both within the limits, and the visitor meanwhile reads that
 * the message is queued, never that it failed; past the limits, the failure with Retry.
 */
const WEBHOOK = 'https://hooks.example/chat';
const QUEUED = englishStrings.replyQueued;

afterEach(() => {
  vi.useRealTimers();
});

function setup(respond: (request: RecordedRequest, index: number) => Response | Promise<Response>) {
  vi.useFakeTimers();
  const { fetch, requests } = fakeFetch((request) => respond(request, requests.length - 1));
  const harness = fakeDeps({ fetch });
  const assistant = createAssistant(harness.deps);
  assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: WEBHOOK });
  const state = () => assistant.getState();
  /** Lets `ms` pass on the fake clock, running what falls due (and what that sets off). */
  const pass = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let turn = 0; turn < 5; turn++) await vi.advanceTimersByTimeAsync(0);
  };
  /** Back on the real clock, waits for `check` (the reply shown once the markdown renderer has loaded). */
  const settles = async (check: () => void) => {
    vi.useRealTimers();
    await eventually(check);
  };
  const bot = () => state().messages.filter((message) => message.sender === 'bot');
  const messageIds = () => requests.map((request) => (request.body as { messageId: string }).messageId);
  return { ...harness, assistant, actions: assistant.actions, state, requests, pass, settles, bot, messageIds };
}

const busy = (status: number, retryAfter?: string) =>
  new Response('busy', { status, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter } });

describe('resendWait', () => {
  const http = (status: number, retryAfterMs?: number) =>
    new WebhookError('http', `the webhook answered ${status}`, status, retryAfterMs);

  it.each<[string, unknown, number, number | null]>([
    ['503 with Retry-After', http(503, 5_000), 0, 5_000],
    ['429 with Retry-After', http(429, 12_000), 2, 12_000],
    ['429 asking for longer than allowed', http(429, MAX_RESEND_WAIT_MS + 1_000), 0, null],
    ['503 after the last resend', http(503, 1_000), 3, null],
    ['500', http(500), 0, null],
    ['404', http(404), 0, null],
    ['a timeout', new WebhookError('timeout', 'no answer'), 0, null],
    ['an HTML page', new WebhookError('html', 'a page'), 0, null],
    ['cancelled', new WebhookError('aborted', 'cancelled'), 0, null],
    ['anything else', new Error('boom'), 0, null],
  ])('%s', (_, error, resends, expected) => {
    expect(resendWait(error, resends)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ['a refused connection', new WebhookError('network', 'refused')],
    ['503 without Retry-After', http(503)],
    ['502', http(502)],
    ['504', http(504)],
  ])('%s: after a back-off of about 1 s, 2 s, 4 s, never sooner than half of it', (_, error) => {
    expect(resendWait(error, 0, () => 0)).toBe(500);
    expect(resendWait(error, 0, () => 1)).toBe(1_000);
    expect(resendWait(error, 2, () => 0)).toBe(2_000);
    expect(resendWait(error, 2, () => 1)).toBe(4_000);
    expect(resendWait(error, 3, () => 1)).toBeNull();
  });
});

describe('a busy webhook', () => {
  it('waits out a 503 for as long as Retry-After says, shows the message queued, and shows one answer', async () => {
    const chat = setup((_, index) => (index === 0 ? busy(503, '5') : textReply('Here it is')));
    chat.actions.sendMessage('Where is my parcel?');
    await chat.pass(0);
    expect(chat.requests).toHaveLength(1);
    expect(chat.state().notice?.text).toBe(QUEUED);
    expect(chat.state().loading).toBe(true);
    await chat.pass(4_900);
    expect(chat.requests).toHaveLength(1);
    await chat.pass(100);
    expect(chat.requests).toHaveLength(2);
    await chat.settles(() => expect(chat.bot().map((message) => message.content)).toEqual(['Here it is']));
    expect(chat.state().notice).toBeNull();
    expect(new Set(chat.messageIds()).size).toBe(1);
  });

  it('waits out a 429 until its Retry-After date', async () => {
    const chat = setup((_, index) =>
      index === 0 ? busy(429, new Date(chat.deps.now() + 20_000).toUTCString()) : textReply('Done'),
    );
    chat.actions.sendMessage('Add the mug');
    await chat.pass(19_900);
    expect(chat.requests).toHaveLength(1);
    await chat.pass(100);
    await chat.settles(() => expect(chat.bot().map((message) => message.content)).toEqual(['Done']));
  });

  it('shows the failure with Retry at once, keeping the message, when Retry-After asks for too long', async () => {
    const chat = setup(() => busy(429, String(MAX_RESEND_WAIT_MS / 1000 + 90)));
    chat.actions.sendMessage('Is the shirt in stock?');
    await chat.pass(0);
    expect(chat.requests).toHaveLength(1);
    expect(chat.state().messages.map((message) => [message.content, message.status])).toEqual([
      ['Is the shirt in stock?', undefined],
      [englishStrings.replyFailed, 'error'],
    ]);
    expect(chat.state().notice).toBeNull();
    expect(chat.state().loading).toBe(false);
  });

  it('sends again after a refused connection (a restarting server), three times at most, then fails with Retry', async () => {
    const chat = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    chat.actions.sendMessage('Hello?');
    await chat.pass(0);
    for (const [step, expected] of [
      [1_000, 2],
      [2_000, 3],
      [4_000, 4],
    ] as const) {
      expect(chat.state().notice?.text).toBe(QUEUED);
      await chat.pass(step);
      expect(chat.requests).toHaveLength(expected);
    }
    await chat.pass(60_000);
    expect(chat.requests).toHaveLength(4);
    expect(chat.bot().map((message) => message.status)).toEqual(['error']);
    expect(new Set(chat.messageIds()).size).toBe(1);
  });

  it('a server back after a restart answers the message once', async () => {
    const chat = setup((_, index) =>
      index < 2 ? Promise.reject(new TypeError('Failed to fetch')) : textReply('Back'),
    );
    chat.actions.sendMessage('Still there?');
    await chat.pass(1_000);
    await chat.pass(2_000);
    expect(chat.requests).toHaveLength(3);
    await chat.settles(() =>
      expect(chat.state().messages.map((message) => message.content)).toEqual(['Still there?', 'Back']),
    );
  });

  it('a new chat during the wait sends nothing more', async () => {
    const chat = setup(() => busy(503, '5'));
    chat.actions.sendMessage('Hello?');
    await chat.pass(0);
    chat.actions.newChat();
    await chat.pass(10_000);
    expect(chat.requests).toHaveLength(1);
    expect(chat.state().notice).toBeNull();
  });

  it(`a reply that has not begun after ${SLOW_REPLY_MS / 1000} s shows the message queued, not failed, until it comes`, async () => {
    let answer: (response: Response) => void = () => undefined;
    const chat = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    chat.actions.sendMessage('Hello?');
    await chat.pass(SLOW_REPLY_MS - 100);
    expect(chat.state().notice).toBeNull();
    await chat.pass(100);
    expect(chat.state().notice?.text).toBe(QUEUED);
    expect(chat.bot()).toEqual([]);
    answer(textReply('Sorry for the wait'));
    await chat.settles(() => expect(chat.bot().map((message) => message.content)).toEqual(['Sorry for the wait']));
    expect(chat.state().notice).toBeNull();
  });
});
