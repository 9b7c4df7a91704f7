import { BrandMark } from '../brand-mark';
import { useActions, useAssistantState, useStrings } from '../context';
import { CloseCardButton } from '../close-card-button';
import { useHeaderStatus } from '../header-status';
import { IconButton } from '../icon-button';

/** Back, the brand with its status line ("Online", "Typing…", ...), "New chat" and, in floating mode, close. */
export function ChatHeader() {
  const t = useStrings();
  const actions = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const status = useHeaderStatus();
  return (
    <header className="chat-header bar on-primary" part="header">
      <IconButton icon="back" label={t('back')} placement="below-start" onClick={actions.goHome} />
      <BrandMark className="avatar" alt="" />
      <div className="chat-title">
        <h2>{brandName}</h2>
        <p className={`status ${status.tone}`}>{t(status.key)}</p>
      </div>
      <IconButton icon="new-chat" label={t('newChat')} placement="below-end" onClick={actions.newChat} />
      <CloseCardButton />
    </header>
  );
}
