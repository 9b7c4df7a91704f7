import { memo, useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { Message } from '../../chat/message';
import type { MarkdownOptions } from '../../chat/markdown';
import { plainTextToHtml, type MarkdownRenderer } from '../../chat/markdown-loader';
import { startTypewriter, type Typewriter } from '../../chat/typewriter';
import { useActions, useAssistant, useAssistantState, useStrings } from '../context';
import { Icon } from '../icon';
import { ProductCards } from './product-cards';

/**
 * What every message needs from the store, read once by the list and passed down: a thousand messages
 * must not each subscribe to the store, or every update would touch all of them.
 */
export interface MessageView {
  t: ReturnType<typeof useStrings>;
  markdown: MarkdownRenderer | null;
  options: MarkdownOptions;
  typingSpeed: number;
}

/**
 * A failed reply as a system line under the visitor's message: the error text with Retry inline
 * (disabled while another reply is awaited). Retry removes the line, so focus goes to the text box.
 */
function FailedReply({ message, t }: { message: Message; t: MessageView['t'] }) {
  const loading = useAssistantState((state) => state.loading);
  const { retry } = useActions();
  const { environment } = useAssistant();
  const onRetry = (event: MouseEvent<HTMLButtonElement>) => {
    const textbox = event.currentTarget.closest('.chat')?.querySelector('textarea');
    retry(message.id);
    if (!environment.coarsePointer()) textbox?.focus();
  };
  return (
    <p className="message bot failed system-line" part="message bot-message">
      <span className="sr-only">{t('assistant')}: </span>
      <span>{message.content}</span>{' '}
      <button type="button" className="retry-button" part="retry" disabled={loading} onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}

/** A small microphone before a line that was said during a call. */
export function VoiceMark() {
  return <Icon name="mic" small />;
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
  if (failed) return <FailedReply message={message} t={t} />;
  const voice = message.source === 'voice';
  return (
    <div className={`message bot${voice ? ' voice' : ''}`} part="message bot-message">
      <span className="sr-only">{t('assistant')}{voice ? ` (${t('voiceMessage')})` : ''}: </span>
      <div
        ref={bubble}
        className={`bubble markdown${streaming ? ' streaming' : ''}`}
        onClick={() => typewriter.current?.finish()}
        title={animate ? t('revealMessage') : undefined}
      />
      {voice && <VoiceMark />}
      {message.truncated && <p className="message-note">{t('replyShortened')}</p>}
      {!animate && message.products && message.products.length > 0 && <ProductCards products={message.products} t={t} />}
    </div>
  );
});
