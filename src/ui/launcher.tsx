import { useAssistantState, useStrings } from './context';
import { Icon } from './icon';

interface LauncherProps {
  cardId: string;
  isOpen: boolean;
  onToggle: () => void;
  /** Overrides the default "Open chat with {brand}" label. */
  label?: string | undefined;
}

/** Floating mode's round button at the bottom right that opens and closes the card. */
export function Launcher({ cardId, isOpen, onToggle, label }: LauncherProps) {
  const t = useStrings();
  const brandName = useAssistantState((state) => state.theme.brandName);
  return (
    <button
      type="button"
      className="launcher"
      part="launcher"
      aria-label={label ?? t('openChat', { brandName })}
      aria-expanded={isOpen}
      aria-controls={cardId}
      onClick={onToggle}
    >
      <Icon name={isOpen ? 'close' : 'launcher'} />
    </button>
  );
}
