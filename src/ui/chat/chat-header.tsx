import { BrandMark } from '../brand-mark';
import { useActions, useAssistantState, useStrings } from '../context';
import { CloseCardButton } from '../close-card-button';
import { useHeaderStatus } from '../header-status';
import { IconButton } from '../icon-button';
import { AgentAvatar, useAnsweringAgent } from './takeover';

/** The first word of a person's name ("Sam" of "Sam from Lumen"). */
const firstName = (name: string) => name.trim().split(/\s+/u)[0] ?? name;

/** Back, the brand with its status line ("Online", "Typing…", ...), "New chat" and, in floating mode, close. */
export function ChatHeader() {
  const t = useStrings();
  const actions = useActions();
  const brandName = useAssistantState((state) => state.theme.brandName);
  const status = useHeaderStatus();
  // During a takeover the header shows who is answering: the person, not the brand's assistant.
  const person = useAnsweringAgent();
  return (
    <header className="chat-header bar on-primary" part="header">
      <IconButton icon="back" label={t('back')} placement="below-start" onClick={actions.goHome} />
      {person ? <AgentAvatar agent={person.agent} className="avatar" /> : <BrandMark className="avatar" alt="" />}
      {/* One line each on the smallest phone: the person's first name (their full name is in the takeover's
          bar and over their messages), and a status that never says they are typing (the chat shows that). */}
      <div className="chat-title">
        <h2>{person ? firstName(person.agent.name) : brandName}</h2>
        <p className={`status ${person ? 'online' : status.tone}`}>
          <span className="status-text">{person ? t('handoffPerson') : t(status.key)}</span>
        </p>
      </div>
      <IconButton icon="new-chat" label={t('newChat')} placement="below-end" onClick={actions.newChat} />
      <CloseCardButton />
    </header>
  );
}
