import { useActions, useAssistantState, useStrings } from '../context';
import { IconButton } from '../icon-button';

/** A notice above the input (voice not configured, a refused file, ...), dismissible. */
export function NoticeBar() {
  const t = useStrings();
  const notice = useAssistantState((state) => state.notice);
  const { dismissNotice } = useActions();
  if (!notice) return null;
  return (
    <div className="notice" role="alert" part="notice">
      <p>{notice.text}</p>
      <IconButton icon="close" small label={t('dismiss')} placement="above-end" onClick={dismissNotice} />
    </div>
  );
}
