import { useMemo } from 'react';
import { plainTextToHtml } from '../chat/markdown/markdown-loader';
import { trustedHtml } from '../chat/markdown/trusted-html';
import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';

/**
 * One answer, written in markdown like a reply and rendered as replies are: the same renderer and
 * sanitiser, the same rules for links and images. Until the renderer has loaded it shows as plain text.
 */
function FaqAnswer({ text }: { text: string }) {
  const markdown = useAssistantState((state) => state.markdown);
  const options = useAssistantState((state) => state.markdownOptions);
  const html = useMemo(() => (markdown ? markdown(text, options) : plainTextToHtml(text)), [text, markdown, options]);
  // Sanitised by the markdown renderer (or escaped as plain text).
  return <div className="faq-answer markdown" dir="auto" dangerouslySetInnerHTML={{ __html: trustedHtml(html) }} />;
}

/** The FAQ section: the store's `faq` entries, each of which can also be asked to the assistant. */
export function FaqView() {
  const t = useStrings();
  const actions = useActions();
  const faq = useAssistantState((state) => state.config.faq);
  return (
    <div className="section-view">
      {faq.length === 0 ? (
        <p className="section-empty">{t('faqEmpty')}</p>
      ) : (
        <div className="panel">
          {faq.map((entry) => (
            <details key={entry.q} className="faq-item">
              <summary>
                {entry.q}
                <Icon name="chevron" small />
              </summary>
              <FaqAnswer text={entry.a} />
            </details>
          ))}
        </div>
      )}
      <button type="button" className="pill-button" onClick={() => actions.startChat()}>
        {t('faqAskAssistant')}
      </button>
    </div>
  );
}
