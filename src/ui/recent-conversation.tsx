import { BrandMark } from './brand-mark';
import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';

/** The home view's "Recent Conversation" entry: the latest conversation, which it reopens. */
export function RecentConversation() {
  const t = useStrings();
  const { navigate } = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const lastMessage = useAssistantState((state) => state.messages[state.messages.length - 1]);
  return (
    <section className="panel" aria-labelledby="recent-conversation-title">
      <h3 className="panel-title" id="recent-conversation-title">{t('recentConversation')}</h3>
      <button type="button" className="list-action" onClick={() => navigate('chat')}>
        <BrandMark className="avatar" alt="" />
        <span className="list-action-text">
          <span className="list-action-title">{brandName}</span>
          <span className="list-action-detail">{lastMessage ? lastMessage.content : t('noConversationYet')}</span>
        </span>
        <Icon name="chevron" small />
      </button>
    </section>
  );
}
