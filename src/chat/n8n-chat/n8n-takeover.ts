import { own } from '../../common/own';
import type { Warn } from '../../common/events';
import type { ChatStore } from '../chat-state';
import { chatSocketUrl, socketAnswer } from './n8n-request';
import type { N8nSocket } from './n8n-socket';
import type { SocketTakeover } from './socket-takeover';

/**
 * A person's takeover carried by n8n's chat socket. The workflow holds the visitor on a Wait node ("On
 * Webhook Call") while its team answers through the execution's resume URL, and sends each answer with
 * a Respond to Chat node: a reply whose `handoff` field says where the takeover stands, and whose text,
 * while a person answers, is theirs. What the visitor writes meanwhile goes back over the same socket:
 * n8n's chat service resumes the execution with it whatever node waits (packages/cli/src/chat/
 * chat-service.ts, resumeExecution; chat-execution-manager.ts, runNode: a Wait node, having no
 * `onMessage`, outputs the visitor's `chatInput`). While nothing is sent to the visitor, n8n keeps the
 * socket open with its heartbeats; it closes it when the execution ends.
 */

/** A Chat node's message as the chat read it. */
export interface SocketReply {
  text: string;
  handoff: unknown;
  /** No text, cards or orders: only a change of what follows. */
  empty: boolean;
}

/** The execution a chat socket URL follows. */
export function executionOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).searchParams.get('executionId');
  } catch {
    return null;
  }
}

/** FNV-1a of `text`, in hex: the same message always gets the same id. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value.toString(16);
}

/**
 * The id of a Chat node's message: its own `id` (at the top, or in `output`), which a workflow sets from
 * the execution and the node's run (`{{ $execution.id }}-{{ $runIndex }}`); otherwise one made of the
 * execution and the text, so the copy n8n sends again to a new connection is recognised.
 */
export function socketMessageId(raw: string, execution: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    value = undefined;
  }
  const id = own(value, 'id') ?? own(own(value, 'output'), 'id');
  if ((typeof id === 'string' && id.trim()) || typeof id === 'number') return String(id).slice(0, 100);
  return `n8n-${execution}-${hash(raw)}`;
}

/** What the takeover over the socket needs. */
export interface N8nTakeoverParts {
  store: ChatStore;
  socket: () => N8nSocket;
  takeover: SocketTakeover | undefined;
  warn: Warn;
}

/**
 * The chat's side of a takeover carried by n8n's chat socket: the socket's messages handed to the
 * takeover, the visitor's messages sent to the waiting execution, the execution followed again after a
 * reload, and let go once the visitor ended the takeover.
 */
export function createN8nTakeover({ store, socket, takeover, warn }: N8nTakeoverParts) {
  /** A socket message is changing the takeover: an end then is the person's, not the visitor's. */
  let receiving = false;
  /** The execution that carried the takeover last. */
  let carrier: string | null = null;
  /** Executions followed again already: one that could not be reached is tried again when the visitor writes. */
  const tried = new Set<string>();
  const underWay = () => takeover?.phase() === 'connecting' || takeover?.phase() === 'joined';

  const follow = (execution: string) => {
    const { config, sessionId } = store.getState();
    if (config.protocol !== 'n8n-chat' || !config.webhookUrl) return false;
    const url = chatSocketUrl(config.webhookUrl, execution, sessionId);
    socket()
      .follow(url)
      .catch((error: unknown) => warn(`chat: ${error instanceof Error ? error.message : String(error)}`));
    return true;
  };

  return {
    /** A message of the execution on `url`: true when it belongs to the takeover and shows as no reply. */
    take(raw: string, reply: SocketReply, url: string): boolean {
      const execution = executionOf(url);
      if (!takeover || execution === null) return false;
      receiving = true;
      let taken: boolean;
      try {
        taken = takeover.receive(
          { id: socketMessageId(raw, execution), text: reply.text, handoff: reply.handoff },
          execution,
        );
      } finally {
        receiving = false;
      }
      // A message that only changes the takeover shows nothing of its own.
      return taken || (reply.handoff !== undefined && reply.handoff !== null && reply.empty);
    },

    /** The typing dots show while the assistant works, not while a person is awaited or answers. */
    busy: (busy: boolean): boolean => busy && !underWay(),

    /** The visitor's message during a takeover, sent to the execution that carries it; false when there is none. */
    tell(content: string): boolean {
      const execution = underWay() ? (takeover?.execution() ?? null) : null;
      if (execution === null) return false;
      if (executionOf(socket().followed()) !== execution && !follow(execution)) return false;
      return socket().tell(socketAnswer(store.getState().sessionId, content));
    },

    /** The takeover changed or was loaded: its execution is followed again, or let go once the visitor ended it. */
    sync(): void {
      if (!takeover) return;
      const execution = takeover.execution();
      const followed = executionOf(socket().followed());
      if (takeover.phase() === 'none') {
        if (!receiving && carrier !== null && followed === carrier) socket().close();
        carrier = null;
        return;
      }
      carrier = execution ?? carrier;
      if (execution === null || followed !== null || tried.has(execution)) return;
      tried.add(execution);
      follow(execution);
    },

    /** The execution on `url` ended: the takeover it carried, if any, is over. */
    ended(url: string, failure: string | null): void {
      const execution = executionOf(url);
      if (failure === null && execution !== null) takeover?.ended(execution);
    },
  };
}

export type N8nTakeover = ReturnType<typeof createN8nTakeover>;
