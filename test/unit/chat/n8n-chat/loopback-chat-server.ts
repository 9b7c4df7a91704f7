import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A loopback stand-in for n8n's chat socket, speaking the contract of n8n 1.123's
 * packages/cli/src/chat/chat-server.ts (upgrades on `/chat`) and chat-service.ts (startSession: both
 * `sessionId` and `executionId` or close 1008; an unknown execution gets `Execution with id "…" does
 * not exist` and 1008; `n8n|heartbeat` on connecting; each Chat node message as text; `n8n|continue`
 * when the execution goes on without the visitor; a plain close, no status code, once it finished;
 * the visitor's answer parsed with chatMessageSchema from chat-service.types.ts). Each test scripts
 * what the "execution" sends.
 */
export interface ChatConnection {
  socket: WebSocket;
  query: URLSearchParams;
  /** Every text the widget sent on this connection. */
  received: string[];
}

export interface LoopbackChatServer {
  /** e.g. "http://127.0.0.1:40123": the Chat Trigger URL's origin. */
  origin: string;
  connections: ChatConnection[];
  /** Executions that exist; a connection for any other is refused like n8n refuses it. */
  executions: Set<string>;
  close(): Promise<void>;
}

export async function startLoopbackChatServer(): Promise<LoopbackChatServer> {
  const server: Server = createServer((_request, response) => response.writeHead(404).end());
  const sockets = new WebSocketServer({ noServer: true });
  const connections: ChatConnection[] = [];
  const executions = new Set<string>();
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://loopback');
    if (!url.pathname.startsWith('/chat')) return socket.destroy();
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const query = url.searchParams;
      const executionId = query.get('executionId');
      if (!query.get('sessionId') || !executionId) return ws.close(1008);
      if (!executions.has(executionId)) {
        ws.send(`Execution with id "${executionId}" does not exist`);
        return ws.close(1008);
      }
      const connection: ChatConnection = { socket: ws, query, received: [] };
      ws.on('message', (data) => connection.received.push(String(data)));
      connections.push(connection);
      ws.send('n8n|heartbeat');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    connections,
    executions,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
