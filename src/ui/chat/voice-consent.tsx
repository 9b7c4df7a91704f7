import { useMemo } from 'react';
import { plainTextToHtml } from '../../chat/markdown/markdown-loader';
import { linkTargetNote } from '../../chat/markdown/markdown-links';
import { trustedHtml } from '../../chat/markdown/trusted-html';
import { escapeHtml } from '../../chat/markdown/visible-text';
import { useActions, useAssistantState, useStrings } from '../context';

/** A markdown link to a web page: `[text](https://…)`, the form a consent text uses for its privacy notice. */
const INLINE_LINK = /\[([^[\]\n]{1,200})\]\((https?:\/\/[^\s()<>"']{1,2000})\)/g;

/**
 * The consent text as HTML before the markdown renderer has loaded: plain text, except that web links read
 * as links (opening in a new tab, with the target's host after a text that names another) rather than as
 * their markdown source. The renderer, once there, draws the same text with every other markdown form.
 */
export function consentHtmlBeforeMarkdown(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    const [source, label = '', target = ''] = match;
    let href: string;
    try {
      href = new URL(target).href;
    } catch {
      continue;
    }
    const note = linkTargetNote(label, href);
    html += plainTextToHtml(text.slice(from, match.index));
    html += `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${plainTextToHtml(label)}</a>`;
    if (note) html += escapeHtml(` (${note})`);
    from = match.index + source.length;
  }
  return html + plainTextToHtml(text.slice(from));
}

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
    () => (text ? (markdown ? markdown(text, options) : consentHtmlBeforeMarkdown(text)) : ''),
    [text, markdown, options],
  );
  if (!asked || !text) return null;
  return (
    <section className="voice-consent" part="voice-consent" role="group" aria-label={t('voiceConsentTitle')}>
      <h3 className="voice-consent-title">{t('voiceConsentTitle')}</h3>
      {/* Sanitised by the markdown renderer, or escaped text with web links until it has loaded. */}
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
