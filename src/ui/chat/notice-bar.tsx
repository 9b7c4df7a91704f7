import { useActions, useAssistantState, useStrings } from '../context';
import { Icon } from '../icon';

/** A notice above the input (voice not configured, a refused file, ...), dismissible. */
export function NoticeBar() {
  const t = useStrings();
  const notice = useAssistantState((state) => state.notice);
  const { dismissNotice } = useActions();
  if (!notice) return null;
  return (
    <div className="notice" role="alert" part="notice">
      <p>{notice.text}</p>
      <button type="button" className="icon-button" aria-label={t('dismiss')} title={t('dismiss')} onClick={dismissNotice}>
        <Icon name="close" small />
      </button>
    </div>
  );
}
