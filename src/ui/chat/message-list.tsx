import { memo, useEffect, useRef } from 'react';
import type { Message } from '../../app/state';
import { useActions, useAssistantState, useStrings } from '../context';
import { BotMessage } from './bot-message';
import { LiveTranscript } from './live-transcript';
import { UserMessage } from './user-message';

/**
 * Messages render in chunks of this many. A chunk whose messages are unchanged is skipped entirely, so
 * appending to a long conversation renders one message, not the whole list.
 */
export const CHUNK_SIZE = 50;

const MessageChunk = memo(
  function MessageChunk({ messages }: { messages: Message[] }) {
    return (
      <>
        {messages.map((message) =>
          message.sender === 'user' ? <UserMessage key={message.id} message={message} /> : <BotMessage key={message.id} message={message} />,
        )}
      </>
    );
  },
  (previous, next) => previous.messages.length === next.messages.length && previous.messages.every((message, index) => message === next.messages[index]),
);

/** The greeting, the hint and the quick-action chips of an empty chat. */
function EmptyChat() {
  const t = useStrings();
  const { sendMessage } = useActions();
  const welcomeMessage = useAssistantState((state) => state.theme.welcomeMessage);
  const quickActions = useAssistantState((state) => state.theme.quickActions);
  const loading = useAssistantState((state) => state.loading);
  return (
    <div className="empty-chat">
      <p className="greeting">{welcomeMessage}</p>
      <p className="empty-text">{t('emptyChat')}</p>
      {quickActions.length > 0 && (
        <div className="chips" role="group" aria-label={t('quickActions')}>
          {quickActions.map((label) => (
            <button key={label} type="button" className="chip" part="chip" disabled={loading} onClick={() => sendMessage(label)}>
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The three animated dots shown while a reply is awaited, with a text alternative. */
function TypingIndicator() {
  const t = useStrings();
  const brandName = useAssistantState((state) => state.theme.brandName);
  return (
    <div className="typing-indicator" part="typing-indicator" role="status">
      <span className="sr-only">{t('typing', { brandName })}</span>
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </div>
  );
}

/** Keeps a scrolling element pinned to its bottom while content grows, unless the visitor scrolled up. */
function useStickToBottom(scroller: React.RefObject<HTMLElement | null>, content: React.RefObject<HTMLElement | null>, changeKey: unknown) {
  const pinned = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    }) : null;
    if (content.current) observer?.observe(content.current);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [scroller, content]);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    pinned.current = true;
    element.scrollTop = element.scrollHeight;
  }, [scroller, changeKey]);
}

/** The scrolling list of messages; it follows the newest message. */
export function MessageList() {
  const t = useStrings();
  const messages = useAssistantState((state) => state.messages);
  const loading = useAssistantState((state) => state.loading);
  const streaming = messages[messages.length - 1]?.status === 'streaming';
  const inCall = useAssistantState((state) => state.voice.status !== 'idle');
  const transcriptLength = useAssistantState((state) => state.voice.transcript.length);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useStickToBottom(scroller, content, `${messages.length}-${loading}-${transcriptLength}`);

  const chunks: Message[][] = [];
  for (let start = 0; start < messages.length; start += CHUNK_SIZE) chunks.push(messages.slice(start, start + CHUNK_SIZE));

  return (
    <div className="messages" part="messages" ref={scroller} role="region" aria-label={t('messages')} tabIndex={0}>
      <div className="messages-content" ref={content}>
        {messages.length === 0 && !loading && !inCall ? <EmptyChat /> : chunks.map((chunk, index) => <MessageChunk key={index} messages={chunk} />)}
        {loading && !streaming && <TypingIndicator />}
        <LiveTranscript />
      </div>
    </div>
  );
}
