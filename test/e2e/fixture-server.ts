import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * The built file at `address` (a path, with or without the `?v=` query the widget adds to its parts): the
 * widget's script (`/store-assistant.js`) or a part beside it (`/store-assistant.voice.js`,
 * `/store-assistant.markdown.js?v=0.1.0`); null for any other address.
 */
export function builtWidgetFile(address: string): string | null {
  const pathname = address.split('?')[0] ?? '';
  return /^\/store-assistant(?:\.[a-z0-9-]+)?\.js$/.test(pathname)
    ? path.join(__dirname, '../../dist', pathname.slice(1))
    : null;
}

/** A request as a fixture handler sees it: the raw request and its body as text. */
export type FixtureHandler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

/**
 * A loopback server for browser tests that need pages and webhooks of their own: it serves the built
 * bundle at /store-assistant.js and its parts beside it, pages registered with `page()`, and handlers registered with
 * `handle()`. Pages come from a real server (not the test runner's request interception), so Chromium
 * treats them as local pages, like a store's.
 */
export async function startFixtureServer() {
  const pages = new Map<string, string>();
  const handlers = new Map<string, FixtureHandler>();
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture.local');
    try {
      // A test's own handler comes first, so a test can make a part beside the script fail or hang.
      const handler = handlers.get(url.pathname);
      if (handler) {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        return await handler(request, response, Buffer.concat(chunks).toString('utf8'));
      }
      const widgetFile = builtWidgetFile(url.pathname);
      if (widgetFile) {
        response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
        return response.end(await readFile(widgetFile));
      }
      const page = pages.get(url.pathname);
      if (page !== undefined) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        return response.end(page);
      }
      response.writeHead(404).end();
    } catch (error) {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    /** Serves `html` at `pathname`; returns the page's full URL. */
    page(pathname: string, html: string): string {
      pages.set(pathname, html);
      return `${url}${pathname}`;
    },
    /** Answers requests to `pathname` with `handler`. */
    handle(pathname: string, handler: FixtureHandler): string {
      handlers.set(pathname, handler);
      return `${url}${pathname}`;
    },
    async close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FixtureServer = Awaited<ReturnType<typeof startFixtureServer>>;

/** A page with the bundle and one `<store-assistant>` with `attributes` (an HTML attribute string). */
export function widgetPage(attributes: string, extra = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><script src="/store-assistant.js"></script></head>
<body>${extra}<store-assistant ${attributes}></store-assistant></body></html>`;
}

/** Sends a JSON reply. */
export function replyJson(response: ServerResponse, value: unknown, status = 200): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(value));
}
