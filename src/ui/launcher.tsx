import type { KeyboardEvent, Ref } from 'react';
import { isUnnamedStore } from '../theme/theme';
import { useAssistantState, useStrings } from './context';
import { Icon } from './icon';

interface LauncherProps {
  ref?: Ref<HTMLButtonElement>;
  cardId: string;
  isOpen: boolean;
  onToggle: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  /** Overrides the default "Open chat with {brand}" label. */
  label?: string | undefined;
}

/**
 * Floating mode's round button in a bottom corner that opens and closes the card. Replies that arrive
 * while the card is closed show as a count on it, and in its label. While the visitor's language is on
 * its way it is named by the brand alone, which needs no translation, rather than in English first.
 */
export function Launcher({ ref, cardId, isOpen, onToggle, onKeyDown, label }: LauncherProps) {
  const t = useStrings();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const unread = useAssistantState((state) => state.unread);
  const languagePending = useAssistantState((state) => state.languagePending);
  const unnamed = useAssistantState((state) => isUnnamedStore(state.theme.brandName, state.strings));
  // A store nothing names is not put inside the sentence: its stand-in name reads wrong there in many languages.
  const open = unnamed
    ? t(unread > 0 ? 'openChatUnreadUnnamed' : 'openChatUnnamed', { count: unread })
    : t(unread > 0 ? 'openChatUnread' : 'openChat', { brandName, count: unread });
  return (
    <button
      ref={ref}
      type="button"
      className="launcher"
      part="launcher"
      aria-label={languagePending ? brandName : (label ?? open)}
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
