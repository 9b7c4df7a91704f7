import { BrandMark } from '../brand-mark';
import { useActions, useAssistantState, useStrings } from '../context';
import { CloseCardButton } from '../close-card-button';
import { IconButton } from '../icon-button';

/** Back, the brand with its "Online" label, "New chat" and, in floating mode, close. */
export function ChatHeader() {
  const t = useStrings();
  const actions = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  return (
    <header className="chat-header on-primary" part="header">
      <IconButton icon="back" label={t('back')} placement="below-start" onClick={actions.goHome} />
      <BrandMark className="avatar" alt="" />
      <div className="chat-title">
        <h2>{brandName}</h2>
        <span className="status">{t('online')}</span>
      </div>
      <IconButton icon="new-chat" label={t('newChat')} placement="below-end" onClick={actions.newChat} />
      <CloseCardButton />
    </header>
  );
}
