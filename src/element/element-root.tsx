import type { Assistant } from '../app/assistant';
import { directionOf } from '../i18n/language-choice';
import { App } from '../ui/app';
import { AssistantContext, useAssistant, useAssistantState } from '../ui/context';
import { ErrorBoundary } from '../ui/error-boundary';
import { useMediaQuery } from '../ui/use-media';

/** The widget inside the error boundary, whose texts follow the element's language. */
function RootShell() {
  const renderError = useAssistantState((state) => state.strings.renderError);
  const retryLabel = useAssistantState((state) => state.strings.renderErrorRetry);
  const floating = useAssistantState((state) => state.config.mode === 'floating');
  const lang = useAssistantState((state) => state.config.lang);
  const scheme = useAssistantState((state) => state.config.colorScheme);
  // `auto` follows the visitor's system setting, live; the other schemes ask nothing.
  const systemDark = useMediaQuery(scheme === 'auto' ? '(prefers-color-scheme: dark)' : null);
  const { actions } = useAssistant();
  const closeLabel = useAssistantState((state) => state.strings.closeChat);
  return (
    <div
      className="root"
      part="root"
      lang={lang}
      dir={directionOf(lang)}
      data-scheme={scheme === 'dark' || systemDark ? 'dark' : 'light'}
    >
      <ErrorBoundary
        message={renderError}
        retryLabel={retryLabel}
        floating={floating}
        close={floating ? { label: closeLabel, onClose: () => actions.setOpen(false) } : undefined}
        onError={(error) => console.error('[store-assistant] render error', error)}
      >
        <App />
      </ErrorBoundary>
    </div>
  );
}

/** What the element renders its React tree with. */
export interface ElementRootProps {
  /** The element's own assistant. */
  assistant: Assistant;
}

/** The React tree the element mounts into its shadow root: its own assistant, provided to the UI. */
export function ElementRoot({ assistant }: ElementRootProps) {
  return (
    <AssistantContext.Provider value={assistant}>
      <RootShell />
    </AssistantContext.Provider>
  );
}
