import { useLayoutEffect, useRef } from 'react';
import { isUnnamedStore, MAX_BADGES_SHOWN } from '../theme/theme';
import { voiceTarget } from '../voice/voice-client';
import { BrandMark } from './brand-mark';
import { CloseCardButton } from './close-card-button';
import { useActions, useAssistant, useAssistantState, useStrings } from './context';
import { Icon } from './icon';
import { useTakenOver } from './chat/takeover';
import { RecentConversation } from './recent-conversation';

/** A row of the home view's panels: an icon, a title and a chevron; a link when `href` is given. */
function ListAction(props: {
  icon: Parameters<typeof Icon>[0]['name'];
  title: string;
  href?: string | null;
  onClick?: () => void;
}) {
  const content = (
    <>
      <span className="action-icon">
        <Icon name={props.icon} />
      </span>
      <span className="list-action-text">
        <span className="list-action-title">{props.title}</span>
      </span>
      <Icon name="chevron" small />
    </>
  );
  if (props.href) {
    return (
      <a className="list-action" href={props.href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <button type="button" className="list-action" onClick={props.onClick}>
      {content}
    </button>
  );
}

/**
 * Keeps keyboard focus in the card when the welcome view goes with the control that had it (a quick
 * action starting a chat): it would fall to the page's body, where the next keys go nowhere. It moves to
 * the new view's text box, once that is in the DOM (not on a touch screen, where focus would open the
 * keyboard unasked).
 */
function useFocusCarriedToChat() {
  const { environment } = useAssistant();
  const home = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = home.current;
    // Runs as React removes the view, while the control inside it still has focus.
    return () => {
      const root = element?.getRootNode() as Document | ShadowRoot | undefined;
      if (!element || !root || !element.contains(root.activeElement) || environment.coarsePointer()) return;
      queueMicrotask(() => root.querySelector<HTMLElement>('.chat textarea')?.focus());
    };
  }, [environment]);
  return home;
}

/**
 * The welcome view: logo, badges, greeting, quick starts, the recent conversation and contact
 * options; "Start a live call" only where a call can work.
 */
export function HomeView() {
  const t = useStrings();
  const actions = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const badgeImages = useAssistantState((state) => state.theme.badgeImages);
  const storeUrl = useAssistantState((state) => state.config.storeUrl);
  const trackInChat = useAssistantState((state) => state.config.orderTracking === 'chat');
  const agentUrl = useAssistantState((state) => state.config.agentUrl);
  const strings = useAssistantState((state) => state.strings);
  const unnamed = isUnnamedStore(brandName, strings);
  const voiceReady = useAssistantState((state) => voiceTarget(state.config.voice) !== null);
  // A call reaches the assistant: none is offered while a person answers or is being waited for.
  const callsOff = useTakenOver();
  const home = useFocusCarriedToChat();

  return (
    <div className="home" ref={home}>
      <header className="home-hero on-primary" part="hero">
        <div className="brand-row">
          {/* Beside the title that names the store, an unnamed store's mark says nothing more: it is decorative. */}
          <BrandMark className="logo" alt={unnamed ? '' : t('logoAlt', { brandName })} />
          {badgeImages.length > 0 && (
            <span className="badges">
              {badgeImages.slice(0, MAX_BADGES_SHOWN).map((url, index) => (
                <img key={url} src={url} alt={t('badgeAlt', { index: index + 1 })} referrerPolicy="no-referrer" />
              ))}
            </span>
          )}
          <CloseCardButton />
        </div>
        <h2 className="home-title">
          {/* A store without a name is welcomed in a sentence of its own, not with its default name inside one. */}
          {unnamed ? t('welcomeTitleUnnamed') : t('welcomeTitle', { brandName })}
        </h2>
        <p className="home-subtitle">{t('welcomeSubtitle')}</p>
      </header>

      <div className="home-body">
        <div className="panel">
          <button type="button" className="pill-button" onClick={() => actions.startChat(strings.askQuestionMessage)}>
            {t('askQuestion')}
          </button>
          {trackInChat ? (
            <ListAction icon="package" title={t('trackOrder')} onClick={() => actions.trackOrder()} />
          ) : storeUrl ? (
            <ListAction icon="package" title={t('trackOrder')} href={storeUrl} />
          ) : (
            <ListAction
              icon="package"
              title={t('trackOrder')}
              onClick={() => actions.startChat(strings.trackOrderMessage)}
            />
          )}
          <ListAction
            icon="sparkles"
            title={t('newArrivals')}
            onClick={() => actions.startChat(strings.newArrivalsMessage)}
          />
        </div>

        <RecentConversation />

        <div className="panel">
          {voiceReady && !callsOff && (
            <ListAction icon="call" title={t('startLiveCall')} onClick={() => actions.startLiveCall()} />
          )}
          {agentUrl ? (
            <ListAction icon="agent" title={t('talkToHuman')} href={agentUrl} />
          ) : (
            <ListAction icon="agent" title={t('talkToHuman')} onClick={() => actions.requestHumanAgent()} />
          )}
        </div>
      </div>
    </div>
  );
}
