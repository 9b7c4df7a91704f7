import { memo, useLayoutEffect, useMemo, useRef, type MouseEvent, type RefObject } from 'react';
import { isStatusLine, type Message } from '../../chat/message';
import type { MarkdownOptions } from '../../chat/markdown/markdown';
import type { MarkdownRenderer } from '../../chat/markdown/markdown-loader';
import { startTypewriter, type Typewriter } from './typewriter';
import { plainTextToHtml } from '../../chat/markdown/visible-text';
import { safeHtmlFragment } from '../../chat/markdown/trusted-html';
import { addScrollRegions } from '../../chat/markdown/scroll-regions';
import { useActions, useAssistant, useAssistantState, useStrings } from '../context';
import { isRateable } from '../../chat/feedback';
import { Icon } from '../icon';
import { OrderCards } from './order-cards';
import { ProductCards } from './product-cards';
import { ReplyFeedback } from './reply-extras';
import { AgentByline } from './takeover';

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

/** Retry (disabled while another reply is awaited). Retry removes the failed reply, so focus goes to the text box. */
function RetryButton({ id, label }: { id: string; label: string }) {
  const loading = useAssistantState((state) => state.loading);
  const { retry } = useActions();
  const { environment } = useAssistant();
  const onRetry = (event: MouseEvent<HTMLButtonElement>) => {
    const textbox = event.currentTarget.closest('.chat')?.querySelector('textarea');
    retry(id);
    // Not on a touch screen, where focus would open the keyboard unasked.
    if (!environment.coarsePointer()) textbox?.focus();
  };
  return (
    <button type="button" className="retry-button" part="retry" disabled={loading} onClick={onRetry}>
      {label}
    </button>
  );
}

/** A reply that failed before any of it arrived: a system line under the visitor's message, with Retry inline. */
function FailedReply({ message, t }: { message: Message; t: MessageView['t'] }) {
  return (
    <p className="message bot failed system-line" part="message bot-message">
      <span className="sr-only">{t('assistant')}: </span>
      <span>{message.content}</span> <RetryButton id={message.id} label={t('retry')} />
    </p>
  );
}

/** A small microphone before a line that was said during a call. */
export function VoiceMark() {
  return <Icon name="mic" small />;
}

/**
 * Puts the message's sanitised HTML into its bubble (tables and code in scroll regions): at once, or
 * revealed by the typewriter when the message is new. Returns the typewriter, so a tap can finish it.
 */
function useBubbleContent(
  bubble: RefObject<HTMLDivElement | null>,
  html: string,
  animate: boolean,
  message: Message,
  { t, typingSpeed }: MessageView,
): RefObject<Typewriter | null> {
  const actions = useActions();
  const { environment: frames } = useAssistant();
  const typewriter = useRef<Typewriter | null>(null);
  /** The HTML the bubble shows in full: the typewriter leaves it there when done, so it is not put in again. */
  const shownHtml = useRef<string | null>(null);
  useLayoutEffect(() => {
    const target = bubble.current;
    if (!target) return;
    const content = () =>
      addScrollRegions(safeHtmlFragment(html), {
        table: (columns) => t('scrollTable', { columns }),
        code: (start) => t('scrollCode', { start }),
      });
    if (!animate) {
      if (shownHtml.current !== html) target.replaceChildren(content());
      shownHtml.current = html;
      if (message.animate) actions.markRevealed(message.id);
      return;
    }
    shownHtml.current = null;
    const writer = startTypewriter(target, content(), {
      msPerChar: typingSpeed,
      requestFrame: frames.requestFrame,
      now: frames.now,
      onDone: () => {
        shownHtml.current = html;
        actions.markRevealed(message.id);
      },
    });
    typewriter.current = writer;
    return () => {
      writer.cancel();
      typewriter.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the text and whether to animate matter: re-running on other changes (a new typing speed, the actions) would restart the typewriter.
  }, [html, animate]);

  return typewriter;
}

/**
 * A bot message: sanitised markdown, revealed by the typewriter when it is new, with its product cards
 * below and, on a failed reply, a Retry action. Clicking a message being typed shows it whole.
 */
export const BotMessage = memo(function BotMessage({
  message,
  view,
  continues = false,
}: {
  message: Message;
  view: MessageView;
  /** The same person wrote the message before: their name and picture are not drawn again. */
  continues?: boolean;
}) {
  const { t, markdown, options, typingSpeed } = view;
  const { environment: frames } = useAssistant();
  const bubble = useRef<HTMLDivElement>(null);
  const html = useMemo(
    () => (markdown ? markdown(message.content, options) : plainTextToHtml(message.content)),
    [markdown, message.content, options],
  );
  const animate = Boolean(message.animate) && typingSpeed > 0 && !frames.prefersReducedMotion();
  const typewriter = useBubbleContent(bubble, html, animate, message, view);
  // The widget's own failure line ("Sorry, something went wrong…") is a system line; a streamed reply
  // cut short keeps its bubble, with a note and Retry under it.
  const failedLine = message.status === 'error' || (message.status === 'interrupted' && message.origin === 'widget');
  const interrupted = message.status === 'interrupted' && !failedLine;

  const streaming = message.status === 'streaming';
  if (failedLine) return <FailedReply message={message} t={t} />;
  // "Sam left the conversation": the conversation's status, said by nobody, so no "Assistant:" before it.
  if (isStatusLine(message)) return <p className="system-line status-line">{message.content}</p>;
  const voice = message.source === 'voice';
  // Cards a call showed come without text: no empty bubble above them.
  const cardsOnly =
    voice && !message.content.trim() && ((message.products?.length ?? 0) > 0 || (message.orders?.length ?? 0) > 0);
  return (
    <div
      className={`message bot${voice ? ' voice' : ''}${message.agent ? ' from-agent' : ''}`}
      part="message bot-message"
    >
      {message.agent && !continues && <AgentByline agent={message.agent} />}
      <span className="sr-only">
        {message.agent ? message.agent.name : t('assistant')}
        {voice ? ` (${t('voiceMessage')})` : ''}:{' '}
      </span>
      <div
        ref={bubble}
        dir="auto"
        className={`bubble markdown${streaming ? ' streaming' : ''}${cardsOnly ? ' cards-only' : ''}`}
        onClick={() => typewriter.current?.finish()}
        title={animate ? t('revealMessage') : undefined}
      />
      {voice && !cardsOnly && <VoiceMark />}
      {message.truncated && <p className="message-note">{t('replyShortened')}</p>}
      {interrupted && <p className="message-note">{t('replyInterrupted')}</p>}
      {!animate && message.products && message.products.length > 0 && (
        <ProductCards products={message.products} messageId={message.id} t={t} />
      )}
      {!animate && message.orders && message.orders.length > 0 && <OrderCards orders={message.orders} t={t} />}
      {interrupted && <RetryButton id={message.id} label={t('retry')} />}
      {view.feedback && !animate && !streaming && isRateable(message) && <ReplyFeedback message={message} t={t} />}
    </div>
  );
});
