import type { TranscriptEntry } from '../transcript/merge';
import type { ChatConfig, ChatDeps, ChatExtensions, ChatStore } from './chat-state';
import { createConversations, type Conversations } from './conversations/conversations';
import { createFeedback } from './feedback';
import { createAttachments } from './attachments/attachments';
import { messageWithImage } from './attachments/image-attachment';
import { refusedImageReporter } from './attachments/image-policy';
import { createMarkdownLoading } from './markdown/markdown-preload';
import type { MarkdownOptions } from './markdown/markdown';
import { completeMessage, isGreeting, PUSHED_ID_PREFIX, type Message, type Rating } from './message';
import { createMessageLog, type MessageLog } from './message-log';
import { showCallOrders, showCallProducts } from './call-products';
import { createReplyRequests, isAgentProtocol, type ReplyRequests } from './replies/reply-request';
import { createVisitorContextSource } from './replies/visitor-context';
import { translate } from '../i18n/translate';

/**
 * Longest message a visitor can send, in characters (UTF-16 units, as `maxlength` counts). A question
 * to a shop's assistant takes a few hundred; 4,000 leaves room for a pasted order or a long complaint,
 * as commercial chats allow, while every request, the history sent again with each later one and the
 * saved conversation stay small. Longer text stays in the box, with a counter, until it is shortened.
 */
export const MAX_MESSAGE_LENGTH = 4_000;
/** The composer shows the character count from this share of {@link MAX_MESSAGE_LENGTH} on. */
export const MESSAGE_COUNTER_FROM = 0.9;

/** How a message was sent, when it was not typed. */
export interface SendOptions {
  /** The id of the built-in quick action it came from (see {@link Message.quickAction}). */
  quickAction?: string;
}

/**
 * What the visitor (through the UI or the element's methods) can do in the chat, as it is. Sending,
 * starting, reopening and clearing conversations are the chat's own steps of wider actions (see
 * {@link ChatSteps}): the assistant composes those with the other features' parts.
 */
export interface ChatActions {
  /** Keeps the visitor's unsent text. */
  setDraft(draft: string): void;
  /** Sends the question a failed reply belongs to again, replacing the error bubble. */
  retry(errorMessageId: string): void;
  /**
   * The typewriter finished (or was skipped): the message is shown in full, with its cards and suggested
   * replies, from the next task on, so drawing them is not added to the frame that finished the text.
   */
  markRevealed(id: string): void;
  /** Chooses an image for the next message; anything but an image gets a clear notice. */
  attachImage(file: File): Promise<void>;
  removeAttachment(): void;
  /** Rates a complete bot reply: "up" (helpful) or "down" (not helpful). */
  rateReply(messageId: string, rating: Rating): void;
  /** Deletes a saved conversation ("Delete conversation" in Chats); deleting the open one starts a new one. */
  deleteConversation(id: string): void;
}

/** The chat's own part of the actions that span features (app/replacing-actions.ts composes them). */
export interface ChatSteps {
  /**
   * Sends `text` (and the attached image, if any) as the visitor, to the webhook. Ignored when there is
   * nothing to send or a reply is awaited. Without a webhook the text stays in the box and a notice says
   * chat is not configured; text over {@link MAX_MESSAGE_LENGTH} is not sent (never cut) and a notice
   * says so. Returns whether the message was sent.
   */
  sendToWebhook(text: string, options?: SendOptions): boolean;
  /** Starts a new conversation: cancels a reply in flight and clears messages, loading flag and notice. */
  startNewConversation(): void;
  /** Reopens a saved conversation; false when there is none with that id. */
  openSavedConversation(id: string): boolean;
  /** Deletes every conversation the widget saved, in local and session storage, and starts a new one. */
  clearSavedConversations(): void;
}

type ConversationActions = Pick<ChatActions, 'deleteConversation'> &
  Pick<ChatSteps, 'startNewConversation' | 'openSavedConversation' | 'clearSavedConversations'>;

/**
 * Starting, reopening and deleting conversations; each first adds the messages pushed to the open one in
 * this task, and settles a reply in flight for it.
 */
function conversationActions(
  store: ChatStore,
  replies: ReplyRequests,
  conversations: Conversations,
  log: MessageLog,
): ConversationActions {
  return {
    startNewConversation() {
      log.flushPushed();
      replies.cancel('new-chat');
      conversations.startNew();
      store.setState({ loading: false, notice: null, attachment: null });
    },
    openSavedConversation(id) {
      log.flushPushed();
      if (id !== store.getState().sessionId) replies.cancel('new-chat');
      const opened = conversations.open(id);
      if (opened) store.setState({ loading: false, notice: null });
      return opened;
    },
    deleteConversation(id) {
      log.flushPushed();
      if (id === store.getState().sessionId) replies.cancel('new-chat');
      conversations.remove(id);
    },
    clearSavedConversations() {
      log.flushPushed();
      replies.cancel('new-chat');
      conversations.clear();
      store.setState({ notice: null, attachment: null });
    },
  };
}

/** What sending a message needs besides the store and the side effects. */
interface SendParts {
  log: MessageLog;
  conversations: Conversations;
  replies: ReplyRequests;
  /** Shows `text` as the chat's notice and reports `reason` as an `error` event. */
  notify: (text: string, reason: string) => void;
}

/** The chat's send (see {@link ChatSteps.sendToWebhook}): checks the text, adds it and asks for the reply. */
function messageSender(
  store: ChatStore,
  deps: ChatDeps,
  { log, conversations, replies, notify }: SendParts,
): ChatSteps['sendToWebhook'] {
  return (text, options) => {
    const state = store.getState();
    const content = text.trim();
    if ((!content && !state.attachment) || state.loading) return false;
    if (content.length > MAX_MESSAGE_LENGTH) {
      const text = translate(state.strings, state.locale, 'messageTooLong', { max: MAX_MESSAGE_LENGTH });
      store.setState({ notice: { source: 'chat', text } });
      return false;
    }
    if (!state.config.webhookUrl) {
      // The visitor gets a polite notice; what to do about it is for the store owner, in the console.
      deps.warn('chat is not configured for this store yet: set the webhook-url attribute');
      notify(state.strings.chatUnavailable, 'chat: no webhook-url is set');
      return false;
    }
    const greeting = !state.attachment && isGreeting(content, state.strings);
    const message = log.create(
      'user',
      state.attachment ? messageWithImage(content, state.attachment.dataUrl) : content,
      { ...(greeting ? { greeting } : {}), ...(options?.quickAction ? { quickAction: options.quickAction } : {}) },
    );
    // The draft is cleared only when it held the text being sent (a chip or a method call leaves it alone).
    store.setState({ attachment: null, ...(state.draft.trim() === content ? { draft: '' } : {}) });
    log.add(message);
    conversations.commit();
    void replies.request(message);
    return true;
  };
}

/** A message pushed from outside a request; see `receivePushed`. */
export interface PushedChatMessage {
  id: string;
  text: string;
  agent?: Message['agent'] | null;
  origin?: 'widget';
}

/**
 * A message that arrived outside a request (pushed by the store's server, or a person's during a
 * takeover): shown once, by its id, and counted on the launcher's badge while the card is closed. It
 * joins at the end of the task, with the others pushed in it (see {@link MessageLog.push}). Returns
 * false when the conversation has it already (a replay, another tab's copy).
 */
function pushedReceiver(log: MessageLog, now: () => number) {
  return (pushed: PushedChatMessage): boolean => {
    const id = `${PUSHED_ID_PREFIX}${pushed.id}`;
    if (log.find(id)) return false;
    const message = completeMessage({ id, content: pushed.text, sender: 'bot', timestamp: now() });
    if (pushed.agent) message.agent = pushed.agent;
    if (pushed.origin) message.origin = pushed.origin;
    log.push(message);
    return true;
  };
}

/** The message log, where a batch of pushed messages commits once and the polite live region reads its last message. */
function pushedCommitLog(store: ChatStore, deps: ChatDeps, conversations: Conversations): MessageLog {
  const log = createMessageLog(store, deps, {
    pushed: (batch) => {
      log.announce(batch[batch.length - 1]);
      conversations.commit();
    },
  });
  return log;
}

/** A call's lines as messages; the last carries the call's length, for the "Call ended · 0:12" line under it. */
function transcriptMessages(
  log: ReturnType<typeof createMessageLog>,
  entries: readonly TranscriptEntry[],
  callSeconds?: number,
) {
  const last = entries.length - 1;
  return entries.map((entry, index) =>
    log.create(entry.role === 'user' ? 'user' : 'bot', entry.text, {
      timestamp: entry.timestamp,
      source: 'voice',
      ...(index === last && callSeconds !== undefined ? { callSeconds } : {}),
    }),
  );
}

/** The markdown's image rule for `imageHosts`, set only when it changed (a new object would render every reply again). */
function applyImageHosts(
  store: ChatStore,
  imageHosts: readonly string[],
  pageOrigin: string,
  onRefused: MarkdownOptions['onRefused'],
): void {
  store.setState((state) =>
    state.markdownOptions.imageHosts.join() === imageHosts.join() && state.markdownOptions.onRefused
      ? {}
      : { markdownOptions: { imageHosts, pageOrigin, onRefused } },
  );
}

/**
 * Loads the agents part in idle time when the widget speaks the AI SDK's or AG-UI's protocol, so the
 * first message need not wait for it. Returns the function that cancels it.
 */
function preloadAgents(store: ChatStore, deps: ChatDeps): () => void {
  if (!isAgentProtocol(store.getState().config.protocol)) return () => undefined;
  return deps.scheduleIdle(() => void Promise.resolve(deps.loadAgents()).catch(() => undefined));
}

/** Tells the visitor `text` in the chat's notice and reports `reason` as the chat's error event. */
function chatNotifier(store: ChatStore, deps: ChatDeps) {
  return (text: string, reason: string) => {
    store.setState({ notice: { source: 'chat', text } });
    deps.emit('error', { source: 'chat', message: reason });
  };
}

/**
 * The chat feature: its actions, and the wiring the assistant composes (configuration, a call's
 * transcript joining the conversation, the markdown preload, disposal). `extensions` are what other
 * features add to each request and reply.
 */
export function createChatSlice(store: ChatStore, deps: ChatDeps, extensions: ChatExtensions = {}) {
  const conversations = createConversations(store, deps);
  const log = pushedCommitLog(store, deps, conversations);
  const markdown = createMarkdownLoading(store, deps);
  const sleep = (ms: number) => new Promise<void>((resolve) => deps.timers.setTimeout(resolve, ms));
  const visitorContext = createVisitorContextSource({ ...deps, sleep });
  const replies = createReplyRequests(store, deps, {
    log,
    conversations,
    ensureMarkdown: markdown.ensure,
    visitorContext,
    ...extensions,
  });
  const notify = chatNotifier(store, deps);
  const attachments = createAttachments(store, deps, notify);
  const feedback = createFeedback(store, deps, log, conversations.commit);
  const reportRefusedImage = refusedImageReporter(deps.warn);
  const conversationSteps = conversationActions(store, replies, conversations, log);
  const actions: ChatActions = {
    setDraft: (draft) => store.setState({ draft }),
    retry: (errorMessageId) => replies.retry(errorMessageId),
    markRevealed: (id) => void deps.yieldToPage().then(() => log.markRevealed(id)),
    rateReply: (messageId, rating) => feedback.rate(messageId, rating),
    ...attachments,
    deleteConversation: conversationSteps.deleteConversation,
  };
  const steps: ChatSteps = {
    sendToWebhook: messageSender(store, deps, { log, conversations, replies, notify }),
    startNewConversation: conversationSteps.startNewConversation,
    openSavedConversation: conversationSteps.openSavedConversation,
    clearSavedConversations: conversationSteps.clearSavedConversations,
  };

  return {
    actions,
    ...steps,

    /** Applies the chat's part of a new configuration (`reopen`: see Conversations.load). */
    configure(config: ChatConfig, reopen = false): void {
      conversations.load(config, reopen);
      void replies.loadEarlier();
      applyImageHosts(store, config.imageHosts, deps.pageOrigin, reportRefusedImage);
      visitorContext.configure(config.geoUrl);
    },

    /** A call ended: its transcript joins the conversation, so the webhook hears what was said and it is saved. */
    appendTranscript(entries: readonly TranscriptEntry[], callSeconds?: number): void {
      log.add(transcriptMessages(log, entries, callSeconds), { as: 'transcript' });
      conversations.commit();
    },

    showCallProducts: (raw: unknown) => showCallProducts(store, deps, log, raw),
    showCallOrders: (raw: unknown) => showCallOrders(store, log, raw),
    receivePushed: pushedReceiver(log, deps.now),

    /**
     * The visitor answered an agent's call of the widget's tool (a cart proposal) in reply `replyId`;
     * `all`: every call of that reply is answered now (docs/ag-ui.md, docs/ai-sdk.md).
     */
    answerTool: (replyId: string, toolCallId: string, result: string, all: boolean) =>
      replies.answerTool(replyId, toolCallId, result, all),

    /** A takeover carried by n8n's chat socket changed or was loaded: its execution is followed, or let go. */
    followTakeover: () => replies.followTakeover(),

    preloadMarkdown: markdown.preload,
    /** Loads the markdown renderer now: a conversation in view has replies to format. */
    loadMarkdown: markdown.ensure,
    preloadAgents: () => preloadAgents(store, deps),

    /** The element was removed: cancel the reply in flight and save what there is. */
    dispose(): void {
      replies.cancel('removed');
      log.flushPushed();
      conversations.flush();
      conversations.dispose();
    },
  };
}
