import { Fragment, memo, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { isStatusLine, type Message } from '../../chat/message';
import { messageWithImage } from '../../chat/attachments/image-attachment';
import type { UndeliveredMessage } from '../../app/state';
import type { CartProposal } from '../../commerce/commerce-state';
import { own } from '../../common/own';
import { isUnnamedStore, quickActionId } from '../../theme/theme';
import { visibleText } from '../../chat/markdown/visible-text';
import { useActions, useAssistant, useAssistantState, useStrings } from '../context';
import { BotMessage, type MessageView } from './bot-message';
import { formatDuration } from './call-bar';
import { CartProposals } from './cart-proposal-cards';
import { useDrawnFrom, useMarkdownFrom } from './drawn-from';
import { callCards, LiveTranscript } from './live-transcript';
import { OrderLookupForm } from './order-lookup-form';
import { MessageBoundary } from './message-boundary';
import { ReplySuggestions } from './reply-extras';
import { PersonTyping, TakeoverEmailForm } from './takeover';
import { UserMessage } from './user-message';

/**
 * Messages render in chunks of this many. A chunk whose messages are unchanged is skipped entirely, so
 * appending to a long conversation renders one message, not the whole list; and chunks off screen are
 * not laid out or painted (content-visibility), so the browser's work does not grow with it either.
 */
export const CHUNK_SIZE = 5;

/** The cart changes a reply proposed, by message id (read with `own()`). */
type Proposals = Record<string, CartProposal[]>;
const proposalsOf = (proposals: Proposals, id: string) => own(proposals, id) as CartProposal[] | undefined;

const MessageChunk = memo(
  function MessageChunk({
    messages,
    view,
    proposals,
    emailAfter,
    before,
  }: {
    messages: Message[];
    /** The message drawn just before this chunk's first, if any. */
    before: Message | undefined;
    view: MessageView;
    proposals: Proposals;
    /** The line saying a takeover was missed: the email form follows it. */
    emailAfter: string | null;
  }) {
    return (
      <div className="message-chunk">
        {messages.map((message, index) => {
          const previous = index === 0 ? before : messages[index - 1];
          const label = view.t(message.sender === 'user' ? 'you' : 'assistant');
          const proposed =
            message.sender === 'user' || message.animate ? undefined : proposalsOf(proposals, message.id);
          return (
            <Fragment key={message.id}>
              <MessageBoundary message={message} label={label}>
                {message.sender === 'user' ? (
                  <UserMessage message={message} t={view.t} />
                ) : (
                  <BotMessage message={message} view={view} continues={samePerson(previous, message)} />
                )}
                {proposed && <CartProposals messageId={message.id} proposals={proposed} />}
              </MessageBoundary>
              {message.id === emailAfter && <TakeoverEmailForm />}
              {message.callSeconds !== undefined && (
                <p className="system-line">{view.t('callEnded', { duration: formatDuration(message.callSeconds) })}</p>
              )}
            </Fragment>
          );
        })}
      </div>
    );
  },
  (previous, next) =>
    previous.view === next.view &&
    previous.emailAfter === next.emailAfter &&
    previous.before === next.before &&
    previous.messages.length === next.messages.length &&
    previous.messages.every(
      (message, index) =>
        message === next.messages[index] &&
        proposalsOf(previous.proposals, message.id) === proposalsOf(next.proposals, message.id),
    ),
);

/**
 * The messages drawn, from `drawnFrom`, in chunks that keep their boundaries (multiples of CHUNK_SIZE)
 * while older messages are drawn in; each knows the message before its first.
 */
function chunksOf(messages: readonly Message[], drawnFrom: number) {
  const chunks: { key: number; messages: Message[]; before: Message | undefined }[] = [];
  for (let start = Math.floor(drawnFrom / CHUNK_SIZE) * CHUNK_SIZE; start < messages.length; start += CHUNK_SIZE) {
    const from = Math.max(start, drawnFrom);
    chunks.push({ key: start, messages: messages.slice(from, start + CHUNK_SIZE), before: messages[from - 1] });
  }
  return chunks;
}

/** `message` follows one of the same person's, back to back: their name and picture are over the first. */
function samePerson(previous: Message | undefined, message: Message): boolean {
  return Boolean(message.agent && previous?.agent && previous.agent.name === message.agent.name);
}

/** The id of the conversation's last status line ("Nobody is free to answer right now."), if any. */
function lastStatusLine(messages: readonly Message[]): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && isStatusLine(message)) return message.id;
  }
  return null;
}

/** The greeting, the hint and the quick-action chips of an empty chat. */
function EmptyChat() {
  const t = useStrings();
  const { sendMessage } = useActions();
  const { environment } = useAssistant();
  const welcomeMessage = useAssistantState((state) => state.theme.welcomeMessage);
  const quickActions = useAssistantState((state) => state.theme.quickActions);
  const loading = useAssistantState((state) => state.loading);
  // Without a webhook a chip could only fail: none are offered until chat is configured.
  const configured = useAssistantState((state) => state.config.webhookUrl !== null);
  // The chips go away with the empty chat: keyboard focus carries on in the text box (not on a touch
  // screen, where focus would open the keyboard unasked).
  const strings = useAssistantState((state) => state.strings);
  const sendFromChip = (event: MouseEvent<HTMLButtonElement>, label: string, index: number) => {
    const textbox = event.currentTarget.closest('.chat')?.querySelector('textarea');
    sendMessage(label, { quickAction: quickActionId(label, index, strings) });
    if (!environment.coarsePointer()) textbox?.focus();
  };
  return (
    <div className="empty-chat">
      <p className="greeting">{welcomeMessage}</p>
      <p className="empty-text">{t('emptyChat')}</p>
      {configured && quickActions.length > 0 && (
        <div className="chips" role="group" aria-label={t('quickActions')}>
          {/* Keyed by position and label: a store may repeat a label, and keys must stay unique. */}
          {quickActions.map(visibleText).map((label, index) => (
            <button
              key={`${index}:${label}`}
              type="button"
              className="chip"
              part="chip"
              disabled={loading}
              onClick={(event) => sendFromChip(event, label, index)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Messages written while the browser was offline: the visitor's bubbles, each marked as not delivered
 * with Retry. They are sent, and join the conversation, when the connection returns.
 */
function UndeliveredMessages({ t }: { t: MessageView['t'] }) {
  const undelivered = useAssistantState((state) => state.undelivered);
  const { retryUndelivered } = useActions();
  return undelivered.map((item) => (
    <div key={item.id} className="undelivered">
      <UserMessage message={undeliveredAsMessage(item)} t={t} />
      <p className="system-line failed">
        <span>{t('notDelivered')}</span>{' '}
        <button type="button" className="retry-button" part="retry" onClick={() => retryUndelivered(item.id)}>
          {t('retry')}
        </button>
      </p>
    </div>
  ));
}

/** An undelivered message drawn as the visitor's bubble it will become. */
function undeliveredAsMessage(item: UndeliveredMessage): Message {
  const content = item.attachment ? messageWithImage(item.text, item.attachment.dataUrl) : item.text;
  return { id: item.id, content, sender: 'user', timestamp: 0 };
}

/** The three animated dots shown while a reply is awaited, with a text alternative. */
function TypingIndicator() {
  const t = useStrings();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const unnamed = useAssistantState((state) => isUnnamedStore(state.theme.brandName, state.strings));
  return (
    <div className="typing-indicator" part="typing-indicator" role="status">
      {/* A store nothing names is not put inside the sentence: its stand-in name reads wrong there. */}
      <span className="sr-only">{unnamed ? t('typingStatus') : t('typing', { brandName })}</span>
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </div>
  );
}

/**
 * The scrolling list of messages. It is a column-reverse flex container, so the browser itself keeps
 * it scrolled to the newest message as content grows (no script reads the layout on every change); a
 * visitor who scrolled up stays where they are until they send a message.
 */
export function MessageList() {
  const t = useStrings();
  const markdown = useAssistantState((state) => state.markdown);
  const options = useAssistantState((state) => state.markdownOptions);
  const typingSpeed = useAssistantState((state) => state.config.typingSpeed);
  const feedback = useAssistantState((state) => state.config.feedback);
  const view = useMemo<MessageView>(
    () => ({ t, markdown, options, typingSpeed, feedback }),
    [t, markdown, options, typingSpeed, feedback],
  );
  // The view of the messages not yet changed to markdown after the renderer arrived (see useMarkdownFrom).
  const plainView = useMemo<MessageView>(() => ({ ...view, markdown: null }), [view]);
  const allMessages = useAssistantState((state) => state.messages);
  const callStartedAt = useAssistantState((state) => (state.voice.status === 'idle' ? null : state.voice.startedAt));
  // The cards of the call in progress show among its lines (LiveTranscript), not above them.
  const messages = useMemo(() => {
    const inCall = callCards(allMessages, callStartedAt);
    return inCall.length === 0 ? allMessages : allMessages.filter((message) => !inCall.includes(message));
  }, [allMessages, callStartedAt]);
  const proposals = useAssistantState((state) => state.commerce.proposals);
  const missed = useAssistantState((state) => state.handoff.phase === 'missed');
  const emailAfter = missed ? lastStatusLine(messages) : null;
  const loading = useAssistantState((state) => state.loading);
  const streaming = messages[messages.length - 1]?.status === 'streaming';
  const inCall = useAssistantState((state) => state.voice.status !== 'idle');
  const waiting = useAssistantState((state) => state.undelivered.length > 0);
  // The guest's order lookup form takes the empty chat's place: it is what the visitor came for.
  const askingOrder = useAssistantState((state) => state.customer.orderLookup !== 'hidden');
  const scroller = useRef<HTMLDivElement>(null);
  const latest = messages[messages.length - 1];
  const lastSender = latest?.sender;
  const mounted = useRef(false);
  useEffect(() => {
    // Sending brings the conversation back to its end (0 is the bottom of a column-reverse scroller). A
    // list that has just been drawn is there already; setting it would only force an early layout.
    if (mounted.current && lastSender === 'user' && scroller.current) scroller.current.scrollTop = 0;
    mounted.current = true;
  }, [messages.length, lastSender]);

  const drawnFrom = useDrawnFrom(
    useAssistantState((state) => state.sessionId),
    messages,
    CHUNK_SIZE,
  );
  const markdownFrom =
    Math.floor(useMarkdownFrom(markdown !== null, messages.length, CHUNK_SIZE) / CHUNK_SIZE) * CHUNK_SIZE;
  const chunks = chunksOf(messages, drawnFrom);

  return (
    <div className="messages" part="messages" ref={scroller} role="region" aria-label={t('messages')} tabIndex={0}>
      <div className="messages-content">
        {messages.length === 0 && !loading && !inCall && !waiting && !askingOrder ? (
          <EmptyChat />
        ) : (
          chunks.map((chunk) => (
            <MessageChunk
              key={chunk.key}
              messages={chunk.messages}
              view={chunk.key >= markdownFrom ? view : plainView}
              proposals={proposals}
              emailAfter={emailAfter}
              before={chunk.before}
            />
          ))
        )}
        {latest?.sender === 'bot' && !latest.animate && !loading && drawnFrom < messages.length && (
          <ReplySuggestions message={latest} t={t} />
        )}
        <UndeliveredMessages t={t} />
        {/* A missed takeover saved before its line was: the form still shows, at the end. */}
        {missed && emailAfter === null && <TakeoverEmailForm />}
        <OrderLookupForm />
        {loading && !streaming && <TypingIndicator />}
        <PersonTyping />
        <LiveTranscript />
      </div>
    </div>
  );
}
