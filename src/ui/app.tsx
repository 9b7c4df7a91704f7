import { useEffect, useId } from 'react';
import { BottomNav } from './bottom-nav';
import { ChatView } from './chat/chat-view';
import { ChatsView } from './chats-view';
import { useActions, useAssistantState, useStrings } from './context';
import { FaqView } from './faq-view';
import { HomeView } from './home-view';
import { Launcher } from './launcher';

/** The card with the current view; the bottom bar shows on every view but the conversation. */
function Card({ id, floating, hidden }: { id?: string; floating: boolean; hidden?: boolean }) {
  const view = useAssistantState((state) => state.view);
  const brandName = useAssistantState((state) => state.theme.brandName);
  return (
    <section
      id={id}
      className={floating ? 'card floating-card' : 'card'}
      part="card"
      aria-label={brandName}
      hidden={hidden}
    >
      {view === 'chat' ? (
        <ChatView />
      ) : (
        <>
          <div className="view" part="view">
            {view === 'home' && <HomeView />}
            {view === 'chats' && <ChatsView />}
            {view === 'faq' && <FaqView />}
          </div>
          <BottomNav />
        </>
      )}
    </section>
  );
}

/** The whole widget: the inline card, or the floating launcher with its card. */
export function App() {
  const mode = useAssistantState((state) => state.config.mode);
  const isOpen = useAssistantState((state) => state.isOpen);
  const cardId = useId();
  const actions = useActions();
  const t = useStrings();

  useEffect(() => actions.markRendered(), [actions]);

  if (mode === 'inline') return <Card floating={false} />;
  return (
    <>
      <Card id={cardId} floating hidden={!isOpen} />
      <Launcher cardId={cardId} isOpen={isOpen} onToggle={() => actions.setOpen(!isOpen)} label={isOpen ? t('closeChat') : undefined} />
    </>
  );
}
