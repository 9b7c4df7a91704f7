import type r2wcFunction from '@r2wc/react-to-web-component';
import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../shared/next-task';
import { createAssistant, type Assistant } from '../app/assistant';
import { browserDeps } from '../app/deps';
import { directionOf } from '../i18n/resolve';
import { themeCssVariables } from '../theme/css-variables';
import { App } from '../ui/app';
import { AssistantContext, useAssistant, useAssistantState } from '../ui/context';
import { ErrorBoundary } from '../ui/error-boundary';
import { useMediaQuery } from '../ui/use-media';
import css from '../ui/styles.css?raw';
import iconCss from '../ui/icons.css?raw';
import { ATTRIBUTE_NAMES, parseAttributes, type AttributeName } from './attributes';
import { dispatchAssistantEvent } from './events';
import { coverViewport } from './mobile-viewport';
import { darkSchemeTextColors, themeTextColors } from './theme-colors';
import { adoptStyles } from './styles';

/** The widget inside the error boundary, whose texts follow the element's language. */
function RootShell() {
  const renderError = useAssistantState((state) => state.strings.renderError);
  const retryLabel = useAssistantState((state) => state.strings.renderErrorRetry);
  const floating = useAssistantState((state) => state.config.mode === 'floating');
  const lang = useAssistantState((state) => state.config.lang);
  const scheme = useAssistantState((state) => state.config.colorScheme);
  // `auto` follows the visitor's system setting, live; the other schemes ask nothing.
  const systemDark = useMediaQuery(scheme === 'auto' ? '(prefers-color-scheme: dark)' : null);
  // The widget renders as a transition, which React splits into short slices: the store's page keeps
  // responding while the first view is built.
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
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
        {shown && <App />}
      </ErrorBoundary>
    </div>
  );
}

/** The React tree r2wc mounts into the shadow root: the element's own assistant, provided to the UI. */
function ElementRoot({ container }: { container?: HTMLElement }) {
  const assistant = ((container as unknown as ShadowRoot | undefined)?.host as { assistant?: Assistant } | undefined)?.assistant;
  if (!assistant) return null;
  return (
    <AssistantContext.Provider value={assistant}>
      <RootShell />
    </AssistantContext.Provider>
  );
}

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Builds the `<store-assistant>` class on the custom element r2wc makes. r2wc is passed in, not imported:
 * it brings ReactDOM, the largest part of the script, which the loader (index.ts) evaluates in a task of
 * its own, while this module and the rest of the widget are plain code evaluated with the script.
 */
export function createStoreAssistantElement(r2wc: typeof r2wcFunction) {
  // Every attribute is declared to r2wc as a plain string, so r2wc observes them; parsing is ours (r2wc
  // ignores empty values, throws on bad JSON and never resets a removed attribute).
  const R2wcElement = r2wc(ElementRoot, {
    shadow: 'open',
    props: Object.fromEntries(ATTRIBUTE_NAMES.map((name) => [camelCase(name), 'string'])) as Record<string, 'string'>,
  }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };
    readonly observedAttributes: string[];
  };
  return class StoreAssistantElement extends R2wcElement {
    /** The store behind this element. It outlives re-renders and moves, so the conversation does too. */
    readonly assistant: Assistant;
    private configurePending = false;
    private readonly warned = new Set<string>();
    /** Console messages for the store owner, each written once per element. */
    private readonly warn: (message: string) => void;

    constructor() {
      super();
      const deps = browserDeps((name, detail) => dispatchAssistantEvent(this, name, detail));
      const warnOnce = deps.warn;
      // The same invalid attribute is reported once, not on every re-parse.
      this.warn = deps.warn = (message) => {
        if (this.warned.has(message)) return;
        this.warned.add(message);
        warnOnce(message);
      };
      this.assistant = createAssistant(deps);
      adoptStyles(this.shadowRoot as ShadowRoot, `${css}\n${iconCss}`);
      this.assistant.subscribe((state, previous) => {
        if (state.theme !== previous.theme) this.applyTheme();
        if (state.isOpen !== previous.isOpen) this.reflectOpen(state.isOpen);
        if (state.isOpen !== previous.isOpen || state.config.mode !== previous.config.mode) this.syncViewport();
      });
    }

    /** The page is being unloaded (or frozen): end a call and write pending saves. */
    private readonly onPageHide = () => this.assistant.dispose();

    override connectedCallback(): void {
      this.configure();
      this.applyTheme();
      window.addEventListener('pagehide', this.onPageHide);
      this.syncViewport();
      if (this.mounted !== 'never') {
        this.mount();
        return;
      }
      // The first mount waits for a task of its own, so defining the element (which constructs every
      // widget on the page) and starting React are not one long task.
      this.mounted = 'pending';
      void nextTask().then(() => {
        if (this.isConnected && this.mounted === 'pending') this.mount();
      });
    }

    /** Whether React is mounted: `never` before the first connection, `pending` while it waits for its task. */
    private mounted: 'never' | 'pending' | 'yes' | 'no' = 'never';

    private mount(): void {
      this.mounted = 'yes';
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      window.removeEventListener('pagehide', this.onPageHide);
      this.syncViewport();
      this.mounted = 'no';
      super.disconnectedCallback();
      // A move (remove then insert in the same task) reconnects before this runs and keeps everything alive.
      queueMicrotask(() => {
        if (!this.isConnected) this.assistant.dispose();
      });
    }

    attributeChangedCallback(): void {
      // Coalesce: a parser or an upgrade reports every attribute in turn; parse them once.
      if (this.configurePending) return;
      this.configurePending = true;
      queueMicrotask(() => this.configure());
    }

    private configure(): void {
      this.configurePending = false;
      const read = (name: AttributeName) => this.getAttribute(name);
      const { origin, host } = window.location;
      this.assistant.actions.configure(parseAttributes(read, { baseUrl: document.baseURI, origin, host }, this.warn));
    }

    private applyTheme(): void {
      if (!this.isConnected) return;
      const { theme } = this.assistant.getState();
      for (const [name, value] of themeCssVariables(theme)) this.style.setProperty(name, value);
      for (const [name, value] of Object.entries({ ...themeTextColors(theme), ...darkSchemeTextColors(theme) })) this.style.setProperty(name, value);
    }

    /** Undoes {@link coverViewport} while the floating card is open. */
    private releaseViewport: (() => void) | null = null;

    /** The open floating card follows the visual viewport and, full screen, stops the page scrolling. */
    private syncViewport(): void {
      const { isOpen, config } = this.assistant.getState();
      const cover = this.isConnected && isOpen && config.mode === 'floating';
      if (cover && !this.releaseViewport) this.releaseViewport = coverViewport(this);
      else if (!cover && this.releaseViewport) {
        this.releaseViewport();
        this.releaseViewport = null;
      }
    }

    private reflectOpen(isOpen: boolean): void {
      if (this.hasAttribute('open') !== isOpen) this.toggleAttribute('open', isOpen);
      dispatchAssistantEvent(this, isOpen ? 'open' : 'close', {});
    }

    /** Floating mode: opens the card. */
    open(): void {
      this.assistant.actions.setOpen(true);
    }

    /** Floating mode: closes the card. */
    close(): void {
      this.assistant.actions.setOpen(false);
    }

    /** Opens the conversation, sending `firstMessage` at once when given. */
    startChat(firstMessage?: string): void {
      this.assistant.actions.startChat(firstMessage);
    }

    /** Sends `text` as the visitor and shows the conversation. False when empty or a reply is awaited. */
    sendMessage(text: string): boolean {
      this.assistant.actions.navigate('chat');
      return this.assistant.actions.sendMessage(String(text));
    }

    /** Starts a new conversation. */
    newChat(): void {
      this.assistant.actions.newChat();
    }

    /** Returns to the welcome view. */
    goHome(): void {
      this.assistant.actions.goHome();
    }

    /** Starts a voice call (the microphone is asked for first). Ignored while a call is starting or running. */
    startCall(): Promise<void> {
      this.assistant.actions.navigate('chat');
      return this.assistant.actions.startCall();
    }

    /** Ends the voice call. */
    stopCall(): Promise<void> {
      return this.assistant.actions.stopCall();
    }

    /** Mutes or unmutes the microphone during a call. */
    setMuted(muted: boolean): void {
      this.assistant.actions.setMuted(Boolean(muted));
    }

    /** Saves the current theme to localStorage "chatbot-theme". False when the browser refuses storage. */
    saveTheme(): boolean {
      return this.assistant.actions.saveTheme();
    }

    /** Applies a theme (JSON text or object). False, with a console message, when anything in it is invalid. */
    importTheme(json: unknown): boolean {
      return this.assistant.actions.importTheme(json);
    }

    /** The current theme as JSON, in the format `importTheme` accepts. */
    exportTheme(): string {
      return this.assistant.actions.exportTheme();
    }
  };
}

/**
 * `<store-assistant>`: the embeddable assistant. Attributes configure it (see attributes.ts), methods
 * drive it, and `store-assistant:*` events report what happened (see events.ts).
 */
export type StoreAssistantElement = InstanceType<ReturnType<typeof createStoreAssistantElement>>;
