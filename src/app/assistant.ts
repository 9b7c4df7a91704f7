import { createChatSlice } from '../chat/chat-slice';
import { resolveStrings } from '../i18n/resolve';
import { createStore } from '../shared/store';
import { VERSION } from '../shared/version';
import { createThemeSlice, themeFor } from '../theme/theme-slice';
import { createCallController } from '../voice/call-controller';
import type { AssistantActions } from './actions';
import type { AssistantConfig } from './config';
import type { AssistantDeps } from './deps';
import { createNavigation } from './navigation';
import { initialState, type AssistantState } from './state';
import { createTooltips } from './tooltips';

export { VIEW_STORAGE_KEY } from './navigation';

/** The widget's store and its wiring; the element holds one. */
export type Assistant = ReturnType<typeof createAssistant>;

/** What the UI sees of the assistant: the state, the actions, and the device facts it renders by. */
export type AssistantView = Pick<Assistant, 'getState' | 'subscribe' | 'actions' | 'environment'>;

/**
 * Creates the assistant: a store outside React, each feature's slice over it, and the one set of
 * actions the UI and the element call. Every side effect comes from `deps`.
 */
export function createAssistant(deps: AssistantDeps) {
  const store = createStore<AssistantState>(initialState(deps.pageOrigin, deps.randomId()));
  const theme = createThemeSlice(store, deps);
  const chat = createChatSlice(store, deps);
  const calls = createCallController(store, deps, chat.appendTranscript);
  const navigation = createNavigation(store, deps.sessionStorage);
  let cancelPreload: (() => void) | null = null;

  const actions: AssistantActions = {
    ...theme.actions,
    ...chat.actions,
    ...calls.actions,
    ...createTooltips(store, deps),
    navigate: navigation.navigate,
    setOpen: navigation.setOpen,
    newChat() {
      chat.actions.newChat();
      calls.clearTranscript();
    },
    clearConversations() {
      chat.actions.clearConversations();
      calls.clearTranscript();
    },
    startChat(firstMessage) {
      navigation.navigate('chat');
      if (firstMessage !== undefined) chat.actions.sendMessage(firstMessage);
    },
    goHome: () => navigation.navigate('home'),
    openConversation(id) {
      if (chat.actions.openConversation(id)) navigation.navigate('chat');
    },
    startLiveCall() {
      navigation.navigate('chat');
      void calls.actions.startCall();
    },
    requestHumanAgent: () => actions.startChat(store.getState().strings.humanAgentMessage),
    dismissNotice: () => store.setState({ notice: null }),
    markRendered() {
      deps.emit('ready', { version: VERSION });
      cancelPreload ??= chat.preloadMarkdown();
    },
  };

  theme.loadSavedTheme();
  navigation.restoreView();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    actions,
    /** What the UI needs to know about the device and to drive its own animation (the typewriter). */
    environment: { requestFrame: deps.requestFrame, now: deps.now, prefersReducedMotion: deps.prefersReducedMotion, coarsePointer: deps.coarsePointer },

    /** Applies a new configuration from the element's attributes. */
    configure(config: AssistantConfig): void {
      const strings = resolveStrings(config.lang, config.strings);
      store.setState((state) => ({
        config,
        theme: themeFor(config, strings, state.themeLayers),
        strings,
      }));
      chat.configure(config);
    },

    /** Stops everything in flight; the conversation itself is kept and saved. */
    dispose(): void {
      cancelPreload?.();
      cancelPreload = null;
      calls.dispose();
      chat.dispose();
    },
  };
}
