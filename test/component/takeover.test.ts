import { fireEvent } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { jsonReply, type RecordedRequest } from '../support/fetch';
import { eventually, mountWidget, nextEvent, typeInto } from './helpers';

const EVENTS_URL = 'https://hooks.example/events';

/** The store's event stream, written by the test: each `send` is a chunk of `text/event-stream`. */
function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const encoder = new TextEncoder();
  return {
    respond(request: RecordedRequest): Response {
      if (!request.url.startsWith(EVENTS_URL)) return jsonReply({ output: 'One moment.', handoff: 'connecting' });
      const body = new ReadableStream<Uint8Array>({ start: (started) => void (controller = started) });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    },
    get open(): boolean {
      return controller !== null;
    },
    send(id: string, type: string, data: unknown): void {
      controller?.enqueue(encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

describe('a takeover by a person', () => {
  it('shows the wait with Cancel, then who answers, their messages under their name, and the way back', async () => {
    const stream = eventStream();
    const { el, root, findByRole, findByText, queryByRole } = await mountWidget(
      { 'events-url': EVENTS_URL, 'voice-provider': 'demo' },
      { reply: (request) => stream.respond(request) },
    );
    const started = nextEvent<{ status: string }>(el, 'store-assistant:handoff');
    fireEvent.click(await findByRole('button', { name: 'Talk to a human agent' }));
    expect((await started).detail).toEqual({ status: 'start' });
    await findByText('Connecting you to a person…');
    expect(await findByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(queryByRole('button', { name: 'Start call' })).toBeNull();
    await findByText('Calls are off while you chat with a person.');
    await eventually(() => expect(stream.open).toBe(true));

    stream.send('1', 'handoff', { status: 'joined', agent: { name: 'Sam' } });
    stream.send('2', 'message', { text: 'Hi, I am **Sam**.' });
    await findByText("You're chatting with Sam");
    await eventually(() => expect(root.querySelector('.chat-title h2')?.textContent).toBe('Sam'));
    await eventually(() => expect(root.querySelector('.message.from-agent .agent-name')?.textContent).toBe('Sam'));
    expect(root.querySelector('.message.from-agent .bubble')?.textContent).toContain('Hi, I am');

    const ended = nextEvent<{ status: string; reason: string }>(el, 'store-assistant:handoff');
    fireEvent.click(await findByRole('button', { name: 'Back to the assistant' }));
    expect((await ended).detail).toEqual({ status: 'end', reason: 'cancelled' });
    await eventually(() => expect(root.querySelector('.takeover')).toBeNull());
    expect(await findByRole('button', { name: 'Start call' })).toBeTruthy();
  });

  it('offers no call on the home view while a person is awaited or answers, and offers it again after', async () => {
    const stream = eventStream();
    const { findByRole, findByText, queryByRole } = await mountWidget(
      { 'events-url': EVENTS_URL, 'voice-provider': 'demo' },
      { reply: (request) => stream.respond(request) },
    );
    expect(await findByRole('button', { name: /Start a live call/ })).toBeTruthy();
    fireEvent.click(await findByRole('button', { name: 'Talk to a human agent' }));
    await findByText('Connecting you to a person…');
    fireEvent.click(await findByRole('button', { name: 'Back' }));
    await findByRole('button', { name: /Talk to a human agent/ });
    expect(queryByRole('button', { name: /Start a live call/ })).toBeNull();
    // Back in the chat, the visitor goes back to the assistant: calls are offered again.
    fireEvent.click(await findByRole('button', { name: /I'd like to talk to a human agent/ }));
    fireEvent.click(await findByRole('button', { name: 'Cancel' }));
    await findByRole('button', { name: 'Start call' });
    fireEvent.click(await findByRole('button', { name: 'Back' }));
    expect(await findByRole('button', { name: /Start a live call/ })).toBeTruthy();
  });

  it('out of hours: says so and takes an email address, checked, sent once with the conversation', async () => {
    const stream = eventStream();
    const { root, requests, findByRole, findByText, findByLabelText } = await mountWidget(
      { 'events-url': EVENTS_URL },
      { reply: (request) => stream.respond(request) },
    );
    fireEvent.click(await findByRole('button', { name: 'Talk to a human agent' }));
    await eventually(() => expect(stream.open).toBe(true));
    // The reply that started the wait has arrived: what the stream says next is not undone by it.
    await findByText('One moment.');
    stream.send('1', 'handoff', { status: 'unavailable' });
    await findByText('Our team is away right now.', { selector: '.system-line' });

    const field = (await findByLabelText('Email address')) as HTMLInputElement;
    typeInto(field, 'not-an-address');
    fireEvent.submit(field.form as HTMLFormElement);
    await findByText('Please enter a valid email address.');
    typeInto(field, 'shopper@example.com');
    fireEvent.submit(field.form as HTMLFormElement);
    await findByText("Thanks! We'll reply to you by email.");
    const sent = requests.filter((request) => String(JSON.stringify(request.body)).includes('"status":"email"'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ context: { handoff: { email: 'shopper@example.com' } } });
    expect(root.querySelector('.takeover-email')).toBeNull();
  });
});

describe('a takeover read by a screen reader', () => {
  it("names the email form's button apart from the composer's Send", async () => {
    const stream = eventStream();
    const { findByRole, findByText, getAllByRole } = await mountWidget(
      { 'events-url': EVENTS_URL },
      { reply: (request) => stream.respond(request) },
    );
    fireEvent.click(await findByRole('button', { name: 'Talk to a human agent' }));
    await eventually(() => expect(stream.open).toBe(true));
    await findByText('One moment.');
    stream.send('1', 'handoff', { status: 'timeout' });
    await findByText('Nobody is free to answer right now.', { selector: '.system-line' });
    expect(await findByRole('button', { name: 'Send email address' })).toBeTruthy();
    // The composer's button is the only one named "Send".
    expect(getAllByRole('button', { name: 'Send' })).toHaveLength(1);
  });

  it('says that the person left as a status of the conversation, not as the assistant', async () => {
    const stream = eventStream();
    const { root, findByRole, findByText } = await mountWidget(
      { 'events-url': EVENTS_URL },
      { reply: (request) => stream.respond(request) },
    );
    fireEvent.click(await findByRole('button', { name: 'Talk to a human agent' }));
    await eventually(() => expect(stream.open).toBe(true));
    const liveRegion = root.querySelector('[aria-live="polite"][aria-atomic="true"]');
    // The reply to the request is shown and announced before the person joins, as it is on a page whose
    // markdown renderer is there: a loaded machine can hold the renderer's first load past the takeover.
    await eventually(() => expect(liveRegion?.textContent).toBe('Assistant: One moment.'));
    stream.send('1', 'handoff', { status: 'joined', agent: { name: 'Sam' } });
    stream.send('2', 'message', { text: 'Hi, I am Sam.' });
    await findByText("You're chatting with Sam");
    // The person's message is announced under their name.
    await eventually(() => expect(liveRegion?.textContent).toBe('Sam: Hi, I am Sam.'));

    stream.send('3', 'handoff', { status: 'left' });
    const line = 'Sam left the conversation. The assistant is answering again.';
    await eventually(() => expect(liveRegion?.textContent).toBe(line));
    // Each moment of the takeover is such a line: the person joining, then leaving.
    const statuses = [...root.querySelectorAll('.system-line.status-line')].map((status) => status.textContent);
    expect(statuses).toEqual(['Sam joined the conversation.', line]);
    // Not a message of the assistant's: no bubble, no "Assistant:" before it.
    expect([...root.querySelectorAll('.message.bot')].some((bot) => bot.textContent?.includes(line))).toBe(false);
  });
});
