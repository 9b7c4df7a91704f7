import WebSocket from 'ws';
import { openWebSocket, type WebSocketClass } from '../../../src/chat/n8n-chat/browser-socket';
import { startedExecution } from '../../../src/chat/n8n-chat/n8n-reply';
import { chatSocketUrl, sendMessageRequest } from '../../../src/chat/n8n-chat/n8n-request';
import { createN8nSocket } from '../../../src/chat/n8n-chat/n8n-socket';
import { sentMessageId, type Message } from '../../../src/chat/message';
import { buildHistory } from '../../../src/chat/replies/history';
import { callWithResends } from '../../../src/chat/replies/resends';
import { WebhookError, type WebhookReply, type WebhookRequest } from '../../../src/chat/replies/webhook-client';
import type { Timers } from '../../../src/common/timers';
import { REPEAT_NOTE, type ErrorKind, type SentMessage } from './tally';

/**
 * Simulated visitors speaking the widget's own protocols with the widget's own code: the webhook
 * contract through `callWithResends` (the same body, `messageId` and resends on 429/503 as `Retry-After`
 * says), and n8n's chat through `sendMessageRequest` and the widget's chat socket client (heartbeats,
 * reconnects, one message shown once). Each visitor sends its next message once the answer to the last
 * one has arrived, after a think time.
 */

/** What a visitor's conversation asks, in turn (the demo catalogue answers each; none asks for a person). */
export const QUESTIONS = [
  'Show me the new arrivals',
  'Do you have a tote bag?',
  'What does shipping cost?',
  'Is the desk lamp in stock?',
  'Thanks, that is all',
];

export interface VisitorPlan {
  /** Names this run's messageIds, so the workflow's side can be read back for this run only. */
  prefix: string;
  index: number;
  protocol: 'webhook' | 'n8n-chat';
  url: string;
  /** The store page's origin, sent as a browser would (the workflows' Allowed Origins). */
  origin: string;
  messages: number;
  startDelayMs: number;
  thinkMs: number;
  /** Ends the visitor at the run's time limit. */
  signal: AbortSignal;
  random: () => number;
}

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(handle);
      resolve();
    };
    const handle = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function statusKind(status: number): ErrorKind {
  if (status === 429) return '429';
  if (status === 503) return '503';
  return 'other-http';
}

/** The page's fetch, as the visitor's browser sends it (with its Origin), noting each failed attempt. */
function recordingFetch(plan: VisitorPlan, record: SentMessage): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Origin', plan.origin);
    try {
      const response = await fetch(input, { ...init, headers });
      if (!response.ok) record.errors.push(statusKind(response.status));
      return response;
    } catch (error) {
      const aborted = (error as Error).name === 'AbortError';
      record.errors.push(plan.signal.aborted ? 'time-limit' : aborted ? 'timeout' : 'network');
      throw error;
    }
  };
}

/** What a failed turn adds to its record: the failure kind the resends had not yet noted. */
function noteFailure(record: SentMessage, error: unknown, signal: AbortSignal): void {
  record.failed = true;
  if (signal.aborted) {
    if (record.errors.at(-1) !== 'time-limit') record.errors.push('time-limit');
    return;
  }
  if (error instanceof WebhookError && error.kind === 'stream') record.errors.push('stream');
}

/** The text of a webhook reply, for the next request's history. */
function replyText(reply: WebhookReply): string {
  if (reply.streamed) return reply.text;
  try {
    const value = JSON.parse(reply.body) as { output?: unknown; text?: unknown };
    if (typeof value.output === 'string') return value.output;
    if (typeof value.text === 'string') return value.text;
  } catch {
    // A plain-text reply is its own text.
  }
  return reply.body;
}

/** A WebSocket from the store page's origin, as the browser opens n8n's chat socket. */
function socketClass(origin: string): WebSocketClass {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { origin });
    }
  } as unknown as WebSocketClass;
}

/** One visitor of n8n's chat: its socket client, and the turn in progress that its events count for. */
function chatVisitor(plan: VisitorPlan, now: () => number) {
  let current: SentMessage | null = null;
  let ended: ((failure: string | null) => void) | null = null;
  const Socket = socketClass(plan.origin);
  const socket = createN8nSocket(
    {
      timers,
      random: plan.random,
      openSocket: (url, handlers) =>
        openWebSocket(
          url,
          {
            ...handlers,
            onClose: (code) => {
              if (code !== 1000 && code !== 1005 && !plan.signal.aborted) current?.errors.push('socket-drop');
              handlers.onClose(code);
            },
          },
          Socket,
        ),
    },
    {
      onMessage: (text) => {
        if (!current) return;
        current.replies += 1;
        current.gotRepeatNote ||= text.includes(REPEAT_NOTE);
        current.firstReplyAt ??= now();
      },
      onBusy: () => undefined,
      onFailure: () => undefined,
      onEnd: (_url, failure) => ended?.(failure),
    },
  );
  return {
    socket,
    /** Follows `execution` until n8n ends it (or the run's time limit); rejects when the socket failed for good. */
    async follow(record: SentMessage, execution: string): Promise<void> {
      current = record;
      const end = new Promise<string | null>((resolve) => (ended = resolve));
      const stop = () => ended?.('the time limit');
      plan.signal.addEventListener('abort', stop, { once: true });
      try {
        // The time limit ends the wait for the first message too.
        const first = socket.follow(chatSocketUrl(plan.url, execution, sentSession(plan)));
        const failure = await Promise.race([first.then(() => end), end]);
        if (failure) throw new Error(failure);
      } finally {
        plan.signal.removeEventListener('abort', stop);
        socket.close();
      }
    },
  };
}

function sentSession(plan: VisitorPlan): string {
  return `${plan.prefix}-v${plan.index}`;
}

/** Sends `message` as the widget does in `plan.protocol` and waits for its answer; the record of that turn. */
async function sendTurn(
  plan: VisitorPlan,
  conversation: Message[],
  message: Message,
  chat: ReturnType<typeof chatVisitor> | null,
  now: () => number,
): Promise<SentMessage> {
  const sessionId = sentSession(plan);
  const body: WebhookRequest = {
    message: message.content,
    history: buildHistory(conversation.slice(0, -1)),
    sessionId,
    messageId: sentMessageId(sessionId, message),
  };
  const record: SentMessage = {
    messageId: body.messageId ?? '',
    visitor: sessionId,
    sentAt: now(),
    firstReplyAt: null,
    replies: 0,
    queued: false,
    errors: [],
    failed: false,
    gotRepeatNote: false,
  };
  const encoded = chat ? sendMessageRequest(sessionId, body.message, { messageId: body.messageId }) : undefined;
  try {
    const reply = await callWithResends(
      { url: plan.url, body, encoded, fetch: recordingFetch(plan, record), timers, now: Date.now, signal: plan.signal },
      { onQueued: (queued) => (record.queued ||= queued), started: () => false, warn: () => undefined },
    );
    const execution = chat && !reply.streamed ? startedExecution(reply.body) : null;
    if (chat && execution !== null) await chat.follow(record, execution);
    else {
      record.replies += 1;
      record.firstReplyAt = now();
      const content = replyText(reply);
      record.gotRepeatNote = content.includes(REPEAT_NOTE);
      conversation.push({ id: `b${conversation.length}`, content, sender: 'bot', timestamp: now() });
    }
  } catch (error) {
    noteFailure(record, error, plan.signal);
  }
  return record;
}

/** Runs one visitor's conversation; the record of each message it sent. */
export async function runVisitor(plan: VisitorPlan, now: () => number): Promise<SentMessage[]> {
  const records: SentMessage[] = [];
  const conversation: Message[] = [];
  const chat = plan.protocol === 'n8n-chat' ? chatVisitor(plan, now) : null;
  await pause(plan.startDelayMs, plan.signal);
  for (let turn = 0; turn < plan.messages && !plan.signal.aborted; turn++) {
    if (turn > 0) await pause(plan.thinkMs * (0.5 + plan.random()), plan.signal);
    if (plan.signal.aborted) break;
    const content = QUESTIONS[turn % QUESTIONS.length] ?? 'Hi';
    const message: Message = { id: `m${turn + 1}`, content, sender: 'user', timestamp: now() };
    conversation.push(message);
    const record = await sendTurn(plan, conversation, message, chat, now);
    records.push(record);
    // The widget shows the failure with Retry; this visitor leaves.
    if (record.failed || record.replies === 0) break;
  }
  return records;
}
