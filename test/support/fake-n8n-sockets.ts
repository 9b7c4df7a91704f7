import type { SocketHandlers } from '../../src/chat/n8n-chat/n8n-socket';

/**
 * n8n's chat sockets, faked: each socket the widget opens is recorded with the handlers a test uses to
 * play n8n's side and what the widget sent; it opens at once and sends n8n's first heartbeat.
 */
export function fakeSockets() {
  const opened: { url: string; handlers: SocketHandlers; sent: string[]; closed: boolean }[] = [];
  const openSocket = (url: string, handlers: SocketHandlers) => {
    const socket = { url, handlers, sent: [] as string[], closed: false };
    opened.push(socket);
    queueMicrotask(() => {
      handlers.onOpen();
      handlers.onMessage('n8n|heartbeat');
    });
    return { send: (text: string) => void socket.sent.push(text), close: () => void (socket.closed = true) };
  };
  return { opened, openSocket };
}
