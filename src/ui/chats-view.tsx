import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';
import { IconButton } from './icon-button';
import { ConversationRow } from './recent-conversation';

/** The Chats section: the saved conversations, most recent first, each of which reopens or can be deleted. */
export function ChatsView() {
  const t = useStrings();
  const actions = useActions();
  const conversations = useAssistantState((state) => state.conversations);
  return (
    <div className="section-view">
      {conversations.length > 0 ? (
        <ul className="panel conversation-list" aria-label={t('chatsList')}>
          {conversations.map((conversation) => (
            <li key={conversation.id} className="conversation-item">
              <ConversationRow conversation={conversation} />
              <IconButton
                icon="close"
                small
                label={t('deleteConversation')}
                placement="above-end"
                onClick={() => actions.deleteConversation(conversation.id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="section-empty">{t('chatsEmpty')}</p>
      )}
      <button
        type="button"
        className="pill-button"
        onClick={() => {
          actions.newChat();
          actions.startChat();
        }}
      >
        <Icon name="new-chat" />
        {t('startNewChat')}
      </button>
    </div>
  );
}
