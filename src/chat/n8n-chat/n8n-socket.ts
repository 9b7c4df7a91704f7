import { backoffDelay, type Backoff } from '../../common/backoff';
import type { Timers } from '../../common/timers';

/**
 * n8n's chat socket, as n8n serves it (packages/cli/src/chat/chat-service.ts) and its own widget speaks
 * it (@n8n/chat, components/Input.vue): opened on `/chat?sessionId=…&executionId=…&isPublic=true` once a
 * Chat Trigger in "Using Response Nodes" mode has started an execution. The server sends
 * `n8n|heartbeat` on connecting and every 30 s, and cancels the execution when no `n8n|heartbeat-ack`
 * came for 60 s; it sends each Chat node's message as text; when the node does not wait for the
 * visitor (or the execution moved on without them) it sends `n8n|continue`: more is coming. A message
 * the visitor answers goes back over the socket and resumes that same execution. The server closes
 * the socket (no status code) when the execution has finished.
 */

export const HEARTBEAT = 'n8n|heartbeat';
export const HEARTBEAT_ACK = 'n8n|heartbeat-ack';
export const CONTINUE = 'n8n|continue';

/** What n8n sends before closing with 1008 when the execution is not (or no longer) there. */
const MISSING_EXECUTION = /^Execution with id ".*" does not exist$/;

/**
 * The wait before each new attempt after the socket dropped: about 0.5 s, 1 s, 2 s, 4 s, 8 s, the later
 * half of each random, so the visitors of an n8n that restarted do not all reconnect in the same instant.
 */
export const RECONNECT_BACKOFF: Backoff = { baseMs: 500, maxMs: 8_000 };
/** Attempts after a drop; once they are used up, the turn fails. */
export const MAX_RECONNECTS = 5;

/** Close codes of an execution that ended as it should: n8n closes without a status (1005), or 1000. */
const NORMAL_CLOSE = new Set([1000, 1005]);
/** n8n refused the socket (no session or execution, or an execution that does not exist): no retry. */
const REFUSED = 1008;

/** What a socket reports. */
export interface SocketHandlers {
  onOpen(): void;
  /** A text frame. */
  onMessage(text: string): void;
  onClose(code: number): void;
}

/** An open (or opening) socket. */
export interface ChatSocket {
  send(text: string): void;
  close(): void;
}

/** Opens a WebSocket on `url`, reporting to `handlers`: the one side effect of this module. */
export type OpenSocket = (url: string, handlers: SocketHandlers) => ChatSocket;

/** What the socket client needs: sockets, timers and, for the reconnects' jitter, a random source (0 to 1). */
export interface SocketDeps {
  openSocket: OpenSocket;
  timers: Timers;
  random?: () => number;
}

/** What the socket client tells the chat. */
export interface N8nSocketHooks {
  /** A Chat node's message, as n8n sent it. */
  onMessage(text: string): void;
  /** Whether more is on its way (after `n8n|continue`) or not (a message that waits, the end). */
  onBusy(busy: boolean): void;
  /** The socket failed for good while no turn was waiting on it. */
  onFailure(reason: string): void;
  /** The execution followed ended (`failure` null) or could not be reached again; not called when closed on purpose. */
  onEnd?(executionUrl: string, failure: string | null): void;
}

/** One execution followed over the socket. */
interface Followed {
  url: string;
  socket: ChatSocket | null;
  open: boolean;
  /** The last message waits for the visitor's answer. */
  waiting: boolean;
  /** The last message shown: n8n sends it again to a new connection while its node still waits. */
  last: string | null;
  /** On a new connection, the message that would come again and is not to be shown twice. */
  replay: string | null;
  /** What the visitor wrote meanwhile, sent once the socket (re)opens. */
  outbox: string[];
  /** The answer last sent, until a message shows n8n got it: one lost with a dropped socket is sent again. */
  unconfirmed: string | null;
  /** Counts connections: the one the unconfirmed answer went out on is `sentOn`. */
  connection: number;
  sentOn: number;
  /** The text n8n sent before refusing the socket. */
  refusal: string | null;
  attempts: number;
  retry: unknown;
  /** The turn waiting on this execution: settled by a message that waits for the visitor, or the end. */
  turn: { resolve: () => void; reject: (error: Error) => void } | null;
}

function settle(followed: Followed, failure: string | null): boolean {
  const turn = followed.turn;
  followed.turn = null;
  if (!turn) return false;
  if (failure) turn.reject(new Error(failure));
  else turn.resolve();
  return true;
}

/** The execution followed now, if any: each socket event checks it still is. */
interface Following {
  current: Followed | null;
}

function followed(url: string): Followed {
  return {
    url,
    socket: null,
    open: false,
    waiting: false,
    last: null,
    replay: null,
    outbox: [],
    unconfirmed: null,
    connection: 0,
    sentOn: 0,
    refusal: null,
    attempts: 0,
    retry: undefined,
    turn: null,
  };
}

/** A Chat node's message, as n8n sent it: shown once, even when a new connection brings it again. */
function receiveMessage(item: Followed, text: string, hooks: N8nSocketHooks): void {
  const replayed = item.replay !== null && text === item.replay;
  item.replay = null;
  // The message the answer was for, again, on a later connection: the answer was lost with the old one.
  if (replayed && item.unconfirmed !== null && item.sentOn < item.connection) {
    item.socket?.send(item.unconfirmed);
    item.sentOn = item.connection;
  }
  if (replayed) return;
  item.unconfirmed = null;
  item.attempts = 0;
  item.last = text;
  item.waiting = true;
  hooks.onBusy(false);
  hooks.onMessage(text);
  settle(item, null);
}

/** Opening connections for the followed execution, and what each one's frames and close mean. */
function connector(
  deps: SocketDeps,
  hooks: N8nSocketHooks,
  following: Following,
  end: (item: Followed, failure: string | null) => void,
) {
  const receive = (item: Followed, text: string) => {
    if (following.current !== item) return;
    if (text === HEARTBEAT) return item.socket?.send(HEARTBEAT_ACK);
    if (text === CONTINUE) {
      item.waiting = false;
      return hooks.onBusy(true);
    }
    if (MISSING_EXECUTION.test(text)) item.refusal = text;
    else receiveMessage(item, text, hooks);
  };

  const closed = (item: Followed, code: number) => {
    if (following.current !== item) return;
    item.socket = null;
    item.open = false;
    if (NORMAL_CLOSE.has(code)) return end(item, null);
    if (code === REFUSED) return end(item, `n8n refused the chat socket: ${item.refusal ?? 'code 1008'}`);
    if (item.attempts >= MAX_RECONNECTS)
      return end(item, `the chat socket dropped (code ${code}) and could not reconnect`);
    const delay = backoffDelay(item.attempts, RECONNECT_BACKOFF, deps.random);
    item.attempts += 1;
    item.retry = deps.timers.setTimeout(() => {
      if (following.current === item) connect(item);
    }, delay);
  };

  const connect = (item: Followed): void => {
    item.replay = item.waiting || item.unconfirmed !== null ? item.last : null;
    item.connection += 1;
    item.socket = deps.openSocket(item.url, {
      onOpen: () => {
        if (following.current !== item) return;
        item.open = true;
        if (item.outbox.length === 0) return;
        for (const text of item.outbox) item.socket?.send(text);
        item.sentOn = item.connection;
        item.outbox = [];
      },
      onMessage: (text) => receive(item, text),
      onClose: (code) => closed(item, code),
    });
  };
  return connect;
}

/**
 * Follows the executions of one chat, one at a time: answers heartbeats, shows each message once
 * (also across a reconnect), resumes a waiting execution with the visitor's answer, and reconnects
 * with back-off when the socket drops before the execution ended.
 */
export function createN8nSocket(deps: SocketDeps, hooks: N8nSocketHooks) {
  const following: Following = { current: null };

  const end = (item: Followed, failure: string | null) => {
    if (following.current !== item) return;
    following.current = null;
    deps.timers.clearTimeout(item.retry);
    hooks.onBusy(false);
    if (!settle(item, failure) && failure) hooks.onFailure(failure);
    hooks.onEnd?.(item.url, failure);
  };
  const connect = connector(deps, hooks, following, end);

  const turn = (item: Followed) =>
    new Promise<void>((resolve, reject) => {
      item.turn = { resolve, reject };
    });

  const close = () => {
    const item = following.current;
    following.current = null;
    if (!item) return;
    deps.timers.clearTimeout(item.retry);
    item.socket?.close();
    settle(item, null);
  };

  return {
    /**
     * Follows the execution on `url` (see chatSocketUrl). Resolves once the visitor is to speak (a
     * message that waits, or the end of the execution); rejects when the socket fails for good.
     */
    follow(url: string): Promise<void> {
      close();
      const item = followed(url);
      following.current = item;
      const settled = turn(item);
      connect(item);
      return settled;
    },

    /** A Chat node waits for the visitor: their next message answers it instead of starting an execution. */
    waitingForVisitor: (): boolean => following.current?.waiting === true,

    /** Sends `answer` (see socketAnswer) to the waiting execution; settles like {@link follow}. */
    answer(answer: string): Promise<void> {
      const item = following.current;
      if (!item) return Promise.reject(new Error('no execution waits for an answer'));
      item.waiting = false;
      item.unconfirmed = answer;
      item.sentOn = item.connection;
      const settled = turn(item);
      if (item.open) item.socket?.send(answer);
      else item.outbox = [answer];
      return settled;
    },

    /**
     * Sends `message` (see socketAnswer) to the execution followed, whatever node it waits on, without
     * waiting for what follows: during a takeover the person answers when they answer. Kept until the
     * socket (re)opens. False when no execution is followed.
     */
    tell(message: string): boolean {
      const item = following.current;
      if (!item) return false;
      item.waiting = false;
      if (item.open) item.socket?.send(message);
      else item.outbox.push(message);
      return true;
    },

    /** The socket URL of the execution followed now, if any. */
    followed: (): string | null => following.current?.url ?? null,

    /** Stops following (a new chat, the element removed): the socket closes, a waiting turn settles. */
    close,
  };
}

export type N8nSocket = ReturnType<typeof createN8nSocket>;
