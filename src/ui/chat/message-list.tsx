import { useEffect, useRef } from 'react';
import type { Message } from '../../app/state';
import { useActions, useAssistantState, useStrings } from '../context';

function MessageBubble({ message }: { message: Message }) {
  const t = useStrings();
  return (
    <div className={`message ${message.sender}`} part={`message ${message.sender}-message`}>
      <span className="sr-only">{message.sender === 'user' ? t('you') : t('assistant')}: </span>
      <div className="bubble">{message.content}</div>
    </div>
  );
}

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

/** The scrolling list of messages; it follows the newest message. */
export function MessageList() {
  const t = useStrings();
  const messages = useAssistantState((state) => state.messages);
  const loading = useAssistantState((state) => state.loading);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, loading]);

  return (
    <div className="messages" part="messages" ref={listRef} role="region" aria-label={t('messages')} tabIndex={0}>
      {messages.length === 0 && !loading ? <EmptyChat /> : messages.map((message) => <MessageBubble key={message.id} message={message} />)}
      {loading && <TypingIndicator />}
    </div>
  );
}
