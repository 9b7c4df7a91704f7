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

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of request) raw += (chunk as Buffer).toString();
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

/**
 * Starts the stand-in: one account (`accountId`) with one API-channel inbox (`inboxId`), the token the
 * API takes, and the account webhook's URL (set later, once n8n's address is known).
 */
export async function startChatwootApi(options: { accountId: number; inboxId: number; token: string }) {
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

  async function post(body: Record<string, unknown>): Promise<number> {
    if (!webhookUrl) return 0;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    log.push(`webhook ${String(body.event)} → ${response.status}`);
    return response.status;
  }

  /** Chatwoot posts every new message to the account's webhook. */
  function messageCreated(message: ChatwootMessage): Promise<number> {
    const conversation = conversations.find((candidate) => candidate.id === message.conversationId);
    if (!conversation) throw new Error(`no conversation ${message.conversationId}`);
    return post({
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
    });
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
      const message = {
        id: nextId++,
        conversationId: conversation.id,
        content,
        messageType: 'outgoing' as const,
        private: privateNote,
        sender: { ...agent, type: 'user' as const },
      };
      messages.push(message);
      return messageCreated(message);
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
