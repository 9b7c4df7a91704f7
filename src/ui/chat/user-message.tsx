import { memo } from 'react';
import type { Message } from '../../chat/message';
import { splitUserContent } from '../../chat/conversations/message-content';
import type { useStrings } from '../context';
import { VoiceMark } from './bot-message';

/** A visitor's message: their text as typed, and any attached image at most 100 x 100 px. */
export const UserMessage = memo(function UserMessage({
  message,
  t,
}: {
  message: Message;
  t: ReturnType<typeof useStrings>;
}) {
  return (
    <div className={`message user${message.source === 'voice' ? ' voice' : ''}`} part="message user-message">
      <span className="sr-only">
        {t('you')}
        {message.source === 'voice' ? ` (${t('voiceMessage')})` : ''}:{' '}
      </span>
      {message.source === 'voice' && <VoiceMark />}
      <div className="bubble" dir="auto">
        {splitUserContent(message.content).map((part, index) => {
          if (part.kind === 'text')
            return (
              <span key={index} className="user-text">
                {part.text}
              </span>
            );
          if (part.kind === 'image')
            return <img key={index} className="attached-image" src={part.src} alt={t('attachedImage')} />;
          return (
            <span key={index} className="image-note">
              {t('imageNotSaved')}
            </span>
          );
        })}
      </div>
    </div>
  );
});
