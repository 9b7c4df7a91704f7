import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { Message } from '../../chat/message';
import type { MarkdownOptions } from '../../chat/markdown';
import type { MarkdownRenderer } from '../../chat/markdown-loader';
import { startTypewriter, type Typewriter } from '../../chat/typewriter';
import { plainTextToHtml } from '../../chat/visible-text';
import { useActions, useAssistant, useAssistantState, useStrings } from '../context';
import { isRateable } from '../../chat/feedback';
import { ProductCards } from './product-cards';
import { ReplyFeedback } from './reply-extras';

/**
 * What every message needs from the store, read once by the list and passed down: a thousand messages
 * must not each subscribe to the store, or every update would touch all of them.
 */
export interface MessageView {
  t: ReturnType<typeof useStrings>;
  markdown: MarkdownRenderer | null;
  options: MarkdownOptions;
  typingSpeed: number;
  /** Complete replies offer thumbs up and down (`feedback="on"`). */
  feedback: boolean;
}

/** Retry on a failed reply; disabled while another reply is awaited. */
function RetryButton({ id, label }: { id: string; label: string }) {
  const loading = useAssistantState((state) => state.loading);
  const { retry } = useActions();
  return (
    <button type="button" className="retry-button" part="retry" disabled={loading} onClick={() => retry(id)}>
      {label}
    </button>
  );
}

/** Parses sanitised HTML into an inert fragment (a template's content runs no script and loads nothing). */
function toFragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/**
 * A bot message: sanitised markdown, revealed by the typewriter when it is new, with its product cards
 * below and, on a failed reply, a Retry action. Clicking a message being typed shows it whole.
 */
export const BotMessage = memo(function BotMessage({ message, view }: { message: Message; view: MessageView }) {
  const { t, markdown, options, typingSpeed } = view;
  const actions = useActions();
  const { environment: frames } = useAssistant();
  const bubble = useRef<HTMLDivElement>(null);
  const typewriter = useRef<Typewriter | null>(null);

  const html = useMemo(() => (markdown ? markdown(message.content, options) : plainTextToHtml(message.content)), [markdown, message.content, options]);
  const animate = Boolean(message.animate) && typingSpeed > 0 && !frames.prefersReducedMotion();
  const failed = message.status === 'error' || message.status === 'interrupted';

  useLayoutEffect(() => {
    const target = bubble.current;
    if (!target) return;
    if (!animate) {
      target.replaceChildren(toFragment(html));
      if (message.animate) actions.markRevealed(message.id);
      return;
    }
    const writer = startTypewriter(target, toFragment(html), {
      msPerChar: typingSpeed,
      requestFrame: frames.requestFrame,
      now: frames.now,
      onDone: () => actions.markRevealed(message.id),
    });
    typewriter.current = writer;
    return () => {
      writer.cancel();
      typewriter.current = null;
    };
    // Only the text and whether to animate matter: re-running on other changes would restart the typewriter.
  }, [html, animate]);

  const streaming = message.status === 'streaming';
  return (
    <div className={`message bot${failed ? ' failed' : ''}${message.source === 'voice' ? ' voice' : ''}`} part="message bot-message">
      <span className="sr-only">{t('assistant')}{message.source === 'voice' ? ` (${t('voiceMessage')})` : ''}: </span>
      <div
        ref={bubble}
        className={`bubble markdown${streaming ? ' streaming' : ''}`}
        onClick={() => typewriter.current?.finish()}
        title={animate ? t('revealMessage') : undefined}
      />
      {message.truncated && <p className="message-note">{t('replyShortened')}</p>}
      {message.status === 'interrupted' && message.origin !== 'widget' && <p className="message-note">{t('replyInterrupted')}</p>}
      {!animate && message.products && message.products.length > 0 && <ProductCards products={message.products} t={t} />}
      {failed && <RetryButton id={message.id} label={t('retry')} />}
      {view.feedback && !animate && !streaming && isRateable(message) && <ReplyFeedback message={message} t={t} />}
    </div>
  );
});
