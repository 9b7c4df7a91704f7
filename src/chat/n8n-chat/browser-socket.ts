import type { ChatSocket, SocketHandlers } from './n8n-socket';

/** The part of the WebSocket constructor the chat uses: the browser's, or in tests the `ws` package's. */
export type WebSocketClass = new (url: string) => {
  onopen: ((event: never) => unknown) | null;
  onmessage: ((event: { data: unknown }) => unknown) | null;
  onclose: ((event: { code: number }) => unknown) | null;
  onerror: ((event: never) => unknown) | null;
  send(data: string): void;
  close(): void;
};

/**
 * Opens a WebSocket and reports its text frames and its close. A socket that cannot even be created (a
 * page's Content-Security-Policy, a malformed URL) reports a close with 1006, like one that dropped.
 */
export function openWebSocket(
  url: string,
  handlers: SocketHandlers,
  Socket: WebSocketClass = WebSocket as unknown as WebSocketClass,
): ChatSocket {
  let socket: InstanceType<WebSocketClass>;
  try {
    socket = new Socket(url);
  } catch {
    queueMicrotask(() => handlers.onClose(1006));
    return { send: () => undefined, close: () => undefined };
  }
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  };
  socket.onclose = (event) => handlers.onClose(event.code);
  // An error is always followed by a close, which is where it is handled.
  socket.onerror = () => undefined;
  return {
    send: (text) => socket.send(text),
    close: () => socket.close(),
  };
}
