import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A loopback HTTP server of a test stand-in: its origin, and `close()` that also ends held connections. */
export interface LoopbackServer {
  /** e.g. "http://127.0.0.1:40123" (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

/** Handles one request, given its whole body as text. */
export type LoopbackHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  body: string,
) => void | Promise<void>;

/** Starts `handler` on a free port of 127.0.0.1 (never another interface). */
export async function startLoopback(handler: LoopbackHandler): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      Promise.resolve(handler(request, response, Buffer.concat(chunks).toString('utf8'))).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(String(error));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends `value` as JSON with `status`. */
export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What a test waits for on a loopback service: `notify()` after each call the service takes, and
 * `until(check)` resolves with `check`'s first value other than undefined, or fails after `timeoutMs`
 * with `what(timeoutMs)` saying what was awaited (and, where the service keeps one, what it saw).
 */
export function waiters(what: (timeoutMs: number) => string) {
  const listeners = new Set<() => void>();
  return {
    notify(): void {
      for (const listener of listeners) listener();
    },
    until<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
      return new Promise((resolve, reject) => {
        const test = () => {
          const value = check();
          if (value === undefined) return;
          listeners.delete(test);
          clearTimeout(timer);
          resolve(value);
        };
        const timer = setTimeout(() => {
          listeners.delete(test);
          reject(new Error(what(timeoutMs)));
        }, timeoutMs);
        listeners.add(test);
        test();
      });
    },
  };
}
