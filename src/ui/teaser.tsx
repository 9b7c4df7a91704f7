import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';

/**
 * Floating mode: the launcher teaser, a small speech bubble beside the closed launcher. Clicking its text
 * opens the chat (and sends nothing); its close button dismisses it for the session. It is a polite
 * status, so a screen reader announces it once when it appears.
 */
export function Teaser() {
  const t = useStrings();
  const { setOpen, dismissTeaser } = useActions();
  const shown = useAssistantState((state) => state.teaser && !state.isOpen);
  const text = useAssistantState((state) => state.config.teaser);
  if (!shown || !text) return null;
  return (
    <div className="teaser" part="teaser" role="status">
      <button type="button" className="teaser-text" dir="auto" onClick={() => setOpen(true)}>
        {text}
      </button>
      <button
        type="button"
        className="teaser-close"
        aria-label={t('teaserClose')}
        title={t('teaserClose')}
        onClick={dismissTeaser}
      >
        <Icon name="close" small />
      </button>
    </div>
  );
}
