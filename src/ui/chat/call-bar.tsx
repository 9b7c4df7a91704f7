import { useActions, useAssistantState, useStrings } from '../context';
import { Icon } from '../icon';

/** mm:ss (or h:mm:ss) for a call's duration. */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The assistant's voice level as five bars; a meter for assistive technology. */
function LevelMeter() {
  const t = useStrings();
  const level = useAssistantState((state) => state.voice.level);
  return (
    <div className="level-meter" role="meter" aria-label={t('voiceLevel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)} data-level={Math.round(level * 5)}>
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </div>
  );
}

/** The in-call strip: connecting, then live with duration, speaking state, level, mute and end. */
export function CallBar() {
  const t = useStrings();
  const actions = useActions();
  const status = useAssistantState((state) => state.voice.status);
  const demo = useAssistantState((state) => state.voice.demo);
  const speaking = useAssistantState((state) => state.voice.speaking);
  const muted = useAssistantState((state) => state.voice.muted);
  const seconds = useAssistantState((state) => state.voice.seconds);
  if (status === 'idle' || status === 'error') return null;
  const live = status === 'connected';
  const label = demo ? t('demoCall') : t('liveCall');
  return (
    <div className={`call-bar ${status}`} part="call-bar" role="group" aria-label={label}>
      <div className="call-state" role="status">
        {live ? (
          <>
            <span className="live-dot" aria-hidden="true" />
            <span className="call-label">{label}</span>
            <span className="call-duration" aria-label={`${t('callDuration')} ${formatDuration(seconds)}`}>{formatDuration(seconds)}</span>
          </>
        ) : (
          <>
            <span className="spinner" aria-hidden="true" />
            <span className="call-label">{status === 'ending' ? t('endingCall') : t('connecting')}</span>
            {demo && <span className="call-tag">{t('demoCall')}</span>}
          </>
        )}
      </div>
      {live && (
        <div className={`speaking${speaking ? ' active' : ''}`}>
          <LevelMeter />
          <span className="speaking-label">{speaking ? t('assistantSpeaking') : t('listening')}</span>
        </div>
      )}
      <div className="call-controls">
        {live && (
          <button
            type="button"
            className={`icon-button${muted ? ' toggled' : ''}`}
            aria-pressed={muted}
            aria-label={muted ? t('unmute') : t('mute')}
            title={muted ? t('unmute') : t('mute')}
            onClick={() => actions.setMuted(!muted)}
          >
            <Icon name={muted ? 'mic-off' : 'mic'} />
          </button>
        )}
        <button type="button" className="icon-button end-call" aria-label={t('endCall')} title={t('endCall')} disabled={status === 'ending'} onClick={() => void actions.stopCall()}>
          <Icon name="call-end" />
        </button>
      </div>
    </div>
  );
}
