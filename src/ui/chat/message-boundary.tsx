import type { ReactNode } from 'react';
import type { Message } from '../../chat/message';
import { Boundary } from '../error-boundary';

/** A message's text as it is, line by line: what a message shows when it cannot be rendered. */
function PlainMessage({ message, label }: { message: Message; label: string }) {
  const sender = message.sender === 'user' ? 'user' : 'bot';
  return (
    <div className={`message ${sender}`} part={sender === 'user' ? 'message user-message' : 'message bot-message'}>
      <span className="sr-only">{label}: </span>
      <div className="bubble">
        {String(message.content)
          .split('\n')
          .flatMap((line, index) => (index > 0 ? [<br key={index} />, line] : line))}
      </div>
    </div>
  );
}

/**
 * Keeps a render failure inside its own message: that message shows its text as plain text, and the
 * conversation, the input, calls and the launcher keep working. A message whose text changes (a reply
 * still streaming) is tried again.
 */
export function MessageBoundary({
  message,
  label,
  children,
}: {
  message: Message;
  label: string;
  children: ReactNode;
}) {
  return (
    <Boundary
      resetKey={message.content}
      onError={(error) => console.warn('[store-assistant] a message shows as plain text', error)}
      fallback={() => <PlainMessage message={message} label={label} />}
    >
      {children}
    </Boundary>
  );
}
