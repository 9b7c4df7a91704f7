import { buildHistory } from '../chat/history';
import { isAcceptedImage, messageWithImage } from '../chat/image-attachment';
import { announcementFor } from '../chat/plain-text';
import { parseReply, type ParsedReply } from '../chat/reply-parser';
import { callWebhook, WebhookError, type WebhookRequest } from '../chat/webhook-client';
import { lookupVisitorContext } from '../chat/visitor-context';
import type { TranscriptEntry } from '../transcript/merge';
import type { AssistantDeps } from './deps';
import type { createConversations } from './conversations';
import { completeMessage, type Message, type Sender } from '../chat/message';
import type { AssistantState } from './state';
import type { Store } from '../shared/store';

/** How long after the widget rendered the markdown stack is loaded in idle time. */
export const MARKDOWN_PRELOAD_DELAY_MS = 2_000;

/** How long a message waits for a visitor-context lookup that is still running before it is sent without. */
export const GEO_WAIT_MS = 2_000;

type Conversations = ReturnType<typeof createConversations>;

/** Chat actions: what the input bar, the quick starts and the public methods call. */
export function createChatActions(store: Store<AssistantState>, deps: AssistantDeps, conversations: Conversations) {
  let sequence = 0;
  let inFlight: { controller: AbortController; reason: 'new-chat' | 'removed' | null } | null = null;
  let geo: { url: string; value: Promise<unknown> } | null = null;

  const sleep = (ms: number) => new Promise<void>((resolve) => deps.timers.setTimeout(resolve, ms));

  const createMessage = (sender: Sender, content: string, extra: Partial<Message> = {}): Message => {
    const timestamp = deps.now();
    sequence += 1;
    return completeMessage({ id: `${timestamp}-${sequence}`, content, sender, timestamp, ...extra });
  };

  const addMessage = (message: Message) => {
    store.setState((state) => ({
      messages: [...state.messages, message],
      // A reply that arrives while the floating card is closed shows as a badge on the launcher.
      unread: message.sender === 'bot' && state.config.mode === 'floating' && !state.isOpen ? state.unread + 1 : state.unread,
    }));
    deps.emit('message', message);
  };

  /** Hands a complete bot message to the polite live region, to be read once, in full. */
  const announce = (message: Message | undefined) => {
    if (message) store.setState((state) => ({ announcement: announcementFor(message, state.strings) }));
  };

  const replaceMessage = (id: string, update: (message: Message) => Message) =>
    store.setState((state) => ({ messages: state.messages.map((message) => (message.id === id ? update(message) : message)) }));

  const ensureMarkdown = async () => {
    if (store.getState().markdown) return;
    try {
      const markdown = await deps.loadMarkdown();
      store.setState({ markdown });
    } catch (error) {
      deps.warn(`the markdown renderer could not load; replies show as plain text (${(error as Error).message})`);
    }
  };

  const visitorContext = async (): Promise<WebhookRequest['context']> => {
    if (!geo) return undefined;
    const value = await Promise.race([geo.value, sleep(GEO_WAIT_MS).then(() => null)]);
    return value === null || value === undefined ? undefined : { geo: value };
  };

  const productContext = () => ({ storeUrl: store.getState().config.storeUrl, pageOrigin: deps.pageOrigin });

  const showReply = (reply: ParsedReply, streamedId: string | null) => {
    const empty = !reply.text && reply.products.length === 0;
    const content = empty ? store.getState().strings.replyNotUnderstood : reply.text;
    const extra: Partial<Message> = {};
    if (reply.products.length > 0) extra.products = reply.products;
    if (reply.truncated) extra.truncated = true;
    if (streamedId) {
      // The streamed text is already on screen: no typewriter, just the final form with its cards.
      replaceMessage(streamedId, (message) => ({ ...message, ...extra, status: undefined, content }));
      const final = store.getState().messages.find((message) => message.id === streamedId);
      if (final) deps.emit('message', final);
      announce(final);
    } else {
      addMessage(createMessage('bot', content, { ...extra, animate: true }));
    }
  };

  const showFailure = (userMessage: Message, status: 'error' | 'interrupted', streamedId: string | null, reason: string) => {
    if (streamedId) store.setState((state) => ({ messages: state.messages.filter((message) => message.id !== streamedId) }));
    const { strings } = store.getState();
    const failure = createMessage('bot', status === 'error' ? strings.replyFailed : strings.replyInterrupted, { status, retryFor: userMessage.id });
    addMessage(failure);
    announce(failure);
    // The store owner debugging a webhook (CORS, mixed content, a 500) finds the cause in the console.
    deps.warn(reason);
    deps.emit('error', { source: 'chat', message: reason });
  };

  /** Sends `userMessage` (already in the list) to the webhook and shows the reply: exactly one request. */
  const requestReply = async (userMessage: Message) => {
    const { config, sessionId, messages } = store.getState();
    if (!config.webhookUrl) return;
    const controller = new AbortController();
    const request = { controller, reason: null as 'new-chat' | 'removed' | null };
    inFlight = request;
    store.setState({ loading: true, notice: null });
    const markdownReady = ensureMarkdown();
    let streamedId: string | null = null;
    const stillCurrent = () => inFlight === request && store.getState().sessionId === sessionId;

    try {
      const body: WebhookRequest = {
        message: userMessage.content,
        history: buildHistory(messages.slice(0, messages.indexOf(userMessage))),
        sessionId,
      };
      // Without a geo-url there is nothing to wait for: the request leaves in the same task as the click.
      const context = geo ? await visitorContext() : undefined;
      if (context) body.context = context;
      const reply = await callWebhook({
        url: config.webhookUrl,
        body,
        fetch: deps.fetch,
        timers: deps.timers,
        signal: controller.signal,
        onStreamText: (text) => {
          if (!stillCurrent()) return;
          if (streamedId === null) {
            const message = createMessage('bot', text, { status: 'streaming' });
            streamedId = message.id;
            store.setState((state) => ({ messages: [...state.messages, message] }));
          } else {
            replaceMessage(streamedId, (message) => ({ ...message, content: text }));
          }
        },
      });
      // Reading, parsing and showing a reply each get a task of their own: a large reply never becomes
      // one long task on the store's page.
      await deps.yieldToPage();
      const parsed = reply.streamed
        ? parseReply(reply.text, productContext())
        : parseReply(reply.body, productContext(), { servedAsJson: /json/i.test(reply.contentType) });
      await markdownReady;
      await deps.yieldToPage();
      if (stillCurrent()) showReply(parsed, streamedId);
    } catch (error) {
      const failure = error instanceof WebhookError ? error : new WebhookError('network', String(error));
      // A new chat cancelled this request: the old conversation keeps the question, unanswered.
      if (failure.kind === 'aborted' && request.reason === 'new-chat') return;
      if (stillCurrent()) {
        const status = failure.kind === 'aborted' ? 'interrupted' : 'error';
        showFailure(userMessage, status, streamedId, `chat: ${failure.message}`);
      }
    } finally {
      if (inFlight === request) {
        inFlight = null;
        store.setState({ loading: false });
      }
      conversations.commit();
    }
  };

  const cancelReply = (reason: 'new-chat' | 'removed') => {
    if (!inFlight) return;
    inFlight.reason = reason;
    inFlight.controller.abort();
  };

  return {
    /** Keeps the visitor's unsent text. */
    setDraft(draft: string): void {
      store.setState({ draft });
    },

    /**
     * Sends `text` (and the attached image, if any) as the visitor. Ignored when there is nothing to
     * send or a reply is awaited (SPEC §5). Without a webhook the text stays in the box, a notice says
     * chat is not available and the console says why. Returns whether the message was sent.
     */
    sendMessage(text: string): boolean {
      const state = store.getState();
      const content = text.trim();
      if ((!content && !state.attachment) || state.loading) return false;
      if (!state.config.webhookUrl) {
        // The visitor gets a polite notice; what to do about it is for the store owner, in the console.
        store.setState({ notice: { source: 'chat', text: state.strings.chatUnavailable } });
        deps.warn('chat is not configured for this store yet: set the webhook-url attribute');
        deps.emit('error', { source: 'chat', message: 'chat: no webhook-url is set' });
        return false;
      }
      const message = createMessage('user', state.attachment ? messageWithImage(content, state.attachment.dataUrl) : content);
      // The draft is cleared only when it held the text being sent (a chip or a method call leaves it alone).
      store.setState({ attachment: null, ...(state.draft.trim() === content ? { draft: '' } : {}) });
      addMessage(message);
      conversations.commit();
      void requestReply(message);
      return true;
    },

    /** Sends the question a failed reply belongs to again, replacing the error bubble. */
    retry(errorMessageId: string): void {
      const { messages, loading } = store.getState();
      const failed = messages.find((message) => message.id === errorMessageId);
      const question = failed?.retryFor ? messages.find((message) => message.id === failed.retryFor) : undefined;
      if (!failed || !question || loading) return;
      store.setState({ messages: messages.filter((message) => message !== failed) });
      void requestReply(question);
    },

    /** The typewriter finished (or was skipped): the message is shown in full from now on. */
    markRevealed(id: string): void {
      replaceMessage(id, (message) => ({ ...message, animate: undefined }));
      announce(store.getState().messages.find((message) => message.id === id));
    },

    /** Chooses an image for the next message; anything but an image gets a clear notice. */
    async attachImage(file: File): Promise<void> {
      const { strings } = store.getState();
      const refuse = (text: string, reason: string) => {
        store.setState({ notice: { source: 'chat', text } });
        deps.emit('error', { source: 'chat', message: reason });
      };
      if (!isAcceptedImage(file)) return refuse(strings.imageOnly, `attachment: "${file.name}" is not an image (${file.type || 'unknown type'})`);
      try {
        const image = await deps.prepareImage(file);
        store.setState({ attachment: { dataUrl: image.dataUrl, name: file.name }, notice: null });
      } catch (error) {
        refuse(strings.imageUnreadable, `attachment: "${file.name}" could not be read (${(error as Error).message})`);
      }
    },

    removeAttachment(): void {
      store.setState({ attachment: null });
    },

    /** Starts a new conversation: cancels a reply in flight and clears messages, loading flag and notice (SPEC §4). */
    newChat(): void {
      cancelReply('new-chat');
      conversations.startNew();
      store.setState({ loading: false, notice: null, attachment: null });
    },

    /** Reopens a saved conversation from the Chats view. */
    openConversation(id: string): void {
      if (id !== store.getState().sessionId) cancelReply('new-chat');
      if (conversations.open(id)) store.setState({ view: 'chat', loading: false, notice: null });
    },

    /**
     * A call ended: its transcript joins the conversation, so the webhook hears what was said and it is
     * saved. The last line carries the call's length, for the "Call ended" line under it.
     */
    appendTranscript(entries: readonly TranscriptEntry[], callSeconds?: number): void {
      const lines = entries.map((entry, index) =>
        createMessage(entry.role === 'user' ? 'user' : 'bot', entry.text, {
          timestamp: entry.timestamp,
          source: 'voice',
          ...(index === entries.length - 1 && callSeconds !== undefined ? { callSeconds } : {}),
        }),
      );
      store.setState((state) => ({ messages: [...state.messages, ...lines] }));
      conversations.commit();
    },

    /**
     * Loads the markdown renderer in idle time once the page has settled (a couple of seconds after the
     * widget rendered), so the first reply shows formatted and page load is not slowed.
     */
    preloadMarkdown(): () => void {
      let cancelIdle = () => undefined as void;
      const timer = deps.timers.setTimeout(() => {
        cancelIdle = deps.scheduleIdle(() => void ensureMarkdown());
      }, MARKDOWN_PRELOAD_DELAY_MS);
      return () => {
        deps.timers.clearTimeout(timer);
        cancelIdle();
      };
    },

    /** Starts the visit's visitor-context lookup when a `geo-url` is configured (once per URL). */
    configureVisitorContext(url: string | null): void {
      if (!url) {
        geo = null;
        return;
      }
      if (geo?.url === url) return;
      geo = { url, value: lookupVisitorContext({ url, fetch: deps.fetch, cache: deps.sessionStorage, sleep }) };
    },

    /** The element was removed: cancel the reply in flight and save what there is. */
    dispose(): void {
      cancelReply('removed');
      conversations.flush();
    },
  };
}
