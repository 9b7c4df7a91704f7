import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../../src/app/assistant';
import { defaultConfig } from '../../../../src/app/config';
import { parseReply } from '../../../../src/chat/replies/reply-parser';
import { cleanSuggestions, MAX_SUGGESTIONS, suggestionsOf } from '../../../../src/chat/replies/suggestions';
import { dataLayerEntry, pushToDataLayer } from '../../../../src/analytics/data-layer';
import { fakeDeps } from '../../../support/fake-deps';
import { fakeFetch, hangingResponder, jsonReply, type RecordedRequest } from '../../../support/fetch';
import { eventually } from '../../../support/patience';

describe('suggestions in replies', () => {
  const context = { storeUrl: 'https://shop.example/', pageOrigin: 'https://shop.example', imageHosts: [] };
  it.each<[string, unknown]>([
    ['top level', { output: 'Hi', suggestions: ['A', 'B'] }],
    ["n8n's nested output", [{ output: { reply: 'Hi', suggestions: ['A', 'B'] } }]],
    ['quickReplies', { reply: 'Hi', quickReplies: ['A', 'B'] }],
    ['a fenced json block', 'Hi\n```json\n{"suggestions":["A","B"]}\n```'],
  ])('are read from %s', (_, body) => {
    expect(
      parseReply(typeof body === 'string' ? body : JSON.stringify(body), context, {
        servedAsJson: typeof body !== 'string',
      }),
    ).toMatchObject({ text: 'Hi', suggestions: ['A', 'B'] });
  });
});

describe('suggestionsOf', () => {
  it.each<[string, unknown, string[]]>([
    ['a list under suggestions', { suggestions: ['Sizes?', 'Shipping'] }, ['Sizes?', 'Shipping']],
    ['a list under quickReplies', { quickReplies: ['Yes', 'No'] }, ['Yes', 'No']],
    ['no list', { reply: 'hi' }, []],
    ['not a list', { suggestions: 'Sizes?' }, []],
    ['non-strings dropped', { suggestions: [1, null, { text: 'x' }, ['y'], 'ok'] }, ['ok']],
    ['empty and blank dropped', { suggestions: ['', '   ', '\n', 'ok'] }, ['ok']],
    ['duplicates dropped, case-insensitively', { suggestions: ['Shipping', 'shipping', ' Shipping '] }, ['Shipping']],
    ['white space folded', { suggestions: ['Two\n\twords'] }, ['Two words']],
    [
      'bidi and zero-width characters removed',
      { suggestions: ['\u202Egnippihs\u202C', 'Sh\u200Bip'] },
      ['gnippihs', 'Ship'],
    ],
    ['inherited lists ignored', Object.create({ suggestions: ['from the prototype'] }), []],
  ])('reads %s', (_, value, expected) => {
    expect(suggestionsOf(value)).toEqual(expected);
  });

  it(`keeps at most ${MAX_SUGGESTIONS}, each at most 80 characters`, () => {
    const list = cleanSuggestions(Array.from({ length: 20 }, (_, index) => `${index} ${'x'.repeat(200)}`));
    expect(list).toHaveLength(MAX_SUGGESTIONS);
    expect(list.every((item) => item.length <= 80 && item.endsWith('…'))).toBe(true);
  });

  it('reads only the first 100 entries of a huge list', () => {
    const list = [...Array.from({ length: 100_000 }, () => ''), 'late'];
    expect(cleanSuggestions(list)).toEqual([]);
  });
});

function rated(
  options: { feedbackUrl?: string; respondFeedback?: (request: RecordedRequest) => Response | Promise<Response> } = {},
) {
  const { fetch, requests } = fakeFetch((request) =>
    request.url.includes('/feedback')
      ? (options.respondFeedback?.(request) ?? new Response(null, { status: 204 }))
      : jsonReply({ output: 'Our linen shirt.' }),
  );
  const harness = fakeDeps({ fetch });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    webhookUrl: 'https://hooks.example/chat',
    feedbackUrl: options.feedbackUrl ?? null,
  });
  return {
    ...harness,
    assistant,
    requests,
    feedbackRequests: () => requests.filter((request) => request.url.includes('/feedback')),
  };
}

describe('reply feedback', () => {
  async function withReply(options: Parameters<typeof rated>[0] = {}) {
    const harness = rated(options);
    harness.assistant.actions.sendMessage('Shirts?');
    await eventually(() => expect(harness.assistant.getState().loading).toBe(false));
    const reply = harness.assistant.getState().messages[1];
    if (!reply) throw new Error('no reply');
    return { ...harness, reply };
  }

  it('keeps the rating on the message, fires store-assistant:feedback and POSTs it to feedback-url', async () => {
    const { assistant, reply, events, feedbackRequests } = await withReply({
      feedbackUrl: 'https://hooks.example/feedback',
    });
    assistant.actions.rateReply(reply.id, 'up');
    expect(assistant.getState().messages[1]?.feedback).toBe('up');
    const detail = {
      messageId: reply.id,
      rating: 'up',
      content: 'Our linen shirt.',
      sessionId: assistant.getState().sessionId,
    };
    expect(events.filter((event) => event.name === 'feedback').map((event) => event.detail)).toEqual([detail]);
    await eventually(() => expect(feedbackRequests()).toHaveLength(1));
    expect(feedbackRequests()[0]).toMatchObject({ method: 'POST', body: detail });
  });

  it('lets the visitor change the rating; the same rating again sends nothing', async () => {
    const { assistant, reply, events, feedbackRequests } = await withReply({
      feedbackUrl: 'https://hooks.example/feedback',
    });
    assistant.actions.rateReply(reply.id, 'up');
    assistant.actions.rateReply(reply.id, 'up');
    assistant.actions.rateReply(reply.id, 'down');
    expect(assistant.getState().messages[1]?.feedback).toBe('down');
    expect(
      events.filter((event) => event.name === 'feedback').map((event) => (event.detail as { rating: string }).rating),
    ).toEqual(['up', 'down']);
    await eventually(() => expect(feedbackRequests()).toHaveLength(2));
  });

  it('without feedback-url sends nothing; a failing endpoint is logged, never shown as a chat error', async () => {
    const quiet = await withReply();
    quiet.assistant.actions.rateReply(quiet.reply.id, 'down');
    expect(quiet.feedbackRequests()).toHaveLength(0);

    const failing = await withReply({
      feedbackUrl: 'https://hooks.example/feedback',
      respondFeedback: () => new Response('no', { status: 500 }),
    });
    failing.assistant.actions.rateReply(failing.reply.id, 'down');
    await eventually(() => expect(failing.warnings.some((warning) => warning.includes('feedback'))).toBe(true));
    expect(failing.assistant.getState().notice).toBeNull();
    expect(failing.assistant.getState().messages).toHaveLength(2);
    expect(failing.events.some((event) => event.name === 'error')).toBe(false);
  });

  it("cannot rate the visitor's own messages, failed replies or unknown ids", async () => {
    const { assistant, events } = rated();
    assistant.actions.sendMessage('Hi');
    const question = assistant.getState().messages[0];
    assistant.actions.rateReply(question?.id ?? '', 'up');
    assistant.actions.rateReply('nope', 'up');
    expect(events.some((event) => event.name === 'feedback')).toBe(false);
    expect(assistant.getState().messages[0]?.feedback).toBeUndefined();
  });

  it('a slow endpoint is given up after its timeout, without a retry', async () => {
    vi.useFakeTimers();
    try {
      const { assistant, reply, feedbackRequests } = await withReply({
        feedbackUrl: 'https://hooks.example/feedback',
        respondFeedback: hangingResponder,
      });
      assistant.actions.rateReply(reply.id, 'up');
      await vi.advanceTimersByTimeAsync(10_001);
      expect(feedbackRequests()).toHaveLength(1);
      expect(feedbackRequests()[0]?.signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dataLayer entries', () => {
  const message = (extra: object) => ({
    id: '1',
    content: 'my email is a@b.example',
    sender: 'user',
    timestamp: 1,
    ...extra,
  });

  it.each<[string, unknown, boolean, unknown]>([
    ['open', {}, false, { event: 'store_assistant_open' }],
    ['message', message({}), false, { event: 'store_assistant_message' }],
    ['message', message({}), true, { event: 'store_assistant_message', content: 'my email is a@b.example' }],
    [
      'message',
      message({ sender: 'bot', products: [{}, {}] }),
      false,
      { event: 'store_assistant_reply', product_count: 2 },
    ],
    ['message', message({ sender: 'bot', status: 'error' }), false, null],
    ['suggestion', { text: 'Sizes?', index: 1 }, false, { event: 'store_assistant_suggestion_click', position: 1 }],
    [
      'feedback',
      { rating: 'down', content: 'secret', messageId: 'm', sessionId: 's' },
      false,
      { event: 'store_assistant_feedback', rating: 'down' },
    ],
    ['call-start', { demo: true }, false, { event: 'store_assistant_call_start', demo: true }],
    [
      'call-end',
      { seconds: 12, transcript: [{ role: 'user', text: 'my address' }] },
      false,
      { event: 'store_assistant_call_end', seconds: 12 },
    ],
    [
      'cart',
      { action: 'add', quantity: 1, cart: { itemCount: 3 }, product: { title: 'Shirt' } },
      false,
      { event: 'store_assistant_cart', action: 'add', quantity: 1, item_count: 3 },
    ],
    [
      'error',
      { source: 'chat', message: 'chat: the webhook answered 500' },
      false,
      { event: 'store_assistant_error', source: 'chat' },
    ],
    ['ready', { version: '1' }, false, null],
    ['transcript', { role: 'user', text: 'x', timestamp: 1 }, true, null],
  ])('%s → %j (content allowed: %s)', (name, detail, withContent, expected) => {
    expect(dataLayerEntry(name, detail, withContent)).toEqual(expected);
  });

  it('creates the dataLayer like Tag Manager, uses the one there, and leaves a foreign one alone', () => {
    const empty: { dataLayer?: unknown } = {};
    pushToDataLayer(empty, { event: 'a' });
    expect(empty.dataLayer).toEqual([{ event: 'a' }]);
    const pushed: unknown[] = [];
    const tagManager = { dataLayer: Object.assign([], { push: (value: unknown) => pushed.push(value) }) };
    pushToDataLayer(tagManager, { event: 'b' });
    expect(pushed).toEqual([{ event: 'b' }]);
    const foreign = { dataLayer: 'not ours' };
    pushToDataLayer(foreign, { event: 'c' });
    expect(foreign.dataLayer).toBe('not ours');
  });
});
