import { resolveStrings } from '../i18n/resolve';
import { VERSION } from '../version';
import type { AssistantConfig } from './config';
import { createChatActions } from './chat-actions';
import type { AssistantDeps } from './deps';
import { initialState, type AssistantState, type View } from './state';
import { createStore, type Store } from './store';
import { createThemeActions, themeFor } from './theme-actions';

/** The widget's store plus its actions: everything the element and the UI use. */
export type Assistant = ReturnType<typeof createAssistant>;

/**
 * Creates the assistant: a store outside React and the actions that change it, with every side effect
 * taken from `deps`.
 */
export function createAssistant(deps: AssistantDeps) {
  const store: Store<AssistantState> = createStore(initialState(new URL(deps.pageOrigin).host));
  const theme = createThemeActions(store, deps);
  const chat = createChatActions(store, deps);

  const navigate = (view: View) => store.setState({ view });

  const actions = {
    ...theme,
    ...chat,
    navigate,

    /** Applies a new configuration from the element's attributes. */
    configure(config: AssistantConfig): void {
      store.setState((state) => ({
        config,
        theme: themeFor(config, state.themeLayers),
        strings: resolveStrings(config.lang, config.strings),
        // The `open` attribute is the source of truth for the floating card.
        isOpen: config.open,
      }));
    },

    /** Floating mode: shows or hides the card. */
    setOpen(isOpen: boolean): void {
      store.setState({ isOpen });
    },

    /** Opens the chat view, sending `firstMessage` at once when given. */
    startChat(firstMessage?: string): void {
      navigate('chat');
      if (firstMessage !== undefined) chat.sendMessage(firstMessage);
    },

    /** Returns to the welcome view. */
    goHome(): void {
      navigate('home');
    },

    /** "Start a live call": opens the conversation, where the call runs. */
    startLiveCall(): void {
      navigate('chat');
    },

    /** Called by the UI once it has rendered after being attached: announces `store-assistant:ready`. */
    markRendered(): void {
      deps.emit('ready', { version: VERSION });
    },

    /** "Talk to a human agent" without an agent URL: asks the webhook for one. */
    requestHumanAgent(): void {
      actions.startChat(store.getState().strings.humanAgentMessage);
    },

    dismissNotice(): void {
      store.setState({ notice: null });
    },
  };

  theme.loadSavedTheme();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    actions,
    /** Stops everything in flight; the conversation itself is kept. */
    dispose(): void {},
  };
}
