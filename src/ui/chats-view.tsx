import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';
import { RecentConversation } from './recent-conversation';

/** The Chats section: the saved conversations, most recent first. */
export function ChatsView() {
  const t = useStrings();
  const actions = useActions();
  const hasMessages = useAssistantState((state) => state.messages.length > 0);
  return (
    <div className="section-view">
      <h2 className="section-title">{t('chatsTitle')}</h2>
      {hasMessages ? <RecentConversation /> : <p className="section-empty">{t('chatsEmpty')}</p>}
      <button type="button" className="pill-button" onClick={() => { actions.newChat(); actions.startChat(); }}>
        <Icon name="new-chat" />
        {t('startNewChat')}
      </button>
    </div>
  );
}
