import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One event the loopback server sends. */
export interface LoopbackEvent {
  id: string;
  type: string;
  data: unknown;
}

/** What the server saw of one request for the stream. */
export interface StreamRequest {
  sessionId: string | null;
  lastEventId: string | null;
}

function frame(event: LoopbackEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * A real Server-Sent Events server on the loopback interface, as a store's bridge would be: `GET /events`
 * replays every event after `Last-Event-ID` and then streams new ones; `POST /chat` is the webhook,
 * answering with what the test queued. It can drop every open stream, as a network would.
 */
export async function startLoopbackSse() {
  const events: LoopbackEvent[] = [];
  const streams = new Set<ServerResponse>();
  const requests: StreamRequest[] = [];
  const posts: unknown[] = [];
  const replies: unknown[] = [];

  const stream = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const lastEventId = (request.headers['last-event-id'] as string | undefined) ?? null;
    requests.push({ sessionId: url.searchParams.get('sessionId'), lastEventId });
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    response.write(': connected\n\n');
    const from = lastEventId === null ? 0 : events.findIndex((event) => event.id === lastEventId) + 1;
    for (const event of events.slice(from)) response.write(frame(event));
    streams.add(response);
    request.on('close', () => streams.delete(response));
  };

  const chat = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(replies.shift() ?? { output: 'Noted.' }));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://loopback');
    if (url.pathname === '/events') return stream(request, response, url);
    if (url.pathname === '/chat' && request.method === 'POST') return void chat(request, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    eventsUrl: `${base}/events`,
    webhookUrl: `${base}/chat`,
    requests,
    posts,
    /** Queues the webhook's next answer. */
    reply: (body: unknown) => void replies.push(body),
    get openStreams(): number {
      return streams.size;
    },
    /** Sends `event` to every open stream, and keeps it for replays. */
    push(event: LoopbackEvent): void {
      events.push(event);
      for (const response of streams) response.write(frame(event));
    },
    /** Sends an event again, as a server that replays too much would. */
    repeat(id: string): void {
      const event = events.find((candidate) => candidate.id === id);
      if (event) for (const response of streams) response.write(frame(event));
    },
    /** Cuts every open stream, as a dropped connection would. */
    drop(): void {
      for (const response of streams) response.destroy();
      streams.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
