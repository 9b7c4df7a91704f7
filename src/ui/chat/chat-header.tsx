import { BrandMark } from '../brand-mark';
import { useActions, useAssistantState, useStrings } from '../context';
import { CloseCardButton } from '../close-card-button';
import { useHeaderStatus } from '../header-status';
import { IconButton } from '../icon-button';
import { AgentAvatar, useAnsweringAgent } from './takeover';

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
      <div className="chat-title">
        <h2>{person ? person.agent.name : brandName}</h2>
        <p className={`status ${person ? 'online' : status.tone}`}>
          {person ? t(person.typing ? 'handoffTyping' : 'handoffPerson', { name: person.agent.name }) : t(status.key)}
        </p>
      </div>
      <IconButton icon="new-chat" label={t('newChat')} placement="below-end" onClick={actions.newChat} />
      <CloseCardButton />
    </header>
  );
}
