import type { KeyboardEvent, Ref } from 'react';
import { useAssistantState } from './context';
import { Icon } from './icon';
import { launcherLabel } from './launcher-label';

interface LauncherProps {
  ref?: Ref<HTMLButtonElement>;
  cardId: string;
  isOpen: boolean;
  onToggle: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * Floating mode's round button in a bottom corner that opens and closes the card. Replies that arrive
 * while the card is closed show as a count on it, and in its name (see {@link launcherLabel}).
 */
export function Launcher({ ref, cardId, isOpen, onToggle, onKeyDown }: LauncherProps) {
  const unread = useAssistantState((state) => state.unread);
  const label = useAssistantState((state) => launcherLabel(state, isOpen));
  return (
    <button
      ref={ref}
      type="button"
      className="launcher"
      part="launcher"
      aria-label={label}
      aria-expanded={isOpen}
      aria-controls={cardId}
      onClick={onToggle}
      onKeyDown={onKeyDown}
    >
      <Icon name={isOpen ? 'close' : 'launcher'} />
      {unread > 0 && (
        <span className="launcher-badge" part="launcher-badge" aria-hidden="true">
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </button>
  );
}
