// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../src/chat/replies/reply-parser';
import { createSseParser, type ServerSentEvent } from '../../src/handoff/sse-parser';
import { eventually } from '../support/patience';
import { deskMarkdown } from '../../demo/pages/desk-markdown.js';
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

describe('the desk shows the whole conversation', () => {
  interface Line {
    from: string;
    text: string;
  }
  const threadOf = async (sessionId: string) => {
    const queue = (await (await fetch(`${server.url}/api/agent/queue`)).json()) as {
      sessionId: string;
      thread: Line[];
    }[];
    return queue.find((entry) => entry.sessionId === sessionId)?.thread;
  };

  it('from the first message, not from "talk to a person" on', async () => {
    const sessionId = 'desk-whole-conversation';
    const history = [
      { role: 'user', content: 'Do you have linen shirts?' },
      { role: 'assistant', content: 'Yes! Here is our **Linen Shirt** ($49).' },
      { role: 'user', content: 'Is it in stock?' },
      { role: 'assistant', content: 'Yes, it is in stock.' },
    ];
    const reply = await post('/api/chat', { message: 'Can I talk to a person?', sessionId, history });
    expect(reply).toMatchObject({ handoff: { status: 'connecting' } });
    expect(await threadOf(sessionId)).toEqual([
      { from: 'visitor', text: 'Do you have linen shirts?' },
      { from: 'assistant', text: 'Yes! Here is our **Linen Shirt** ($49).' },
      { from: 'visitor', text: 'Is it in stock?' },
      { from: 'assistant', text: 'Yes, it is in stock.' },
      { from: 'visitor', text: 'Can I talk to a person?' },
      { from: 'assistant', text: reply.output },
    ]);
    // What the visitor writes while waiting follows, once.
    await post('/api/chat', { message: 'Thanks', sessionId, history, context: { handoff: { status: 'connecting' } } });
    expect((await threadOf(sessionId))?.slice(-2)).toEqual([
      { from: 'assistant', text: reply.output },
      { from: 'visitor', text: 'Thanks' },
    ]);
  });
});

describe("the desk's markdown", () => {
  /** The tags and attributes of `html`: only the small subset the desk formats may appear. */
  const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)].map((match) => match[1]);
  const attributesOf = (html: string) =>
    [...html.matchAll(/<[a-z0-9]+((?:\s[a-z-]+="[^"]*")*)>/g)].flatMap((match) =>
      [...(match[1] ?? '').matchAll(/\s([a-z-]+)=/g)].map((attribute) => attribute[1]),
    );

  it('renders bold, italics, code, links, lists and tables', () => {
    expect(deskMarkdown('Our **Linen Shirt** is *light*, code `LM-1048`.')).toBe(
      '<p>Our <strong>Linen Shirt</strong> is <em>light</em>, code <code>LM-1048</code>.</p>',
    );
    expect(deskMarkdown('Email [us](mailto:help@lumen.shop)')).toBe(
      '<p>Email <a href="mailto:help@lumen.shop" target="_blank" rel="noopener noreferrer">us</a></p>',
    );
    expect(deskMarkdown('To track:\n\n1. Open the email.\n2. Click *Track*.\n\n- one\n- two')).toBe(
      '<p>To track:</p><ol><li>Open the email.</li><li>Click <em>Track</em>.</li></ol><ul><li>one</li><li>two</li></ul>',
    );
    expect(deskMarkdown('| Size | Chest |\n|---|---|\n| S | 96 |')).toBe(
      '<table><thead><tr><th>Size</th><th>Chest</th></tr></thead><tbody><tr><td>S</td><td>96</td></tr></tbody></table>',
    );
    expect(deskMarkdown('line one\nline two')).toBe('<p>line one<br>line two</p>');
  });

  it.each([
    '<img src=x onerror="alert(1)">',
    '<script>alert(1)</script>',
    '[click](javascript:alert(1))',
    '[x](https://a.example/" onmouseover="alert(1))',
    '**<b>bold</b>** `<i>code</i>` *<svg onload=alert(1)>*',
    '| <img src=x> | a |\n|---|---|\n| b | c |',
    'a\u0000 0\u0000 b `c`',
  ])('never lets HTML from a message through: %s', (hostile) => {
    const html = deskMarkdown(hostile);
    for (const tag of tagsOf(html))
      expect([
        'p',
        'br',
        'strong',
        'em',
        'code',
        'a',
        'ul',
        'ol',
        'li',
        'table',
        'thead',
        'tbody',
        'tr',
        'th',
        'td',
      ]).toContain(tag);
    expect(attributesOf(html).every((name) => ['href', 'target', 'rel'].includes(name ?? ''))).toBe(true);
    expect(html).not.toMatch(/href="(?!https?:|mailto:|tel:)/);
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(html).not.toContain('undefined');
  });
});
