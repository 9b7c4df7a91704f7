import { useActions, useAssistantState, useStrings } from './context';
import { IconButton } from './icon-button';

/**
 * Floating mode's close button in the card's own header. On a phone the open card covers the whole
 * screen, launcher included, so the card must close itself. Inline mode has nothing to close.
 */
export function CloseCardButton() {
  const t = useStrings();
  const { setOpen } = useActions();
  const floating = useAssistantState((state) => state.config.mode === 'floating');
  if (!floating) return null;
  return (
    <IconButton
      icon="close"
      className="close-card"
      part="close-button"
      label={t('closeChat')}
      placement="below-end"
      onClick={() => setOpen(false)}
    />
  );
}
