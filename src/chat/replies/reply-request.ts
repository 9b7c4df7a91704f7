import type { ChatDeps, ChatExtensions, ChatStore } from '../chat-state';
import type { Conversations } from '../conversations/conversations';
import { buildHistory } from './history';
import { looksLikeJsonText } from './ndjson-stream';
import { sentMessageId, type Message } from '../message';
import type { MessageLog } from '../message-log';
import { createReplyDisplay } from './reply-display';
import type { ProductContext } from './products';
import { parseReply } from './reply-parser';
import { callWithResends } from './resends';
import { callWebhook, WebhookError, type WebhookReply, type WebhookRequest } from './webhook-client';
import { loadEarlierSession, rememberSession } from '../n8n-chat/earlier-session';
import { createN8nSocket, type N8nSocket } from '../n8n-chat/n8n-socket';
import { chatNodeText, startedExecution } from '../n8n-chat/n8n-reply';
import { chatSocketUrl, sendMessageRequest, socketAnswer } from '../n8n-chat/n8n-request';
import { createN8nTakeover, type N8nTakeover } from '../n8n-chat/n8n-takeover';
import type { createAgUi } from '../ag-ui/ag-ui';
import type { ChatProtocol } from '../chat-state';
import { createClientToolCalls, type ClientToolCalls, type ToolAnswers } from './client-tools';
import type { AgentsPart } from './agents-part';

/** Without a customer feature, everyone is a guest. */
const GUEST = () => null;

/** Why the widget cancelled a reply in flight. */
export type CancelReason = 'new-chat' | 'removed';

/** What a reply request needs besides the store and the side effects. */
export interface ReplyRequestParts extends ChatExtensions {
  log: MessageLog;
  conversations: Conversations;
  /** Loads the markdown renderer, so the reply shows formatted. */
  ensureMarkdown: () => Promise<void>;
  /** The visitor context to send with each message, if any. */
  visitorContext: { readonly configured: boolean; read(): Promise<WebhookRequest['context']> };
}

interface InFlight {
  controller: AbortController;
  /** Why the widget cancelled it; once set, its end has already been shown. */
  reason: CancelReason | null;
  sessionId: string;
  userMessage: Message;
  /** The id of the streamed reply on screen, once the first text arrived. */
  streamedId: string | null;
}

/**
 * The webhook request for `userMessage`: the message and the conversation before it. For a reply
 * (an agent's run continuing after the visitor answered its tool calls) no message, and the
 * conversation up to that reply.
 */
function requestBody(store: ChatStore, userMessage: Message): WebhookRequest {
  const { sessionId, messages } = store.getState();
  if (userMessage.sender === 'bot')
    return { message: '', history: buildHistory(messages.slice(0, messages.indexOf(userMessage) + 1)), sessionId };
  return {
    message: userMessage.content,
    history: buildHistory(messages.slice(0, messages.indexOf(userMessage))),
    sessionId,
    messageId: sentMessageId(sessionId, userMessage),
    ...(userMessage.quickAction ? { quickAction: userMessage.quickAction } : {}),
  };
}

/**
 * The reply's text and products: a streamed reply's text (with the fields the AI SDK's and AG-UI's
 * streams send apart, read as one reply), or the body read by its content type.
 */
function parse(reply: WebhookReply, context: ProductContext) {
  if (!reply.streamed) return parseReply(reply.body, context, { servedAsJson: /json/i.test(reply.contentType) });
  return parseReply(reply.parts ? [{ output: reply.text }, ...reply.parts] : reply.text, context);
}

/** Whether `protocol` is an agent's, written and read by the agents part beside the script. */
export const isAgentProtocol = (protocol: ChatProtocol) => protocol === 'ai-sdk' || protocol === 'ag-ui';

/**
 * What a request to an agent sends back of the widget's tool: for a run that continues after the
 * visitor answered the calls of `question` (a reply), those answers, saved with it; for a visitor's
 * message, the answers not yet sent.
 */
function toolAnswers(calls: ClientToolCalls, question: Message, sessionId: string): ToolAnswers {
  calls.follow(sessionId);
  if (question.sender === 'user') return { results: calls.takeAnswered(), continues: false };
  const results = question.toolResults ?? [];
  calls.sending(results);
  return { results, continues: true };
}

/**
 * How `body` is sent in `protocol` and how its answer is read; the widget's own contract needs neither.
 * An agent's protocol needs the agents part, loaded before (see {@link agentProtocols}).
 */
function protocolCall(
  protocol: ChatProtocol,
  body: WebhookRequest,
  agents: AgentProtocols,
  run: { question: Message; runId: string },
) {
  if (protocol === 'n8n-chat')
    return {
      encoded: sendMessageRequest(body.sessionId, body.message, { ...body.context, messageId: body.messageId }),
    };
  const part = agents.loaded();
  const { toolCalls } = agents;
  if (protocol === 'ai-sdk' && part)
    return {
      encoded: part.aiSdkRequest(body, toolAnswers(toolCalls, run.question, body.sessionId)),
      stream: () => part.aiSdkStream(toolCalls),
    };
  const agUi = agents.agUi();
  if (protocol === 'ag-ui' && agUi)
    return {
      encoded: agUi.request(body, run.runId, toolAnswers(toolCalls, run.question, body.sessionId)),
      stream: agUi.stream,
    };
  return {};
}

type AgUi = ReturnType<typeof createAgUi>;

/**
 * The agents' protocols of one widget: the part beside the script that writes and reads them (the AI
 * SDK's and AG-UI's), loaded when a widget speaking one first needs it, and the one AG-UI thread the
 * widget keeps once it is.
 */
function agentProtocols(deps: Pick<ChatDeps, 'loadAgents'>, toolCalls: ClientToolCalls) {
  let part: AgentsPart | null = null;
  let agUi: AgUi | null = null;
  return {
    toolCalls,
    loaded: () => part,
    /** Loads the part (at once when it is on the page); rejects when it cannot be loaded. */
    async load(): Promise<void> {
      part ??= await deps.loadAgents();
    },
    agUi(): AgUi | null {
      if (part) agUi ??= part.createAgUi(toolCalls);
      return agUi;
    },
  };
}

type AgentProtocols = ReturnType<typeof agentProtocols>;

/** The reply requests of one widget. */
export type ReplyRequests = ReturnType<typeof createReplyRequests>;

/**
 * The `context` of a request: the visitor context and what other features add. A value when nothing
 * must be waited for, so the request leaves without waiting for anything; a promise otherwise.
 */
function requestContext(parts: ReplyRequestParts): WebhookRequest['context'] | Promise<WebhookRequest['context']> {
  const facts = parts.readRequestContext?.();
  const geo = parts.visitorContext.configured ? parts.visitorContext.read() : undefined;
  const merge = (visitor: WebhookRequest['context'], more: Record<string, unknown> | undefined) => {
    const context = { ...visitor, ...more };
    return Object.keys(context).length > 0 ? context : undefined;
  };
  if (!geo && typeof (facts as PromiseLike<unknown> | undefined)?.then !== 'function')
    return merge(undefined, facts as Record<string, unknown> | undefined);
  return Promise.all([geo, facts]).then(([visitor, more]) => merge(visitor, more));
}

/**
 * Says above the text box that the message is queued (the webhook is busy or slow to answer), or takes
 * that back; any other notice stays.
 */
function showQueued(store: ChatStore, queued: boolean): void {
  const { notice, strings } = store.getState();
  if (queued) store.setState({ notice: { source: 'chat', text: strings.replyQueued } });
  else if (notice?.text === strings.replyQueued) store.setState({ notice: null });
}

/**
 * Sends `request`'s question and reads the reply, parsed; null when n8n's chat protocol delivered it
 * over its socket, where it is shown as it comes. Reading and parsing each get a task of their own: a
 * large reply never becomes one long task on the store's page.
 */
async function fetchReply(
  store: ChatStore,
  deps: ChatDeps,
  parts: ReplyRequestParts & { n8n: N8nSocket; n8nTakeover: N8nTakeover; agents: AgentProtocols },
  request: InFlight,
  onStreamText: (text: string) => void,
) {
  // The question is drawn in the click's own task (with the conversation view, when the visitor asked
  // from the welcome view); the request is built in the next, so neither becomes a long task on a phone.
  await deps.yieldToPage();
  // A new chat or the element's removal in between: nothing is read or sent.
  if (request.controller.signal.aborted) throw new WebhookError('aborted', 'the request was cancelled');
  const { protocol } = store.getState().config;
  const n8nChat = protocol === 'n8n-chat';
  if (n8nChat) rememberSession(store, deps.localStorage, parts.shopper ?? GUEST);
  // During a takeover the visitor writes to the person: to the execution that holds the takeover, not a new one.
  if (n8nChat && parts.n8nTakeover.tell(request.userMessage.content)) return undefined;
  // A Chat node waits for the visitor: their message resumes that execution rather than starting one.
  if (n8nChat && parts.n8n.waitingForVisitor())
    return void (await parts.n8n.answer(socketAnswer(request.sessionId, request.userMessage.content)));
  // An agent's protocol is written and read by a part beside the script: a part that cannot be loaded
  // fails the request like an unreachable webhook, with Retry.
  if (isAgentProtocol(protocol)) await parts.agents.load();
  const body = requestBody(store, request.userMessage);
  const context = requestContext(parts);
  body.context = context instanceof Promise ? await context : context;
  const url = store.getState().config.webhookUrl ?? '';
  const call = {
    url,
    body,
    ...protocolCall(protocol, body, parts.agents, { question: request.userMessage, runId: deps.randomId() }),
    fetch: deps.fetch,
    timers: deps.timers,
    now: deps.now,
    signal: request.controller.signal,
    onStreamText,
  };
  const reply = await callWithResends(call, {
    onQueued: (queued) => showQueued(store, queued),
    started: () => request.streamedId !== null,
    warn: deps.warn,
  });
  const execution = n8nChat && !reply.streamed ? startedExecution(reply.body) : null;
  if (execution !== null) return void (await parts.n8n.follow(chatSocketUrl(url, execution, body.sessionId)));
  await deps.yieldToPage();
  const { config, markdownOptions } = store.getState();
  return parse(reply, { ...markdownOptions, storeUrl: config.storeUrl });
}

/**
 * What a request in flight shows of itself: the reply's text as it streams, and its failure. Neither
 * shows once `stillCurrent` says the request no longer belongs on screen.
 */
function requestDisplay(
  log: MessageLog,
  display: ReturnType<typeof createReplyDisplay>,
  stillCurrent: (request: InFlight) => boolean,
) {
  return {
    showStreamText(request: InFlight, text: string): void {
      // A structured reply streamed as text would show as raw JSON: the dots stay until it is parsed.
      if (!stillCurrent(request) || looksLikeJsonText(text)) return;
      if (request.streamedId !== null) return log.update(request.streamedId, { content: text });
      const message = log.create('bot', text, { status: 'streaming', retryFor: request.userMessage.id });
      request.streamedId = message.id;
      log.add(message, { as: 'streaming' });
    },

    fail(request: InFlight, userMessage: Message, error: unknown): void {
      const failure = error instanceof WebhookError ? error : new WebhookError('network', String(error));
      // Cancelled by the widget: `cancel` has already shown how the reply ended.
      if (request.reason !== null) return;
      if (!stillCurrent(request)) return;
      if (request.streamedId !== null) display.cutOff(request.streamedId, `chat: ${failure.message}`);
      else
        display.showFailure(
          userMessage,
          failure.kind === 'aborted' ? 'interrupted' : 'error',
          null,
          `chat: ${failure.message}`,
        );
    },
  };
}

/** Loads the earlier conversation for an empty one, at most once per protocol, URL and conversation. */
function earlierLoader(store: ChatStore, deps: ChatDeps, parts: ReplyRequestParts, signal: AbortSignal) {
  const tried = new Set<string>();
  return (): Promise<boolean> => {
    const { config, sessionId } = store.getState();
    const key = `${config.protocol} ${config.webhookUrl} ${sessionId}`;
    const shopper = (parts.shopper ?? GUEST)();
    // Until the page has said who is signed in, nothing is loaded: it may be someone else's.
    if (tried.has(key) || shopper === undefined) return Promise.resolve(false);
    tried.add(key);
    return loadEarlierSession({
      store,
      shopper,
      localStorage: deps.localStorage,
      log: parts.log,
      commit: parts.conversations.commit,
      post: async (encoded) => {
        const url = store.getState().config.webhookUrl ?? '';
        const call = { url, body: { message: '', history: [], sessionId }, encoded, signal };
        const reply = await callWebhook({ ...call, fetch: deps.fetch, timers: deps.timers });
        return reply.streamed ? reply.text : reply.body;
      },
    });
  };
}

/**
 * n8n's chat socket for this chat: each Chat node message joins the conversation as a reply, in order,
 * once the markdown renderer is there; `n8n|continue` shows the typing dots until the next one. A
 * message about a person's takeover goes to the takeover instead (chat/n8n-chat/n8n-takeover.ts).
 */
function n8nSocket(
  store: ChatStore,
  deps: ChatDeps,
  parts: ReplyRequestParts,
  display: ReturnType<typeof createReplyDisplay>,
  showInOrder: ReturnType<typeof showingInOrder>,
): { socket: N8nSocket; takeover: N8nTakeover } {
  const socket: N8nSocket = createN8nSocket(deps, {
    onMessage(text) {
      const { config, markdownOptions } = store.getState();
      const reply = parseReply(chatNodeText(text), { ...markdownOptions, storeUrl: config.storeUrl });
      const empty = !reply.text && reply.products.length === 0 && !reply.orders;
      if (takeover.take(text, { text: reply.text, handoff: reply.handoff, empty }, socket.followed() ?? ''))
        return parts.conversations.commit();
      // The takeover has read the reply's `handoff` already: it takes effect once.
      const shownReply = parts.takeover ? { ...reply, handoff: undefined } : reply;
      const quiet = display.takeSignals(shownReply);
      // In the order they came, once the renderer is there or just before anything that joins meanwhile
      // (the visitor's answer to a question that waits for it, a person's message).
      void showInOrder(parts.ensureMarkdown(), () => {
        display.showReply(shownReply, null, quiet);
        parts.conversations.commit();
      });
    },
    onBusy: (busy) => store.setState({ loading: takeover.busy(busy) }),
    onFailure(reason) {
      deps.warn(`chat: ${reason}`);
      deps.emit('error', { source: 'chat', message: `chat: ${reason}` });
    },
    onEnd: (url, failure) => takeover.ended(url, failure),
  });
  const takeover = createN8nTakeover({ store, socket: () => socket, takeover: parts.takeover, warn: deps.warn });
  return { socket, takeover };
}

/** Sends the question the failed reply `errorMessageId` belongs to again, replacing the error bubble. */
function retryFailed(
  store: ChatStore,
  log: MessageLog,
  errorMessageId: string,
  request: (question: Message) => unknown,
) {
  const failed = log.find(errorMessageId);
  const question = failed?.retryFor ? log.find(failed.retryFor) : undefined;
  if (!failed || !question || store.getState().loading) return;
  log.remove(failed.id);
  void request(question);
}

/**
 * The visitor answered the agent's call `toolCallId` of the widget's tool, made in reply `replyId`: the
 * answer is saved with the reply, and once `all` of its calls are answered the agent's run continues
 * after them at once, as the protocols' own clients do. While another reply is awaited it goes back
 * with the visitor's next message instead.
 */
function toolAnswerer(
  store: ChatStore,
  { log, conversations }: ReplyRequestParts,
  toolCalls: ClientToolCalls,
  request: (question: Message) => Promise<void>,
) {
  return (replyId: string, toolCallId: string, result: string, all: boolean): void => {
    const answered = toolCalls.answer(toolCallId, result);
    const reply = log.find(replyId);
    if (!answered || !reply) return;
    log.update(replyId, { toolResults: [...(reply.toolResults ?? []), answered] });
    conversations.commit();
    const updated = log.find(replyId);
    if (all && updated && !store.getState().loading) void request(updated);
  };
}

/**
 * Shows replies in the order they came: each `show` (showing a reply) runs once the markdown renderer is
 * there (`renderer`, its first load) and the page has had a task, so the reply shows formatted; but if
 * another message joins the conversation meanwhile (a person's, pushed by the desk, or the visitor's
 * next), the replies still waiting are shown just before it: a reply is never shown after what came
 * after it, and until the renderer comes it shows as plain text. Resolves once `show` has run. The
 * webhook's replies and n8n's chat socket's messages share one such order.
 */
function showingInOrder(log: MessageLog, deps: Pick<ChatDeps, 'yieldToPage'>) {
  const waiting: (() => void)[] = [];
  let cancelEarly = () => {};
  let allShown = Promise.resolve();
  const showWaiting = () => {
    cancelEarly();
    // Taken out first: what a reply adds to the conversation must not run the replies after it.
    for (const show of waiting.splice(0)) show();
  };
  return (renderer: Promise<unknown>, show: () => void): Promise<void> => {
    // What the reply's own signals pushed (a person joined in it) joins first, as it did before it waited.
    log.flushPushed();
    waiting.push(show);
    if (waiting.length === 1) {
      cancelEarly = log.beforeNextAddition(showWaiting);
      allShown = renderer
        .catch(() => undefined)
        .then(() => deps.yieldToPage())
        .then(showWaiting);
    }
    return allShown;
  };
}

/** The console's note for a reply cut off by the element's removal. */
const REMOVED_MID_REPLY = 'chat: the reply was interrupted (the widget was removed)';

/** A new request for `userMessage`, in flight from now on. */
function inFlightFor(sessionId: string, userMessage: Message): InFlight {
  return { controller: new AbortController(), reason: null, sessionId, userMessage, streamedId: null };
}

/**
 * Requests replies from the webhook, one at a time: builds the request, shows a streamed reply as it
 * arrives, and shows the final reply or the failure.
 */
export function createReplyRequests(store: ChatStore, deps: ChatDeps, parts: ReplyRequestParts) {
  const { log } = parts;
  const display = createReplyDisplay(store, deps, log, parts);
  let inFlight: InFlight | null = null;
  const stillCurrent = (request: InFlight) => inFlight === request && store.getState().sessionId === request.sessionId;
  const { showStreamText, fail } = requestDisplay(log, display, stillCurrent);
  const showInOrder = showingInOrder(log, deps);
  const socket = n8nSocket(store, deps, parts, display, showInOrder);
  const toolCalls = createClientToolCalls();
  const agents = agentProtocols(deps, toolCalls);
  const withSocket = { ...parts, n8n: socket.socket, n8nTakeover: socket.takeover, agents };
  const earlierSignal = new AbortController(); // the element removed while an earlier session loads

  /** Sends `userMessage` (already in the list) to the webhook and shows the reply: exactly one request. */
  const request = async (userMessage: Message): Promise<void> => {
    const { config, sessionId } = store.getState();
    if (!config.webhookUrl) return;
    const current = inFlightFor(sessionId, userMessage);
    inFlight = current;
    store.setState({ loading: true, notice: null });
    const markdownReady = parts.ensureMarkdown();
    const endWait = () => {
      if (inFlight !== current) return;
      inFlight = null;
      store.setState({ loading: false });
    };
    try {
      const parsed = await fetchReply(store, deps, withSocket, current, (text) => showStreamText(current, text));
      const quiet = parsed !== undefined && stillCurrent(current) && display.takeSignals(parsed);
      await showInOrder(markdownReady, () => {
        if (parsed && stillCurrent(current)) display.showReply(parsed, current.streamedId, quiet);
        // Shown, even ahead of the renderer, the reply is no longer awaited: no typing dots under what
        // follows it, and nothing left in flight for a new chat to mark interrupted.
        endWait();
      });
    } catch (error) {
      fail(current, userMessage, error);
    } finally {
      endWait();
      parts.conversations.commit();
    }
  };

  return {
    request,

    answerTool: toolAnswerer(store, parts, toolCalls, request),

    /** The takeover changed or was loaded: n8n's execution that carries it is followed, or let go. */
    followTakeover: socket.takeover.sync,

    /** n8n's chat protocol: an empty conversation loads the earlier one n8n's chat memory holds, once. */
    loadEarlier: earlierLoader(store, deps, parts, earlierSignal.signal),
    /** Sends the question a failed reply belongs to again, replacing the error bubble. */
    retry: (errorMessageId: string) => retryFailed(store, log, errorMessageId, request),

    /**
     * Cancels the reply in flight, if any, and shows how it ended before anything is saved: what had
     * streamed stays, marked interrupted with Retry; removed while waiting, the question gets the
     * interrupted note with Retry; a new chat leaves an unstreamed question unanswered.
     */
    cancel(reason: CancelReason): void {
      socket.socket.close();
      if (reason === 'removed') earlierSignal.abort();
      const request = inFlight;
      if (!request || request.reason !== null) return;
      request.reason = reason;
      if (request.streamedId !== null) display.interrupt(request.streamedId);
      else if (reason === 'removed') display.showFailure(request.userMessage, 'interrupted', null, REMOVED_MID_REPLY);
      // Pending now, so leaving the page writes it: the question may have been saved before the stream began.
      parts.conversations.commit();
      inFlight = null;
      store.setState({ loading: false });
      request.controller.abort();
    },
  };
}
