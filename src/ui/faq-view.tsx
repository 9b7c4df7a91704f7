import { useActions, useAssistantState, useStrings } from './context';
import { Icon } from './icon';

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
              <p>{entry.a}</p>
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
