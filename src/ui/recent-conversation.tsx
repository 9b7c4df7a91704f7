import type { ConversationSummary } from '../chat/chat-state';
import { BrandMark } from './brand-mark';
import { useActions, useAssistant, useAssistantState, useStrings } from './context';
import { Icon } from './icon';
import { relativeTime } from './relative-time';

/** A saved conversation as a row that reopens it: what was asked, the last message as plain text, and when. */
export function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const t = useStrings();
  const { openConversation } = useActions();
  const { environment } = useAssistant();
  const lang = useAssistantState((state) => state.config.lang);
  const when = relativeTime(conversation.updatedAt, environment.now(), lang);
  return (
    <button type="button" className="list-action" onClick={() => openConversation(conversation.id)}>
      <BrandMark className="avatar" alt="" />
      <span className="list-action-text">
        <span className="list-action-title" dir="auto">
          {conversation.title}
        </span>
        <span className="list-action-detail" dir="auto">
          {conversation.preview}
          <span className="sr-only">, {t('messageCount', { count: conversation.messageCount })}</span>
        </span>
      </span>
      {when && <span className="when">{when}</span>}
      <Icon name="chevron" small />
    </button>
  );
}

/** The home view's "Recent Conversation" entry: the latest conversation, which it reopens. */
export function RecentConversation() {
  const t = useStrings();
  const { navigate } = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const latest = useAssistantState((state) => state.conversations[0]);
  return (
    <section className="panel" aria-labelledby="recent-conversation-title">
      <h3 className="panel-title" id="recent-conversation-title">
        {t('recentConversation')}
      </h3>
      {latest ? (
        <ConversationRow conversation={latest} />
      ) : (
        <button type="button" className="list-action" onClick={() => navigate('chat')}>
          <BrandMark className="avatar" alt="" />
          <span className="list-action-text">
            <span className="list-action-title">{brandName}</span>
            <span className="list-action-detail">{t('noConversationYet')}</span>
          </span>
          <Icon name="chevron" small />
        </button>
      )}
    </section>
  );
}
