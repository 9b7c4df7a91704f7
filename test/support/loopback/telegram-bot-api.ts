import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waiters } from './http';

// A loopback stand-in for Telegram's Bot API, as its documentation describes it, for the n8n takeover
// workflows: n8n's Telegram credential has a Base URL, so its nodes and trigger reach this server instead.
// Pages followed (https://core.telegram.org/bots/api):
// - #making-requests: `POST {base}/bot<token>/<method>` with a JSON body; the answer is
//   `{ "ok": true, "result": … }`, or `{ "ok": false, "error_code", "description" }`.
// - #setwebhook, #getwebhookinfo, #deletewebhook: the bot's webhook URL, its `allowed_updates`, and its
//   `secret_token`, sent back in the `X-Telegram-Bot-Api-Secret-Token` header of every update.
// - #update, #message, #user, #chat, #callbackquery: the updates posted to the webhook, a message's
//   `reply_to_message` (the message it answers, in full), `from.first_name`, a callback query's `data`.
// - #sendmessage (`chat_id`, `text`, `parse_mode`, `reply_to_message_id`, `message_thread_id`,
//   `reply_markup`), #formatting-options (HTML: the message's `text` is what shows, without the tags),
//   #inlinekeyboardmarkup (`callback_data`), #answercallbackquery.
// - #messageentity: a command such as `/done` arrives with a `bot_command` entity at its start.
// - #createforumtopic (`chat_id`, `name`; answers a #forumtopic: `message_thread_id`, `name`,
//   `icon_color`), #forumtopiccreated, and #message's `message_thread_id`, `is_topic_message` and
//   `forum_topic_created`: a topic's root is the service message of its creation, and #sendmessage with a
//   `message_thread_id` of no topic fails ("Bad Request: message thread not found"). As Telegram's
//   maintainers describe message threads (github.com/tdlib/telegram-bot-api/issues/356), a thread is its
//   root message and every message replying to it: a message written in a topic without "Reply" arrives
//   as a reply to that root, whose message_id is the topic's message_thread_id.

/** A person on the store's team, as Telegram names them (#user). */
export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

/** A message of the team's chat, as Telegram keeps it (#message): the bot's and the team's. */
export interface TelegramMessage {
  message_id: number;
  date: number;
  chat: { id: number; type: 'group' | 'supergroup' | 'private'; title?: string };
  from: TelegramUser;
  text: string;
  message_thread_id?: number;
  is_topic_message?: boolean;
  /** The service message of a forum topic's creation: the topic's root. */
  forum_topic_created?: { name: string; icon_color: number };
  reply_to_message?: TelegramMessage;
  reply_markup?: { inline_keyboard?: { text: string; callback_data?: string; url?: string }[][] };
  entities?: { type: string; offset: number; length: number }[];
}

/** A Bot API method call the server received, for the test to read. */
export interface BotApiCall {
  token: string;
  method: string;
  body: Record<string, unknown>;
}

interface Webhook {
  url: string;
  secretToken: string;
  allowedUpdates: string[];
}

/** A call the Bot API refuses with 400 and this description. */
class BadRequest extends Error {}

const BOT: TelegramUser = { id: 7000001, is_bot: true, first_name: 'Store desk', username: 'store_desk_bot' };

/** HTML's tags removed and its entities read: the text Telegram shows of an HTML `parse_mode` message. */
function shownText(text: string, parseMode: unknown): string {
  if (parseMode !== 'HTML') return text;
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of request) raw += (chunk as Buffer).toString();
  if (!raw) return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return JSON.parse(raw) as Record<string, unknown>;
}

/**
 * Starts the stand-in on a free loopback port. Every token is a bot; the team's chat is any `chat_id`
 * the bot writes to. The test plays the team: {@link reply} and {@link press} post updates to the
 * webhook n8n's Telegram Trigger set, with its secret token, as Telegram would.
 */
export async function startTelegramBotApi() {
  const calls: BotApiCall[] = [];
  const messages: TelegramMessage[] = [];
  const webhooks = new Map<string, Webhook>();
  const waiting = waiters((timeoutMs) => `the Bot API did not receive what the test waited for within ${timeoutMs} ms`);
  /** The forum topics the bots created: message_thread_id → the topic's root message. */
  const topics = new Map<number, TelegramMessage>();
  let nextMessageId = 100;
  let nextUpdateId = 900_000;

  const methods: Record<string, (token: string, body: Record<string, unknown>) => unknown> = {
    getMe: () => BOT,
    getWebhookInfo: (token) => ({
      url: webhooks.get(token)?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: 0,
      allowed_updates: webhooks.get(token)?.allowedUpdates ?? [],
    }),
    setWebhook: (token, body) => {
      webhooks.set(token, {
        url: String(body.url ?? ''),
        secretToken: String(body.secret_token ?? ''),
        allowedUpdates: Array.isArray(body.allowed_updates) ? (body.allowed_updates as string[]) : [],
      });
      return true;
    },
    deleteWebhook: (token) => webhooks.delete(token) || true,
    createForumTopic: (_token, body) => {
      const name = String(body.name ?? '');
      if (!name || name.length > 128) throw new BadRequest('Bad Request: invalid topic name specified');
      const root: TelegramMessage = {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(body.chat_id), type: 'supergroup', title: 'Store team' },
        from: BOT,
        text: '',
        is_topic_message: true,
        forum_topic_created: { name, icon_color: 7322096 },
      };
      root.message_thread_id = root.message_id;
      topics.set(root.message_id, root);
      messages.push(root);
      return { message_thread_id: root.message_id, name, icon_color: 7322096 };
    },
    sendMessage: (_token, body) => {
      const thread = body.message_thread_id ? Number(body.message_thread_id) : undefined;
      if (thread !== undefined && !topics.has(thread)) throw new BadRequest('Bad Request: message thread not found');
      const replyTo = messages.find((message) => message.message_id === Number(body.reply_to_message_id));
      const message: TelegramMessage = {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(body.chat_id), type: 'supergroup', title: 'Store team' },
        from: BOT,
        text: shownText(String(body.text ?? ''), body.parse_mode),
        ...(thread !== undefined ? { message_thread_id: thread, is_topic_message: true } : {}),
        ...(replyTo ? { reply_to_message: replyTo } : {}),
        ...(body.reply_markup
          ? {
              reply_markup: (typeof body.reply_markup === 'string'
                ? JSON.parse(body.reply_markup)
                : body.reply_markup) as TelegramMessage['reply_markup'],
            }
          : {}),
      };
      messages.push(message);
      return message;
    },
    answerCallbackQuery: () => true,
  };

  const server = createServer((request, response) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token = '', method = ''] = match;
    readBody(request).then(
      (body) => {
        calls.push({ token, method, body });
        const handler = methods[method];
        if (!handler) return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
        try {
          answer(200, { ok: true, result: handler(token, body) });
        } catch (error) {
          if (!(error instanceof BadRequest)) throw error;
          answer(400, { ok: false, error_code: 400, description: error.message });
        }
        waiting.notify();
      },
      () => answer(400, { ok: false, error_code: 400, description: 'Bad Request: cannot parse the body' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Posts one update to the webhook of `token`, as Telegram does; the webhook's HTTP status. */
  async function deliver(token: string, update: Record<string, unknown>): Promise<number> {
    const webhook = webhooks.get(token);
    if (!webhook) throw new Error(`no webhook is set for the bot ${token}`);
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': webhook.secretToken },
      body: JSON.stringify({ update_id: nextUpdateId++, ...update }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  return {
    baseUrl,
    calls,
    /** Every message the bot sent, in order. */
    messages,
    /** The webhook n8n set for `token`, once it has. */
    webhook: (token: string) => webhooks.get(token),
    /** Resolves once `check` holds for what the server has received (checked after each call). */
    until: waiting.until,
    /** A person of the team writes `text` in the chat, answering `to` (Telegram's "Reply"). */
    reply(token: string, to: TelegramMessage, from: TelegramUser, text: string): Promise<number> {
      const command = /^\/[a-z]+/.exec(text);
      const message: TelegramMessage = {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: to.chat,
        from,
        text,
        reply_to_message: to,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
      };
      messages.push(message);
      return deliver(token, { message });
    },
    /**
     * A person of the team writes `text` in the forum topic `threadId`, without "Reply": Telegram sends it
     * as a reply to the topic's root, the service message of its creation.
     */
    writeInTopic(token: string, threadId: number, from: TelegramUser, text: string): Promise<number> {
      const root = topics.get(threadId);
      if (!root) throw new Error(`no forum topic ${threadId}`);
      const command = /^\/[a-z]+/.exec(text);
      const message: TelegramMessage = {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: root.chat,
        from,
        text,
        message_thread_id: threadId,
        is_topic_message: true,
        reply_to_message: root,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
      };
      messages.push(message);
      return deliver(token, { message });
    },
    /** A person of the team presses the inline button `data` under the bot's message `on`. */
    press(token: string, on: TelegramMessage, from: TelegramUser, data: string): Promise<number> {
      return deliver(token, {
        callback_query: { id: String(nextUpdateId), from, message: on, chat_instance: String(on.chat.id), data },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TelegramBotApi = Awaited<ReturnType<typeof startTelegramBotApi>>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The team's chat as a page, for the desk's side in the docs' pictures: each message with its sender, the
 * message it replies to, and its buttons, as a Telegram group shows them.
 */
export function renderTeamChat(messages: TelegramMessage[], title: string): string {
  const bubble = (message: TelegramMessage) => {
    const mine = message.from.is_bot;
    const quote = message.reply_to_message
      ? `<div class="quote">${escapeHtml(message.reply_to_message.text.split('\n')[0] ?? '')}</div>`
      : '';
    const buttons = (message.reply_markup?.inline_keyboard ?? [])
      .flat()
      .map((button) => `<span class="button">${escapeHtml(button.text)}</span>`)
      .join('');
    return `<div class="message ${mine ? 'bot' : 'person'}"><div class="from">${escapeHtml(message.from.first_name)}</div>${quote}<div class="text">${escapeHtml(message.text)}</div>${buttons ? `<div class="buttons">${buttons}</div>` : ''}</div>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body { margin: 0; font: 15px/1.4 system-ui, sans-serif; background: #dfe7ef; }
header { background: #517da2; color: #fff; padding: 12px 16px; font-weight: 600; }
main { display: flex; flex-direction: column; gap: 8px; padding: 12px; }
.message { max-width: 78%; padding: 6px 10px; border-radius: 12px; background: #fff; white-space: pre-wrap; }
.message.person { align-self: flex-end; background: #effdde; }
.from { font-weight: 600; color: #3a6d99; font-size: 13px; }
.quote { border-left: 3px solid #3a6d99; padding-left: 6px; color: #555; font-size: 13px; margin: 2px 0; }
.buttons { margin-top: 6px; } .button { display: inline-block; padding: 4px 10px; border-radius: 8px; background: #e8eef4; color: #3a6d99; }
</style></head><body><header>${escapeHtml(title)}</header><main>${messages.map(bubble).join('')}</main></body></html>`;
}
