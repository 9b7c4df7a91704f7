import { formatDuration } from './chat/call-bar';
import { useActions, useAssistantState, useStrings } from './context';

/** While a call runs and the visitor browses another section: "On a call · 0:12", which leads back to it. */
export function CallReturn() {
  const t = useStrings();
  const { navigate } = useActions();
  const seconds = useAssistantState((state) => (state.voice.status === 'connected' ? state.voice.seconds : null));
  if (seconds === null) return null;
  return (
    <button type="button" className="call-return" onClick={() => navigate('chat')}>
      <span className="live-dot" aria-hidden="true" />
      {t('onCall', { duration: formatDuration(seconds) })}
    </button>
  );
}
