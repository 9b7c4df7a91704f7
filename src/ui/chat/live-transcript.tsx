import { useAssistantState, useStrings } from '../context';
import { VoiceMark } from './bot-message';

/** The running transcript of the call in progress, with the line being spoken shown live. */
export function LiveTranscript() {
  const t = useStrings();
  const transcript = useAssistantState((state) => state.voice.transcript);
  const partial = useAssistantState((state) => state.voice.partial);
  if (transcript.length === 0 && !partial) return null;
  return (
    <section className="live-transcript" part="transcript" aria-label={t('transcript')}>
      {transcript.map((entry, index) => (
        <div key={`${entry.timestamp}-${index}`} className={`message ${entry.role === 'user' ? 'user' : 'bot'} voice`}>
          <span className="sr-only">{entry.role === 'user' ? t('you') : t('assistant')}: </span>
          {entry.role === 'user' && <VoiceMark />}
          <div className="bubble">{entry.text}</div>
          {entry.role !== 'user' && <VoiceMark />}
        </div>
      ))}
      {partial && (
        <div className={`message ${partial.role === 'user' ? 'user' : 'bot'} voice partial`} aria-hidden="true">
          {partial.role === 'user' && <VoiceMark />}
          <div className="bubble">{partial.text}</div>
          {partial.role !== 'user' && <VoiceMark />}
        </div>
      )}
    </section>
  );
}
