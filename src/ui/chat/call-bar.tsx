import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { StringKey } from '../../i18n/strings';
import type { VoiceState } from '../../voice/voice-state';
import { useActions, useAssistantState, useStrings } from '../context';
import { IconButton } from '../icon-button';

/** mm:ss (or h:mm:ss) for a call's duration. */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** What the strip says while the call is not live: placing it, rejoining it on a new page, ending it. */
const WAITING_LABELS: Partial<Record<VoiceState['status'], StringKey>> = {
  reconnecting: 'reconnectingCall',
  ending: 'endingCall',
};

/** A voice level as five bars in one colour: a meter for assistive technology. */
function LevelMeter({ field, label, who }: { field: 'level' | 'micLevel'; label: StringKey; who: string }) {
  const t = useStrings();
  const level = useAssistantState((state: { voice: VoiceState }) => state.voice[field]);
  return (
    <div
      className={`level-meter ${who}`}
      role="meter"
      aria-label={t(label)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(level * 100)}
      data-level={Math.round(level * 5)}
    >
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </div>
  );
}

/**
 * The one call strip, on one row from 320 px up: a live dot with "Live call · 0:12" (or "Connecting…",
 * "Reconnecting…" on the next page of the store),
 * the assistant's and the visitor's voice levels in two colours, mute and end. Whether the assistant is
 * speaking or listening is in the header's status line.
 */
export function CallBar({ callFocus: callFocusRef }: { callFocus: RefObject<boolean> }) {
  const t = useStrings();
  const actions = useActions();
  const status = useAssistantState((state) => state.voice.status);
  const demo = useAssistantState((state) => state.voice.demo);
  const muted = useAssistantState((state) => state.voice.muted);
  const seconds = useAssistantState((state) => state.voice.seconds);
  const endRef = useRef<HTMLButtonElement>(null);
  const shown = status !== 'idle' && status !== 'error';

  // The call button that started the call is gone: its focus moves to the end button. While focus is
  // in the strip `callFocus` stays set, so it goes back to the call button when the call ends.
  useLayoutEffect(() => {
    if (shown && callFocusRef.current) endRef.current?.focus();
  }, [shown, callFocusRef]);

  if (!shown) return null;
  const live = status === 'connected';
  const label = demo ? t('demoCall') : t('liveCall');
  return (
    <div
      className={`call-bar ${status}`}
      part="call-bar"
      role="group"
      aria-label={label}
      onFocus={() => (callFocusRef.current = true)}
      onBlur={(event) => (callFocusRef.current = event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      {/* The status region announces changes of state; the ticking duration sits outside it, as a timer, so it is not read out every second. */}
      <span role="status" className="call-state">
        <span className={live ? 'live-dot' : 'spinner'} aria-hidden="true" />
        <span className="call-label">{live ? label : t(WAITING_LABELS[status] ?? 'connecting')}</span>
      </span>
      {live ? (
        <span className="call-duration" role="timer">
          <span className="sr-only">{t('callDuration')} </span>
          {formatDuration(seconds)}
        </span>
      ) : (
        demo && <span className="call-tag">{t('demoCall')}</span>
      )}
      {live && (
        <span className="levels">
          <LevelMeter field="level" label="voiceLevel" who="assistant" />
          <LevelMeter field="micLevel" label="micLevel" who="visitor" />
        </span>
      )}
      <span className="call-controls">
        {live && (
          <IconButton
            icon={muted ? 'mic-off' : 'mic'}
            className={muted ? 'toggled' : undefined}
            pressed={muted}
            label={t('mute')}
            onClick={() => actions.setMuted(!muted)}
          />
        )}
        <IconButton
          ref={endRef}
          icon="call-end"
          className="end-call"
          label={t('endCall')}
          placement="below-end"
          disabled={status === 'ending'}
          onClick={() => void actions.stopCall()}
        />
      </span>
    </div>
  );
}
