import { useActions, useAssistantState, useStrings } from '../context';
import { IconButton } from '../icon-button';

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
      {/* The status region announces changes of state; the ticking duration sits outside it, as a timer, so it is not read out every second. */}
      <div className="call-state">
        <span role="status">
          {live ? (
            <>
              <span className="live-dot" aria-hidden="true" />
              <span className="call-label">{label}</span>
            </>
          ) : (
            <>
              <span className="spinner" aria-hidden="true" />
              <span className="call-label">{status === 'ending' ? t('endingCall') : t('connecting')}</span>
            </>
          )}
        </span>
        {live ? (
          <span className="call-duration" role="timer">
            <span className="sr-only">{t('callDuration')} </span>
            {formatDuration(seconds)}
          </span>
        ) : (
          demo && <span className="call-tag">{t('demoCall')}</span>
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
          <IconButton
            icon={muted ? 'mic-off' : 'mic'}
            className={muted ? 'toggled' : undefined}
            pressed={muted}
            label={t('mute')}
            onClick={() => actions.setMuted(!muted)}
          />
        )}
        <IconButton icon="call-end" className="end-call" label={t('endCall')} placement="below-end" disabled={status === 'ending'} onClick={() => void actions.stopCall()} />
      </div>
    </div>
  );
}
