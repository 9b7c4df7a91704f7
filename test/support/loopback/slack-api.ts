import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waiters } from './http';

// A loopback stand-in for Slack's Web API and Events API, as Slack documents them, for the n8n takeover
// workflow: the workflow calls the Web API at a base URL of its Settings, and n8n's Slack Trigger takes
// the events the test posts as Slack would.
// Pages followed:
// - https://api.slack.com/web: methods at `https://slack.com/api/<method>`, the token as
//   `Authorization: Bearer <token>`, answers `{ "ok": true, … }` or `{ "ok": false, "error": "…" }`
//   (`not_authed`, `invalid_auth`, `channel_not_found`, `user_not_found`, `thread_not_found`).
// - https://api.slack.com/methods/chat.postMessage: `channel`, `text`, `thread_ts` (a reply in the thread
//   of that parent message); answers `channel`, `ts` and the `message`.
// - https://api.slack.com/methods/conversations.replies: `channel` and `ts` of a thread's parent; answers
//   `messages`, the parent first.
// - https://api.slack.com/methods/users.info: `user`; answers `user.name`, `user.real_name`,
//   `user.profile.display_name`, `user.profile.image_72`.
// - https://api.slack.com/reference/surfaces/formatting#escaping: `&`, `<` and `>` arrive escaped.
// - https://api.slack.com/apis/events-api#callback-field: the `event_callback` envelope (`token`,
//   `team_id`, `api_app_id`, `event`, `event_id`, `event_time`); https://api.slack.com/events/message
//   (a thread reply has `thread_ts`; a bot's message has `bot_id`) and
//   https://api.slack.com/events/reaction_added (`reaction`, `item: { type, channel, ts }`).
// - https://api.slack.com/authentication/verifying-requests-from-slack: every event and every interaction
//   is signed, `X-Slack-Request-Timestamp` and `X-Slack-Signature: v0=` + HMAC-SHA256 of
//   `v0:<timestamp>:<body>` with the app's signing secret.
// - https://api.slack.com/reference/block-kit/blocks#actions and
//   https://api.slack.com/reference/block-kit/block-elements#button: a message's `blocks`, an `actions`
//   block holding `button` elements (`action_id`, `value`, `text`, `style`).
// - https://api.slack.com/interactivity/handling#payloads: a click is posted to the app's Interactivity
//   Request URL as `application/x-www-form-urlencoded`, its JSON in the `payload` parameter, signed as
//   events are; https://api.slack.com/reference/interaction-payloads/block-actions: `type: "block_actions"`,
//   `user` (`id`, `username`, `name`, `team_id`), `container` (`type: "message"`, `message_ts`,
//   `channel_id`, `thread_ts`), `channel`, `message` (the message of the button, with its `blocks` and
//   `thread_ts`), `response_url`, `trigger_id`, and `actions` (the clicked element: `action_id`,
//   `block_id`, `value`, `type`, `action_ts`).

/** A person of the store's workspace, as users.info describes them. */
export interface SlackUser {
  id: string;
  name: string;
  real_name: string;
  profile: { display_name: string; real_name: string; image_72?: string };
}

/** A message of the team's channel, as the Web API returns it. */
export interface SlackMessage {
  type: 'message';
  channel: string;
  ts: string;
  text: string;
  user?: string;
  bot_id?: string;
  thread_ts?: string;
  /** Block Kit blocks the app posted with the message (buttons among them). */
  blocks?: SlackBlock[];
}

/** A Block Kit block, as far as the stand-in reads it: an `actions` block's buttons. */
export interface SlackBlock {
  type: string;
  block_id?: string;
  elements?: { type: string; action_id?: string; value?: string; text?: { type: string; text: string } }[];
}

const BOT_USER = 'U0BOTDESK';
const BOT_ID = 'B0BOTDESK';

/** Slack's text escaping undone: the text a person reads in the channel. */
function shownText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of request) raw += (chunk as Buffer).toString();
  if (!raw) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * Starts the stand-in on a free loopback port: `token` is the bot token the Web API takes, `signingSecret`
 * signs the events, `users` are the workspace's people. Set `eventsUrl` (the Slack Trigger's address)
 * before the team writes.
 */
export async function startSlackApi(options: { token: string; signingSecret: string; users: SlackUser[] }) {
  const messages: SlackMessage[] = [];
  const waiting = waiters((timeoutMs) => `the Web API did not receive what the test waited for within ${timeoutMs} ms`);
  let eventsUrl = '';
  let interactivityUrl = '';
  let clock = 1_700_000_000;
  const nextTs = () => `${clock++}.000100`;

  /** Posts `body` to `url` signed as Slack signs its requests; the HTTP status n8n answered. */
  async function signedPost(url: string, body: string, contentType: string, signingSecret: string): Promise<number> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'X-Slack-Request-Timestamp': timestamp, 'X-Slack-Signature': signature },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Posts one signed `event_callback`, as Slack's Events API does; the HTTP status n8n answered. */
  function deliver(event: Record<string, unknown>, signingSecret = options.signingSecret): Promise<number> {
    if (!eventsUrl) throw new Error('the events URL is not set');
    const body = JSON.stringify({
      token: 'verification-token-unused',
      team_id: 'T0STORE',
      api_app_id: 'A0DESK',
      event: { ...event, event_ts: nextTs() },
      type: 'event_callback',
      event_id: `Ev${clock}`,
      event_time: Math.floor(Date.now() / 1000),
    });
    return signedPost(eventsUrl, body, 'application/json', signingSecret);
  }

  const methods: Record<string, (body: Record<string, unknown>) => Record<string, unknown>> = {
    'chat.postMessage': (body) => {
      const channel = String(body.channel ?? '');
      if (!channel) return { ok: false, error: 'channel_not_found' };
      const threadTs = typeof body.thread_ts === 'string' && body.thread_ts ? body.thread_ts : undefined;
      if (threadTs && !messages.some((message) => message.ts === threadTs))
        return { ok: false, error: 'thread_not_found' };
      const message: SlackMessage = {
        type: 'message',
        channel,
        ts: nextTs(),
        text: shownText(String(body.text ?? '')),
        user: BOT_USER,
        bot_id: BOT_ID,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        ...(Array.isArray(body.blocks) ? { blocks: body.blocks as SlackBlock[] } : {}),
      };
      messages.push(message);
      // Slack tells the app of its own message too: the workflow must leave it out.
      if (eventsUrl) void deliver({ ...message }).catch(() => undefined);
      return { ok: true, channel, ts: message.ts, message };
    },
    'conversations.replies': (body) => {
      const parent = messages.find((message) => message.ts === body.ts && message.channel === body.channel);
      if (!parent) return { ok: false, error: 'thread_not_found' };
      const replies = messages.filter((message) => message.thread_ts === parent.ts && message !== parent);
      const limit = Number(body.limit ?? 1000);
      return { ok: true, messages: [parent, ...replies].slice(0, limit), has_more: false };
    },
    'users.info': (body) => {
      const user = options.users.find((candidate) => candidate.id === body.user);
      return user ? { ok: true, user } : { ok: false, error: 'user_not_found' };
    },
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const method = /^\/api\/([\w.]+)$/.exec(url.pathname)?.[1] ?? '';
    const answer = (body: unknown) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    readBody(request).then(
      (body) => {
        const handler = methods[method];
        if (!handler) return answer({ ok: false, error: 'unknown_method' });
        const auth = request.headers.authorization ?? '';
        if (!auth) return answer({ ok: false, error: 'not_authed' });
        if (auth !== `Bearer ${options.token}`) return answer({ ok: false, error: 'invalid_auth' });
        answer(handler({ ...Object.fromEntries(url.searchParams), ...body }));
        waiting.notify();
      },
      () => answer({ ok: false, error: 'invalid_json' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

  return {
    /** The Web API's base, as `https://slack.com/api` is Slack's. */
    baseUrl,
    messages,
    setEventsUrl: (url: string) => void (eventsUrl = url),
    /** The app's Interactivity Request URL, where clicks on its buttons go. */
    setInteractivityUrl: (url: string) => void (interactivityUrl = url),
    /** Resolves once `check` holds for the messages posted (checked after each Web API call). */
    until: waiting.until,
    /** `user` writes `text` in the thread of `parent`; the status n8n answered the event with. */
    replyInThread(parent: SlackMessage, user: SlackUser, text: string, signingSecret?: string): Promise<number> {
      // Slack sends a person's `&`, `<` and `>` escaped.
      const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const message: SlackMessage = {
        type: 'message',
        channel: parent.channel,
        ts: nextTs(),
        text: escaped,
        user: user.id,
        thread_ts: parent.ts,
      };
      // A request Slack did not sign is no message of the channel.
      if (signingSecret === undefined || signingSecret === options.signingSecret) messages.push(message);
      return deliver({ ...message, channel_type: 'channel' }, signingSecret);
    },
    /**
     * `user` clicks the button `actionId` of the app's `message`: Slack posts a signed `block_actions`
     * payload to the Interactivity Request URL. The status n8n answered.
     */
    clickButton(message: SlackMessage, user: SlackUser, actionId: string, signingSecret = options.signingSecret) {
      if (!interactivityUrl) throw new Error('the interactivity URL is not set');
      const block = message.blocks?.find((candidate) =>
        candidate.elements?.some((element) => element.action_id === actionId),
      );
      const button = block?.elements?.find((element) => element.action_id === actionId);
      if (!block || !button) throw new Error(`the message ${message.ts} has no button ${actionId}`);
      const payload = {
        type: 'block_actions',
        user: { id: user.id, username: user.name, name: user.name, team_id: 'T0STORE' },
        api_app_id: 'A0DESK',
        token: 'verification-token-unused',
        container: {
          type: 'message',
          message_ts: message.ts,
          channel_id: message.channel,
          is_ephemeral: false,
          ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
        },
        trigger_id: `${clock}.trigger`,
        team: { id: 'T0STORE', domain: 'store' },
        enterprise: null,
        is_enterprise_install: false,
        channel: { id: message.channel, name: 'store-team' },
        message: { ...message },
        state: { values: {} },
        response_url: `https://hooks.slack.com/actions/T0STORE/${clock}/response`,
        actions: [{ ...button, block_id: block.block_id ?? 'block', type: 'button', action_ts: nextTs() }],
      };
      const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
      return signedPost(interactivityUrl, body, 'application/x-www-form-urlencoded', signingSecret);
    },
    /** `user` reacts with `reaction` (a name such as `white_check_mark`) to `message`. */
    react(message: SlackMessage, user: SlackUser, reaction: string): Promise<number> {
      return deliver({
        type: 'reaction_added',
        user: user.id,
        reaction,
        item_user: message.user,
        item: { type: 'message', channel: message.channel, ts: message.ts },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SlackApi = Awaited<ReturnType<typeof startSlackApi>>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The team's channel as a page, for the desk's side in the docs' pictures: each message of the channel
 * with its thread under it, names as Slack shows them (the app's, a person's display name), and the
 * buttons of the app's messages. A stand-in drawn from what the stand-in holds, not Slack's own screen.
 */
export function renderSlackChannel(messages: SlackMessage[], users: SlackUser[], channelName: string): string {
  const nameOf = (message: SlackMessage) => {
    if (message.bot_id) return 'Store desk <span class="app">APP</span>';
    const user = users.find((candidate) => candidate.id === message.user);
    return escapeHtml(user?.profile.display_name || user?.real_name || message.user || '');
  };
  const line = (message: SlackMessage) => {
    const buttons = (message.blocks ?? [])
      .flatMap((block) => block.elements ?? [])
      .filter((element) => element.type === 'button')
      .map((element) => `<span class="button">${escapeHtml(element.text?.text ?? '')}</span>`)
      .join('');
    const text = escapeHtml(message.bot_id ? message.text : shownText(message.text))
      .replace(/\*([^*\n]+)\*/g, '<b>$1</b>')
      .replace(/_([^_\n]+)_/g, '<i>$1</i>');
    return `<div class="message"><div class="from">${nameOf(message)}</div><div class="text">${text}</div>${buttons ? `<div class="buttons">${buttons}</div>` : ''}</div>`;
  };
  const parents = messages.filter((message) => !message.thread_ts);
  const threads = parents.map((parent) => {
    const replies = messages.filter((message) => message.thread_ts === parent.ts);
    return `${line(parent)}${replies.length ? `<div class="thread">${replies.map(line).join('')}</div>` : ''}`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: #fff; color: #1d1c1d; }
header { background: #3f0e40; color: #fff; padding: 12px 16px; font-weight: 700; }
main { padding: 8px 16px; }
.message { padding: 6px 0; white-space: pre-wrap; }
.from { font-weight: 800; } .app { font-size: 10px; background: #e8e8e8; color: #616061; padding: 1px 3px; border-radius: 3px; }
.thread { margin: 2px 0 10px 18px; padding-left: 12px; border-left: 3px solid #e0e0e0; }
.buttons { margin-top: 6px; } .button { display: inline-block; padding: 4px 12px; border-radius: 4px; background: #007a5a; color: #fff; font-weight: 700; font-size: 14px; }
</style></head><body><header># ${escapeHtml(channelName)}</header><main>${threads.join('')}</main></body></html>`;
}
