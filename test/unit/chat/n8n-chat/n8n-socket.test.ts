// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { openWebSocket, type WebSocketClass } from '../../../../src/chat/n8n-chat/browser-socket';
import { chatSocketUrl, socketAnswer } from '../../../../src/chat/n8n-chat/n8n-request';
import { createN8nSocket } from '../../../../src/chat/n8n-chat/n8n-socket';
import { eventually } from '../../../support/patience';
import { startLoopbackChatServer, type LoopbackChatServer } from './loopback-chat-server';

// The widget's side of n8n's chat socket against a loopback server that speaks n8n 1.123's side
// (packages/cli/src/chat/chat-service.ts, see loopback-chat-server.ts), as n8n's own widget answers it
// (packages/frontend/@n8n/chat/src/components/Input.vue, setupWebsocketConnection and respondToChatNode).

let server: LoopbackChatServer;
beforeEach(async () => {
  server = await startLoopbackChatServer();
});
afterEach(async () => {
  await server.close();
});

function client() {
  const shown: string[] = [];
  const busy: boolean[] = [];
  const failures: string[] = [];
  const socket = createN8nSocket(
    {
      openSocket: (url, handlers) => openWebSocket(url, handlers, NodeWebSocket as unknown as WebSocketClass),
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
    },
    {
      onMessage: (text) => shown.push(text),
      onBusy: (value) => busy.push(value),
      onFailure: (reason) => failures.push(reason),
    },
  );
  return { socket, shown, busy, failures };
}

const webhookUrl = () => `${server.origin}/webhook/3f1c/chat`;
const connection = async (index: number) => {
  await eventually(() => expect(server.connections[index]).toBeDefined());
  return server.connections[index]!;
};

describe("n8n's chat socket", () => {
  it('opens /chat with the session and execution, as @n8n/chat builds it, and answers the heartbeat', async () => {
    server.executions.add('41');
    const { socket } = client();
    void socket.follow(chatSocketUrl(webhookUrl(), '41', 'session-a'));
    const first = await connection(0);
    expect(Object.fromEntries(first.query)).toEqual({ sessionId: 'session-a', executionId: '41', isPublic: 'true' });
    await eventually(() => expect(first.received).toEqual(['n8n|heartbeat-ack']));
    // n8n repeats the heartbeat every 30 s and cancels the execution after 60 s without an ack.
    first.socket.send('n8n|heartbeat');
    await eventually(() => expect(first.received).toEqual(['n8n|heartbeat-ack', 'n8n|heartbeat-ack']));
    socket.close();
  });

  it('shows several Chat node messages of one turn, in order, and ends the turn when n8n closes', async () => {
    server.executions.add('42');
    const { socket, shown, busy } = client();
    const turn = socket.follow(chatSocketUrl(webhookUrl(), '42', 's'));
    const first = await connection(0);
    // A Chat node with "Wait for User Reply" off: its message, then n8n|continue as n8n resumes it.
    first.socket.send('Looking that up…');
    await turn;
    first.socket.send('n8n|continue');
    await eventually(() => expect(busy.at(-1)).toBe(true));
    first.socket.send('Found **2** mugs.');
    first.socket.send('n8n|continue');
    first.socket.send('Anything else?');
    // The execution finished: chat-service.ts closeConnection closes without a status code.
    await eventually(() => expect(shown).toHaveLength(3));
    expect(socket.waitingForVisitor()).toBe(true);
    first.socket.close();
    // Closed: the next message starts a new execution.
    await eventually(() => expect(socket.waitingForVisitor()).toBe(false));
    expect(busy.at(-1)).toBe(false);
    expect(shown).toEqual(['Looking that up…', 'Found **2** mugs.', 'Anything else?']);
  });

  it("sends the visitor's answer to a message that waits for it over the socket, in chatMessageSchema's shape", async () => {
    server.executions.add('43');
    const { socket, shown } = client();
    const turn = socket.follow(chatSocketUrl(webhookUrl(), '43', 's-43'));
    const first = await connection(0);
    first.socket.send('Which size do you need?');
    await turn;
    expect(socket.waitingForVisitor()).toBe(true);
    const answered = socket.answer(socketAnswer('s-43', 'Medium'));
    await eventually(() => expect(first.received.length).toBe(2));
    expect(JSON.parse(first.received[1]!)).toEqual({
      sessionId: 's-43',
      action: 'sendMessage',
      chatInput: 'Medium',
      files: [],
    });
    expect(socket.waitingForVisitor()).toBe(false);
    // The same execution goes on: no new connection, the next message ends the answer's turn.
    first.socket.send('Medium it is.');
    await answered;
    expect(shown).toEqual(['Which size do you need?', 'Medium it is.']);
    expect(server.connections).toHaveLength(1);
    socket.close();
  });

  it('reconnects after a drop mid-turn and does not show twice the message n8n sends again', async () => {
    server.executions.add('44');
    const { socket, shown, failures } = client();
    const turn = socket.follow(chatSocketUrl(webhookUrl(), '44', 's-44'));
    const first = await connection(0);
    first.socket.send('Which colour?');
    await turn;
    // The connection drops (no close frame: 1006).
    first.socket.terminate();
    const second = await connection(1);
    expect(second.query.get('executionId')).toBe('44');
    await eventually(() => expect(second.received).toEqual(['n8n|heartbeat-ack']));
    // A new connection has no memory of the waiting node (chat-service.ts startSession): n8n sends its message again.
    second.socket.send('Which colour?');
    expect(socket.waitingForVisitor()).toBe(true);
    const answered = socket.answer(socketAnswer('s-44', 'Blue'));
    await eventually(() => expect(second.received).toHaveLength(2));
    second.socket.send('Blue, noted.');
    await answered;
    expect(shown).toEqual(['Which colour?', 'Blue, noted.']);
    expect(failures).toEqual([]);
    socket.close();
  });

  it('sends again an answer lost with a dropped socket, once n8n asks the same again', async () => {
    server.executions.add('45');
    const { socket, shown } = client();
    const turn = socket.follow(chatSocketUrl(webhookUrl(), '45', 's-45'));
    const first = await connection(0);
    first.socket.send('Your email?');
    await turn;
    // The answer leaves as the connection dies, before the widget knows: n8n never gets it.
    first.socket.terminate();
    const answered = socket.answer(socketAnswer('s-45', 'a@b.example'));
    const second = await connection(1);
    // The Chat node still waits, so n8n sends its message to the new connection.
    second.socket.send('Your email?');
    await eventually(() => expect(second.received.filter((text) => text.includes('a@b.example'))).toHaveLength(1));
    second.socket.send('Thanks!');
    await answered;
    expect(shown).toEqual(['Your email?', 'Thanks!']);
    socket.close();
  });

  it('fails the turn when n8n refuses the socket for an execution it does not have', async () => {
    const { socket } = client();
    await expect(socket.follow(chatSocketUrl(webhookUrl(), 'gone', 's'))).rejects.toThrow(
      'n8n refused the chat socket: Execution with id "gone" does not exist',
    );
    expect(server.connections).toHaveLength(0);
  });

  it('reports a failure outside a turn, and stops following when asked', async () => {
    server.executions.add('46');
    const { socket, failures } = client();
    const turn = socket.follow(chatSocketUrl(webhookUrl(), '46', 's'));
    const first = await connection(0);
    first.socket.send('Still there?');
    await turn;
    // The execution is gone (canceled): reconnecting is refused.
    server.executions.delete('46');
    first.socket.terminate();
    await eventually(() => expect(failures).toEqual([expect.stringContaining('does not exist')]));
    expect(socket.waitingForVisitor()).toBe(false);
  });
});
