// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../src/chat/replies/reply-parser';
import { createSseParser, type ServerSentEvent } from '../../src/handoff/sse-parser';
import { eventually } from '../support/patience';
import { withDemoServer } from './demo-server';

const server = withDemoServer();

const post = async (path: string, body: unknown) =>
  (
    await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json() as Promise<Record<string, unknown>>;

/** Opens the visitor's stream and collects its events until `controller` aborts it. */
function listen(sessionId: string, controller: AbortController, lastEventId?: string) {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event) });
  const headers: Record<string, string> = lastEventId ? { 'Last-Event-ID': lastEventId } : {};
  void fetch(`${server.url}/api/events?sessionId=${sessionId}`, { headers, signal: controller.signal })
    .then(async (response) => {
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
        parser.push(decoder.decode(chunk, { stream: true }));
    })
    .catch(() => undefined);
  return events;
}

describe("the demo's takeover desk", () => {
  it('queues a visitor who asks for a person; /agent joins, answers over the stream, and hands back', async () => {
    const sessionId = 'desk-visitor';
    const first = await post('/api/chat', {
      message: "I'd like to talk to a human agent",
      sessionId,
      history: [],
      context: { handoff: { status: 'connecting' } },
    });
    expect(first).toMatchObject({ handoff: { status: 'connecting' } });
    const queue = (await (await fetch(`${server.url}/api/agent/queue`)).json()) as { sessionId: string }[];
    expect(queue.map((entry) => entry.sessionId)).toContain(sessionId);

    const controller = new AbortController();
    const events = listen(sessionId, controller);
    await post('/api/agent/join', { sessionId });
    await post('/api/agent/send', { sessionId, text: 'Hi, Sam here.' });
    await eventually(() => expect(events.map((event) => event.type)).toEqual(['handoff', 'message']));
    expect(JSON.parse(events[0]?.data ?? '{}')).toMatchObject({ status: 'joined', agent: { name: 'Sam from Lumen' } });
    controller.abort();

    // The visitor's words go to the person, with no reply of the assistant's.
    expect(
      await post('/api/chat', { message: 'Thanks', sessionId, context: { handoff: { status: 'joined' } } }),
    ).toEqual({});
    await post('/api/agent/leave', { sessionId });
    const again = new AbortController();
    const resumed = listen(sessionId, again, events[1]?.id ?? '');
    await eventually(() => expect(resumed.map((event) => event.data)).toEqual(['{"status":"left"}']));
    again.abort();
  });
});

describe("the desk's out-of-hours answer", () => {
  it('tells the waiting visitor the team is away, and shows the address they leave', async () => {
    const sessionId = 'desk-away';
    await post('/api/chat', { message: 'A person please', sessionId, context: { handoff: { status: 'connecting' } } });
    const controller = new AbortController();
    const events = listen(sessionId, controller);
    expect(await post('/api/agent/away', { sessionId })).toEqual({ ok: true });
    await eventually(() => expect(events.map((event) => event.data)).toEqual(['{"status":"unavailable"}']));
    controller.abort();
    const queue = async () => (await (await fetch(`${server.url}/api/agent/queue`)).json()) as { sessionId: string }[];
    expect((await queue()).map((entry) => entry.sessionId)).not.toContain(sessionId);
    await post('/api/chat', {
      message: '',
      sessionId,
      context: { handoff: { status: 'email', email: 'ada@lumen.shop', reason: 'unavailable' } },
    });
    expect(await queue()).toContainEqual(expect.objectContaining({ sessionId, email: 'ada@lumen.shop' }));
  });
});

describe('a visitor asking for a person in their own words', () => {
  const context = { storeUrl: null, pageOrigin: 'http://127.0.0.1', imageHosts: [] };
  const queued = async () =>
    ((await (await fetch(`${server.url}/api/agent/queue`)).json()) as { sessionId: string }[]).map(
      (entry) => entry.sessionId,
    );
  const ask = async (message: string, sessionId: string) => {
    const response = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message, sessionId, history: [], context: {} }),
    });
    const type = response.headers.get('content-type') ?? '';
    return parseReply(await response.text(), context, { servedAsJson: type.includes('json') });
  };

  it.each([
    'Can I talk to a person?',
    'I want a human please',
    'Is there an agent I could ask about my order?',
    'I need a real person',
    'Could I speak with someone',
  ])('"%s" starts the takeover, as the quick action does, and joins the queue', async (message) => {
    const sessionId = `typed-${message.length}-${message.slice(0, 6)}`;
    const reply = await ask(message, sessionId);
    expect(reply.handoff).toEqual({ status: 'connecting' });
    expect(reply.text).toMatch(/connecting you/i);
    expect(await queued()).toContain(sessionId);
  });

  it.each(['A gift for someone who likes tea', 'Where is my order?', 'Show me your courses'])(
    '"%s" is not a request for a person',
    async (message) => {
      const sessionId = `not-a-person-${message.length}`;
      const reply = await ask(message, sessionId);
      expect(reply.handoff).toBeUndefined();
      expect(await queued()).not.toContain(sessionId);
    },
  );
});
