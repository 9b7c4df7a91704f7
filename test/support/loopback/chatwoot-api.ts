import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waiters } from './http';

// A loopback stand-in for Chatwoot's application API and its account webhooks, as Chatwoot documents
// them, for the n8n takeover workflow (which calls Chatwoot at a base URL of its Settings).
// Pages followed:
// - https://developers.chatwoot.com/api-reference/introduction: the application API under
//   `/api/v1/accounts/{account_id}/…`, authenticated by the `api_access_token` header (401 without it).
// - https://developers.chatwoot.com/api-reference/contacts/create-contact: `inbox_id`, `name`, `email`;
//   answers `payload.contact` and `payload.contact_inbox.source_id`.
// - https://developers.chatwoot.com/api-reference/conversations/create-new-conversation: `source_id`,
//   `inbox_id`, `contact_id`, `status`, `additional_attributes` (`referer` shows as the visitor's page).
// - https://developers.chatwoot.com/api-reference/messages/create-new-message: `content`,
//   `message_type` (`incoming` from the contact, `outgoing` from the team), `private` (a note the
//   contact never sees).
// - https://www.chatwoot.com/hc/user-guide/articles/1677693021-how-to-use-webhooks and
//   https://www.chatwoot.com/docs/product/others/webhook-events: every message, including those made
//   through the API and private notes, is posted as `message_created` (`message_type` as text,
//   `private`, `sender` with `type` `user` for an agent or `contact`, the `conversation` with its
//   `additional_attributes` and `meta.assignee`); a resolved conversation as `conversation_status_changed`
//   with the conversation's fields at the top and `status: "resolved"`.
// - https://developers.chatwoot.com/api-reference/webhooks/add-a-webhook (the Webhook's `secret`): signed
//   deliveries carry `X-Chatwoot-Timestamp` (Unix seconds) and `X-Chatwoot-Signature`, `sha256=` and the
//   hex HMAC-SHA256 of `{timestamp}.{raw request body}` under the webhook's secret, and
//   `X-Chatwoot-Delivery` (the delivery's id); Chatwoot's pull request #13573 ("add per-webhook secret")
//   says receivers should refuse a timestamp more than about five minutes old. The body is Rails'
//   `payload.to_json`, which writes <, > and & as \u003c, \u003e and \u0026: a receiver must check the
//   bytes it got, not its parsed body written anew.

/** An agent of the store's Chatwoot account, as a webhook's `sender` describes them. */
export interface ChatwootAgent {
  id: number;
  name: string;
  email: string;
  avatar_url?: string;
}

export interface ChatwootMessage {
  id: number;
  conversationId: number;
  content: string;
  messageType: 'incoming' | 'outgoing';
  private: boolean;
  sender: { id: number; name: string; type: 'user' | 'contact' | 'agent_bot'; email?: string; avatar_url?: string };
}

export interface ChatwootConversation {
  id: number;
  inbox_id: number;
  contact: { id: number; name: string; email?: string };
  status: 'open' | 'resolved' | 'pending';
  additional_attributes: Record<string, unknown>;
  assignee?: ChatwootAgent;
}

/** JSON as Rails' `to_json` writes it: <, > and & escaped, as are the line and paragraph separators. */
function railsJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of request) raw += (chunk as Buffer).toString();
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

/**
 * Starts the stand-in: one account (`accountId`) with one API-channel inbox (`inboxId`), the token the
 * API takes, and the account webhook's URL (set later, once n8n's address is known).
 */
export async function startChatwootApi(options: {
  accountId: number;
  inboxId: number;
  token: string;
  /** The account webhook's secret, which signs each delivery. */
  webhookSecret: string;
}) {
  const contacts: { id: number; name: string; email?: string; sourceId: string }[] = [];
  const conversations: ChatwootConversation[] = [];
  const messages: ChatwootMessage[] = [];
  const waiting = waiters(
    (timeoutMs) =>
      `the Chatwoot API did not receive what the test waited for within ${timeoutMs} ms; it saw:\n${log.join('\n') || '(nothing)'}`,
  );
  /** Each request and webhook, `METHOD path → status`, for a failure's message. */
  const log: string[] = [];
  let webhookUrl = '';
  let nextId = 1;

  const conversationPayload = (conversation: ChatwootConversation) => ({
    id: conversation.id,
    inbox_id: conversation.inbox_id,
    status: conversation.status,
    channel: 'Channel::Api',
    can_reply: true,
    additional_attributes: conversation.additional_attributes,
    custom_attributes: {},
    meta: {
      sender: { ...conversation.contact, type: 'contact' },
      assignee: conversation.assignee ? { ...conversation.assignee, type: 'user' } : null,
    },
  });

  /** A webhook delivery's headers, signed with `secret` (the webhook's own, or a forger's guess). */
  function signedHeaders(rawBody: string, secret: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
    return {
      'X-Chatwoot-Timestamp': timestamp,
      'X-Chatwoot-Signature': `sha256=${signature}`,
      'X-Chatwoot-Delivery': randomUUID(),
    };
  }

  async function deliver(rawBody: string, headers: Record<string, string>, what: string): Promise<number> {
    if (!webhookUrl) return 0;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: rawBody,
    });
    await response.arrayBuffer();
    log.push(`webhook ${what} → ${response.status}`);
    return response.status;
  }

  function post(body: Record<string, unknown>): Promise<number> {
    const rawBody = railsJson(body);
    return deliver(rawBody, signedHeaders(rawBody, options.webhookSecret), String(body.event));
  }

  /** The `message_created` event of `message`, as Chatwoot posts it for every new message. */
  function messageCreatedBody(message: ChatwootMessage): Record<string, unknown> {
    const conversation = conversations.find((candidate) => candidate.id === message.conversationId);
    if (!conversation) throw new Error(`no conversation ${message.conversationId}`);
    return {
      event: 'message_created',
      id: message.id,
      content: message.content,
      created_at: new Date().toISOString(),
      message_type: message.messageType,
      content_type: 'text',
      content_attributes: {},
      source_id: null,
      private: message.private,
      sender: message.sender,
      conversation: conversationPayload(conversation),
      account: { id: options.accountId, name: 'Store' },
      inbox: { id: conversation.inbox_id, name: 'Website assistant' },
    };
  }

  const messageCreated = (message: ChatwootMessage): Promise<number> => post(messageCreatedBody(message));

  function agentMessage(
    conversation: ChatwootConversation,
    agent: ChatwootAgent,
    content: string,
    privateNote: boolean,
  ) {
    return {
      id: nextId++,
      conversationId: conversation.id,
      content,
      messageType: 'outgoing' as const,
      private: privateNote,
      sender: { ...agent, type: 'user' as const },
    };
  }

  function addMessage(message: Omit<ChatwootMessage, 'id'>): ChatwootMessage {
    const created = { ...message, id: nextId++ };
    messages.push(created);
    void messageCreated(created).catch(() => undefined);
    return created;
  }

  const routes: { pattern: RegExp; handle: (match: string[], body: Record<string, unknown>) => [number, unknown] }[] = [
    {
      pattern: /^\/api\/v1\/accounts\/(\d+)\/contacts$/,
      handle: (_match, body) => {
        if (Number(body.inbox_id) !== options.inboxId) return [422, { message: 'Inbox not found' }];
        const contact = {
          id: nextId++,
          name: String(body.name ?? ''),
          ...(typeof body.email === 'string' ? { email: body.email } : {}),
          sourceId: `source-${nextId++}`,
        };
        contacts.push(contact);
        const { sourceId, ...shown } = contact;
        return [
          200,
          { payload: { contact: shown, contact_inbox: { inbox: { id: options.inboxId }, source_id: sourceId } } },
        ];
      },
    },
    {
      pattern: /^\/api\/v1\/accounts\/(\d+)\/conversations$/,
      handle: (_match, body) => {
        const contact = contacts.find((candidate) => candidate.sourceId === body.source_id);
        if (!contact || Number(body.inbox_id) !== options.inboxId) return [422, { message: 'Source not found' }];
        const conversation: ChatwootConversation = {
          id: nextId++,
          inbox_id: options.inboxId,
          contact: { id: contact.id, name: contact.name, ...(contact.email ? { email: contact.email } : {}) },
          status: body.status === 'pending' ? 'pending' : 'open',
          additional_attributes: (body.additional_attributes as Record<string, unknown> | undefined) ?? {},
        };
        conversations.push(conversation);
        return [200, { ...conversationPayload(conversation), account_id: options.accountId }];
      },
    },
    {
      pattern: /^\/api\/v1\/accounts\/(\d+)\/conversations\/(\d+)\/messages$/,
      handle: (match, body) => {
        const conversation = conversations.find((candidate) => candidate.id === Number(match[2]));
        if (!conversation) return [404, { error: 'Resource could not be found' }];
        const incoming = body.message_type === 'incoming';
        const message = addMessage({
          conversationId: conversation.id,
          content: String(body.content ?? ''),
          messageType: incoming ? 'incoming' : 'outgoing',
          private: body.private === true,
          // Through the API with a user's token: incoming messages are the contact's, outgoing ones that user's.
          sender: incoming
            ? { id: conversation.contact.id, name: conversation.contact.name, type: 'contact' }
            : { id: 900, name: 'Store assistant (API)', type: 'user' },
        });
        return [
          200,
          {
            id: message.id,
            content: message.content,
            message_type: incoming ? 0 : 1,
            private: message.private,
            conversation_id: conversation.id,
          },
        ];
      },
    },
  ];

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const answer = (status: number, body: unknown) => {
      log.push(`${request.method ?? ''} ${path} → ${status}`);
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.headers.api_access_token !== options.token)
      return answer(401, { errors: ['You need to sign in or sign up before continuing.'] });
    const route = routes.find((candidate) => candidate.pattern.test(path) && request.method === 'POST');
    const match = route ? route.pattern.exec(path) : null;
    if (!route || !match || Number(match[1]) !== options.accountId) return answer(404, { error: 'Not found' });
    readJson(request).then(
      (body) => {
        answer(...route.handle([...match], body));
        waiting.notify();
      },
      () => answer(400, { error: 'Invalid JSON' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    conversations,
    messages,
    setWebhookUrl: (url: string) => void (webhookUrl = url),
    /** Resolves once `check` holds (checked after each API call). */
    until: waiting.until,
    /** `agent` answers in `conversation` (a private note with `privateNote`); the webhook's status. */
    agentReplies(conversation: ChatwootConversation, agent: ChatwootAgent, content: string, privateNote = false) {
      conversation.assignee ??= agent;
      const message = agentMessage(conversation, agent, content, privateNote);
      messages.push(message);
      return messageCreated(message);
    },
    /**
     * Someone who is not Chatwoot posts, to the webhook's address, an agent's reply that Chatwoot never
     * made: `unsigned` without the signature headers, `wrongSecret` signed with a guessed secret, `altered`
     * a genuine delivery whose body was changed after signing. Returns n8n's status.
     */
    forgeReply(
      conversation: ChatwootConversation,
      agent: ChatwootAgent,
      content: string,
      how: 'unsigned' | 'wrongSecret' | 'altered',
    ): Promise<number> {
      const rawBody = railsJson(messageCreatedBody(agentMessage(conversation, agent, content, false)));
      if (how === 'unsigned') return deliver(rawBody, {}, `forged (${how})`);
      if (how === 'wrongSecret') return deliver(rawBody, signedHeaders(rawBody, 'guessed-secret'), `forged (${how})`);
      const genuine = railsJson(messageCreatedBody(agentMessage(conversation, agent, 'Thanks for waiting', false)));
      return deliver(rawBody, signedHeaders(genuine, options.webhookSecret), `forged (${how})`);
    },
    /** `agent` resolves `conversation`: Chatwoot posts `conversation_status_changed`. */
    resolve(conversation: ChatwootConversation, agent: ChatwootAgent): Promise<number> {
      conversation.assignee ??= agent;
      conversation.status = 'resolved';
      return post({
        event: 'conversation_status_changed',
        ...conversationPayload(conversation),
        changed_attributes: [{ status: { previous_value: 'open', current_value: 'resolved' } }],
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ChatwootApi = Awaited<ReturnType<typeof startChatwootApi>>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The inbox as a page, for the desk's side in the docs' pictures: the conversations on the left, and
 * `shown`'s messages on the right as an agent sees them (the contact's on the left, the team's on the
 * right, private notes marked). A stand-in drawn from what the stand-in holds, not Chatwoot's own screen.
 */
export function renderChatwootInbox(
  conversations: ChatwootConversation[],
  messages: ChatwootMessage[],
  shown: ChatwootConversation,
): string {
  const list = conversations
    .map(
      (conversation) =>
        `<div class="item${conversation === shown ? ' selected' : ''}"><b>${escapeHtml(conversation.contact.name)}</b><span>#${conversation.id} · ${conversation.status}</span></div>`,
    )
    .join('');
  const bubble = (message: ChatwootMessage) => {
    const kind = message.private ? 'note' : message.messageType === 'incoming' ? 'contact' : 'team';
    const text = escapeHtml(message.content).replace(/\*\*([^*\n]+)\*\*/g, '<b>$1</b>');
    const label = message.private ? '🔒 Private note · ' : '';
    return `<div class="message ${kind}"><div class="from">${label}${escapeHtml(message.sender.name)}</div><div class="text">${text}</div></div>`;
  };
  const shownMessages = messages.filter((message) => message.conversationId === shown.id).map(bubble);
  const referer = typeof shown.additional_attributes.referer === 'string' ? shown.additional_attributes.referer : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: #1f2d3d; display: flex; min-height: 100vh; }
aside { width: 190px; border-right: 1px solid #e0e6ed; background: #f8fafc; }
aside h2 { font-size: 14px; margin: 12px; } .item { padding: 8px 12px; display: flex; flex-direction: column; }
.item span { color: #6b7b8c; font-size: 12px; } .item.selected { background: #e5f0ff; border-left: 3px solid #1f93ff; }
section { flex: 1; display: flex; flex-direction: column; }
header { padding: 10px 14px; border-bottom: 1px solid #e0e6ed; display: flex; justify-content: space-between; align-items: center; }
header small { display: block; color: #6b7b8c; } .resolve { background: #44ce4b; color: #fff; border-radius: 4px; padding: 4px 10px; font-weight: 600; }
main { padding: 12px; display: flex; flex-direction: column; gap: 8px; background: #f4f6fb; flex: 1; }
.message { max-width: 80%; padding: 6px 10px; border-radius: 8px; white-space: pre-wrap; }
.contact { align-self: flex-start; background: #fff; } .team { align-self: flex-end; background: #1f93ff; color: #fff; }
.note { align-self: flex-end; background: #fff6d6; border: 1px solid #f5d98b; }
.from { font-size: 12px; font-weight: 600; opacity: 0.8; }
</style></head><body><aside><h2>Website assistant</h2>${list}</aside><section><header><div><b>${escapeHtml(shown.contact.name)}</b><small>${escapeHtml(referer)}</small></div><span class="resolve">Resolve</span></header><main>${shownMessages.join('')}</main></section></body></html>`;
}
