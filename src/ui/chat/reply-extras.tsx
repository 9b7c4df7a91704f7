import { useState } from 'react';
import type { Message, Rating } from '../../chat/message';
import { useActions, useAssistantState, type useStrings } from '../context';
import { Icon } from '../icon';

type Translate = ReturnType<typeof useStrings>;

/**
 * Thumbs up and down under a complete bot reply; the chosen one is pressed, and either can be chosen
 * again. A rating given here is thanked in words beside the buttons, in a status region, so it is
 * seen and heard; a rating saved from an earlier visit shows only as the pressed button.
 */
export function ReplyFeedback({ message, t }: { message: Message; t: Translate }) {
  const { rateReply } = useActions();
  const [thanked, setThanked] = useState(false);
  const rate = (rating: Rating) => {
    rateReply(message.id, rating);
    setThanked(true);
  };
  const button = (rating: Rating, label: string) => (
    <button
      type="button"
      className={`feedback-button${message.feedback === rating ? ' chosen' : ''}`}
      part="feedback-button"
      aria-label={label}
      aria-pressed={message.feedback === rating}
      title={label}
      onClick={() => rate(rating)}
    >
      <Icon name={rating === 'up' ? 'thumbs-up' : 'thumbs-down'} small />
    </button>
  );
  return (
    <div className="reply-feedback" part="feedback">
      {button('up', t('helpful'))}
      {button('down', t('notHelpful'))}
      {/* Present before it has anything to say, so the thanks is announced when it appears. */}
      <span className="feedback-thanks" role="status">
        {thanked && message.feedback ? t('feedbackThanks') : ''}
      </span>
    </div>
  );
}

/**
 * The bot's suggested next messages, as buttons under the latest reply only. Keyed by position as well
 * as label, so a list that changes in place never leaves a stale button behind.
 */
export function ReplySuggestions({ message, t }: { message: Message; t: Translate }) {
  const { chooseSuggestion } = useActions();
  const loading = useAssistantState((state) => state.loading);
  // A saved conversation reopened after the webhook was removed: its suggestions could not be sent.
  const configured = useAssistantState((state) => state.config.webhookUrl !== null);
  const suggestions = message.suggestions ?? [];
  if (suggestions.length === 0) return null;
  return (
    <div className="chips suggestions" part="suggestions" role="group" aria-label={t('suggestedReplies')}>
      {suggestions.map((label, index) => (
        <button
          key={`${index}:${label}`}
          type="button"
          className="chip"
          part="chip suggestion"
          dir="auto"
          disabled={loading || !configured}
          onClick={() => chooseSuggestion(message.id, index)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
