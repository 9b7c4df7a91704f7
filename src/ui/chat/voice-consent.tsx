import { useMemo } from 'react';
import { plainTextToHtml } from '../../chat/markdown/markdown-loader';
import { trustedHtml } from '../../chat/markdown/trusted-html';
import { useActions, useAssistantState, useStrings } from '../context';

/**
 * The store's recording consent, asked before the first call: its text (markdown links allowed, through
 * the same sanitiser as replies), "Agree and call" and "Not now". Nothing of the voice SDK is loaded,
 * and no microphone asked for, until the visitor agrees.
 */
export function VoiceConsent() {
  const t = useStrings();
  const { agreeToVoiceConsent, declineVoiceConsent } = useActions();
  const asked = useAssistantState((state) => state.voice.consentAsked);
  const text = useAssistantState((state) => state.config.voice.consent);
  const markdown = useAssistantState((state) => state.markdown);
  const options = useAssistantState((state) => state.markdownOptions);
  const html = useMemo(
    () => (text ? (markdown ? markdown(text, options) : plainTextToHtml(text)) : ''),
    [text, markdown, options],
  );
  if (!asked || !text) return null;
  return (
    <section className="voice-consent" part="voice-consent" role="group" aria-label={t('voiceConsentTitle')}>
      <h3 className="voice-consent-title">{t('voiceConsentTitle')}</h3>
      {/* Sanitised by the markdown renderer (or escaped as plain text). */}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: trustedHtml(html) }} />
      <div className="voice-consent-actions">
        <button type="button" className="consent-agree" part="consent-agree" onClick={agreeToVoiceConsent}>
          {t('agreeAndCall')}
        </button>
        <button type="button" className="consent-decline" onClick={declineVoiceConsent}>
          {t('notNow')}
        </button>
      </div>
    </section>
  );
}
