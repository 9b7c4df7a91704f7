import type { Assistant } from '../app/assistant';
import { directionOf } from '../i18n/resolve';
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
    <div className="root" part="root" lang={lang} dir={directionOf(lang)} data-scheme={scheme === 'dark' || systemDark ? 'dark' : 'light'}>
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

/** The React tree r2wc mounts into the shadow root: the element's own assistant, provided to the UI. */
export function ElementRoot({ container }: { container?: HTMLElement }) {
  const assistant = ((container as unknown as ShadowRoot | undefined)?.host as { assistant?: Assistant } | undefined)?.assistant;
  if (!assistant) return null;
  return (
    <AssistantContext.Provider value={assistant}>
      <RootShell />
    </AssistantContext.Provider>
  );
}
