import { BrandMark } from '../brand-mark';
import { useActions, useAssistantState, useStrings } from '../context';
import { Icon } from '../icon';

/** Back, the brand with its "Online" label, and "New chat". */
export function ChatHeader() {
  const t = useStrings();
  const actions = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  return (
    <header className="chat-header on-primary" part="header">
      <button type="button" className="icon-button" aria-label={t('back')} title={t('back')} onClick={actions.goHome}>
        <Icon name="back" />
      </button>
      <BrandMark className="avatar" alt="" />
      <div className="chat-title">
        <h2>{brandName}</h2>
        <span className="status">{t('online')}</span>
      </div>
      <button type="button" className="icon-button" aria-label={t('newChat')} title={t('newChat')} onClick={actions.newChat}>
        <Icon name="new-chat" />
      </button>
    </header>
  );
}
