import { resolveStrings } from '../i18n/resolve';
import { VERSION } from '../shared/version';
import { createChatActions } from './chat-actions';
import type { AssistantConfig } from './config';
import { createCallController } from '../voice/call-controller';
import { createConversations } from './conversations';
import type { AssistantDeps } from './deps';
import { initialState, type AssistantState, type View } from './state';
import { createStore, type Store } from '../shared/store';
import { createThemeActions, themeFor } from './theme-actions';
import { createTooltips } from './tooltips';

/** The widget's store plus its actions: everything the element and the UI use. */
export type Assistant = ReturnType<typeof createAssistant>;

/** Where the open view is remembered for the tab, so the visitor finds the chat where they left it. */
export const VIEW_STORAGE_KEY = 'store-assistant:view';
const VIEWS: readonly View[] = ['home', 'chats', 'faq', 'chat'];

/**
 * Creates the assistant: a store outside React and the actions that change it, with every side effect
 * taken from `deps`.
 */
export function createAssistant(deps: AssistantDeps) {
  const store: Store<AssistantState> = createStore(initialState(deps.pageOrigin, deps.randomId()));
  const theme = createThemeActions(store, deps);
  const conversations = createConversations(store, deps);
  const chat = createChatActions(store, deps, conversations);
  const calls = createCallController(store, deps, chat.appendTranscript);
  const tooltips = createTooltips(store, deps);
  let cancelPreload: (() => void) | null = null;

  const navigate = (view: View) => {
    store.setState({ view });
    deps.sessionStorage.set(VIEW_STORAGE_KEY, view);
  };

  const actions = {
    ...theme,
    ...chat,
    ...tooltips,
    startCall: calls.startCall,
    stopCall: calls.stopCall,
    toggleCall: calls.toggleCall,
    setMuted: calls.setMuted,
    navigate,

    /** Starts a new conversation: clears messages, transcript, loading flag and notice (SPEC §4). */
    newChat(): void {
      chat.newChat();
      calls.clearTranscript();
    },

    /** Applies a new configuration from the element's attributes. */
    configure(config: AssistantConfig): void {
      const strings = resolveStrings(config.lang, config.strings);
      store.setState((state) => ({
        config,
        theme: themeFor(config, strings, state.themeLayers),
        strings,
        markdownOptions:
          state.markdownOptions.imageHosts.join() === config.imageHosts.join()
            ? state.markdownOptions
            : { imageHosts: config.imageHosts, pageOrigin: deps.pageOrigin },
        // The `open` attribute is the source of truth for the floating card.
        isOpen: config.open,
        unread: config.open ? 0 : state.unread,
      }));
      conversations.load(config);
      chat.configureVisitorContext(config.geoUrl);
    },

    /** Floating mode: shows or hides the card. */
    setOpen(isOpen: boolean): void {
      store.setState((state) => ({ isOpen, unread: isOpen ? 0 : state.unread }));
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

    /** "Start a live call": opens the conversation, where the call runs, and starts the call. */
    startLiveCall(): void {
      navigate('chat');
      void calls.startCall();
    },

    /** Called by the UI once it has rendered after being attached: announces `store-assistant:ready`. */
    markRendered(): void {
      deps.emit('ready', { version: VERSION });
      cancelPreload ??= chat.preloadMarkdown();
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
  const savedView = deps.sessionStorage.get(VIEW_STORAGE_KEY);
  if (savedView && (VIEWS as readonly string[]).includes(savedView)) store.setState({ view: savedView as View });

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    actions,
    /** What the UI needs to know about the device and to drive its own animation (the typewriter). */
    environment: { requestFrame: deps.requestFrame, now: deps.now, prefersReducedMotion: deps.prefersReducedMotion, coarsePointer: deps.coarsePointer },
    /** Stops everything in flight; the conversation itself is kept and saved. */
    dispose(): void {
      cancelPreload?.();
      cancelPreload = null;
      calls.dispose();
      chat.dispose();
    },
  };
}
