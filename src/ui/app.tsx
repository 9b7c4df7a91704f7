import {
  startTransition,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import { BottomNav } from './bottom-nav';
import { CallReturn } from './call-return';
import { ChatView } from './chat/chat-view';
import { ChatsView } from './chats-view';
import { useActions, useAssistant, useAssistantState, useStrings } from './context';
import { FaqView } from './faq-view';
import { HomeView } from './home-view';
import { Launcher } from './launcher';
import { SectionHeader } from './section-header';
import { Teaser } from './teaser';
import { Invitation } from './invitation';
import { PersonPreview } from './person-preview';

interface CardProps {
  ref?: Ref<HTMLDivElement>;
  id?: string;
  floating: boolean;
  hidden?: boolean;
  onKeyDown?: (event: KeyboardEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
}

/**
 * The card with the current view; the bottom bar shows on every view but the conversation. Floating,
 * it is a non-modal dialog: the page behind stays usable on a large screen. While the visitor's
 * language is on its way the card stays empty and busy: English first, then the language, would flash.
 */
function Card({ ref, id, floating, hidden, onKeyDown, onFocus, onBlur }: CardProps) {
  const view = useAssistantState((state) => state.view);
  const brandName = useAssistantState((state) => state.theme.brandName);
  const languagePending = useAssistantState((state) => state.languagePending);
  const t = useStrings();
  return (
    <div
      ref={ref}
      id={id}
      className={floating ? 'card floating-card' : 'card'}
      part="card"
      role={floating ? 'dialog' : undefined}
      aria-label={floating ? brandName : undefined}
      hidden={hidden}
      aria-busy={languagePending || undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {languagePending ? null : view === 'chat' ? (
        <ChatView />
      ) : (
        <>
          {view !== 'home' && <SectionHeader title={t(view === 'chats' ? 'chatsTitle' : 'faqTitle')} />}
          <div className="view" part="view">
            {view === 'home' && <HomeView />}
            {view === 'chats' && <ChatsView />}
            {view === 'faq' && <FaqView />}
          </div>
          <CallReturn />
          <BottomNav />
        </>
      )}
    </div>
  );
}

const FOCUSABLE = 'button:not(:disabled), a[href], summary';

/**
 * Where focus goes when the card opens: the text box in a conversation, else the view's first control
 * (Ask a question, the latest chat, the first question), not the close button before them.
 */
function focusTarget(card: HTMLElement): HTMLElement | null {
  for (const selector of [
    'textarea:not(:disabled)',
    `.home-body :is(${FOCUSABLE})`,
    `.view :is(${FOCUSABLE})`,
    FOCUSABLE,
  ]) {
    const target = card.querySelector<HTMLElement>(selector);
    if (target) return target;
  }
  return null;
}

/**
 * The polite live region: each bot reply is announced once, in full, when it has been revealed (the
 * message list itself is not live, or the typewriter would be read out character by character).
 */
function Announcer() {
  const announcement = useAssistantState((state) => state.announcement);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}

/**
 * A card opened while the visitor's language was on its way had nothing to focus: its first control takes
 * focus when the language arrives, unless the visitor has gone elsewhere meanwhile.
 */
function useFocusWhenLanguageArrives(
  isOpen: boolean,
  card: RefObject<HTMLDivElement | null>,
  launcher: RefObject<HTMLButtonElement | null>,
): void {
  const languagePending = useAssistantState((state) => state.languagePending);
  const { environment } = useAssistant();
  const openedEmpty = useRef(false);
  useLayoutEffect(() => {
    if (isOpen && languagePending) openedEmpty.current = true;
    if (!isOpen) openedEmpty.current = false;
    if (!isOpen || languagePending || !openedEmpty.current) return;
    openedEmpty.current = false;
    // The shadow root the card is in (or the document, rendered outside an element) knows the focus.
    const active = (card.current?.getRootNode() as Partial<DocumentOrShadowRoot> | undefined)?.activeElement ?? null;
    const stillHere = active !== null && (active === launcher.current || card.current?.contains(active));
    if (card.current && stillHere && !environment.coarsePointer()) focusTarget(card.current)?.focus();
  }, [isOpen, languagePending, card, launcher, environment]);
}

/** Floating mode: the launcher and its card, with focus handling between them. */
function FloatingWidget() {
  const isOpen = useAssistantState((state) => state.isOpen);
  const cardId = useId();
  const actions = useActions();
  const { environment } = useAssistant();
  const card = useRef<HTMLDivElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const focusInCard = useRef(false);
  const wasOpen = useRef(isOpen);
  // The closed card is built after the launcher has been drawn, as a transition (React renders it in
  // short slices), so a phone shows the launcher without waiting for the card behind it.
  const [cardBuilt, setCardBuilt] = useState(isOpen);
  useEffect(() => {
    if (!cardBuilt) startTransition(() => setCardBuilt(true));
  }, [cardBuilt]);

  // Runs before the browser drops focus from the hidden card, so it still knows where focus was.
  useLayoutEffect(() => {
    if (wasOpen.current === isOpen) return;
    wasOpen.current = isOpen;
    if (!isOpen && focusInCard.current) {
      focusInCard.current = false;
      launcher.current?.focus();
    }
    // On a touch device focusing the text box would throw the on-screen keyboard over the card.
    if (isOpen && card.current && !environment.coarsePointer()) focusTarget(card.current)?.focus();
  }, [isOpen, environment]);
  useFocusWhenLanguageArrives(isOpen, card, launcher);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    // Escape first closes a tooltip, then the card.
    if (actions.dismissTooltip()) return;
    if (!isOpen) return;
    event.stopPropagation();
    actions.setOpen(false);
  };

  return (
    <>
      {(isOpen || cardBuilt) && (
        <Card
          ref={card}
          id={cardId}
          floating
          hidden={!isOpen}
          onKeyDown={onKeyDown}
          onFocus={() => (focusInCard.current = true)}
          onBlur={(event) => (focusInCard.current = event.currentTarget.contains(event.relatedTarget as Node | null))}
        />
      )}
      <Teaser />
      <Invitation />
      <PersonPreview />
      <Launcher
        ref={launcher}
        cardId={cardId}
        isOpen={isOpen}
        onToggle={() => actions.setOpen(!isOpen)}
        onKeyDown={onKeyDown}
      />
    </>
  );
}

/**
 * The whole widget: the inline card, or the floating launcher with its card; and the live region. It
 * is one labelled landmark wherever the store pastes it, so assistive technology can jump to it.
 */
export function App() {
  const mode = useAssistantState((state) => state.config.mode);
  const atLeft = useAssistantState((state) => state.config.position === 'bottom-left');
  const brandName = useAssistantState((state) => state.theme.brandName);
  const actions = useActions();

  useEffect(() => actions.markRendered(), [actions]);

  const dismissTooltipOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') actions.dismissTooltip();
  };

  return (
    <section className={mode === 'floating' && atLeft ? 'widget at-left' : 'widget'} aria-label={brandName}>
      {mode === 'inline' ? <Card floating={false} onKeyDown={dismissTooltipOnEscape} /> : <FloatingWidget />}
      <Announcer />
    </section>
  );
}
