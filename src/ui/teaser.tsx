import { BrandMark } from './brand-mark';
import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';

/**
 * Floating mode: the launcher teaser, a small speech bubble over the closed launcher, on the launcher's
 * side in either direction, signed with the brand's mark and name so it is clear who speaks. Clicking it
 * opens the chat (and sends nothing); its close button dismisses it for the session. It is a polite
 * status, so a screen reader announces it once when it appears.
 */
export function Teaser() {
  const t = useStrings();
  const { setOpen, dismissTeaser } = useActions();
  // Its close button is named in the visitor's language: it waits for that language.
  // An invitation, or a person's unread message, on screen takes its place: they never show together.
  const shown = useAssistantState(
    (state) =>
      state.teaser && !state.isOpen && !state.languagePending && !state.invite.questions && !state.handoff.preview,
  );
  const text = useAssistantState((state) => state.config.teaser);
  const brandName = useAssistantState((state) => state.theme.brandName);
  if (!shown || !text) return null;
  return (
    <div className="teaser" part="teaser" role="status">
      <BrandMark className="avatar" alt="" />
      <button type="button" className="teaser-text" onClick={() => setOpen(true)}>
        <span className="teaser-name" dir="auto">
          {brandName}
        </span>
        <span className="teaser-message" dir="auto">
          {text}
        </span>
      </button>
      <BubbleCloseButton label={t('teaserClose')} onClick={dismissTeaser} />
    </div>
  );
}

/** The × of a bubble beside the launcher (the teaser, the invitation): named, with the name as its tooltip. */
export function BubbleCloseButton({
  label,
  onClick,
  className = '',
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`teaser-close ${className}`.trim()}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name="close" small />
    </button>
  );
}
