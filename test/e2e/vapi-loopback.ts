import { createServer, type IncomingMessage } from 'node:http';

/** A request the loopback Vapi API received. */
export interface VapiRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * A loopback stand-in for the Vapi API: it answers POST /call/web like the real one (the Daily room it
 * names cannot be joined offline) and records every request. It also serves the test pages (`page()`):
 * a page Chromium received from a real loopback server may call loopback APIs, while one fulfilled by
 * the test runner counts as public and would be refused by Private Network Access.
 */
export async function startVapiLoopback() {
  const pages = new Map<string, string>();
  const requests: VapiRequest[] = [];
  const server = createServer(async (request, response) => {
    if (request.method === 'GET' && pages.has(request.url ?? '')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void response.end(pages.get(request.url ?? ''));
    }
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body: await jsonBody(request),
    });
    response.writeHead(201, { 'Content-Type': 'application/json', ...cors });
    response.end(
      JSON.stringify({
        id: 'call_e2e',
        webCallUrl: 'https://vapi-e2e.daily.co/room-offline',
        assistant: { voice: { provider: '11labs' } },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    requests,
    /** The POSTs to /call/web so far. */
    calls: () => requests.filter((request) => request.method === 'POST' && request.url === '/call/web'),
    /** Serves `html` at `path` (starting with /page); returns the full URL. */
    page(path: string, html: string): string {
      pages.set(path, html);
      return `${url}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
