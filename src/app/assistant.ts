import { createChatSlice } from '../chat/chat-slice';
import type { CallUndo } from '../commerce/call-adds';
import { createCommerceSlice } from '../commerce/commerce-slice';
import { createCustomerSlice } from '../customer/customer-slice';
import { customerContext } from '../customer/identity';
import { readPageContext } from '../commerce/page-context';
import { resolveStrings } from '../i18n/resolve';
import { createStore } from '../common/store';
import { VERSION } from '../common/version';
import { createThemeSlice, themeFor } from '../theme/theme-slice';
import { createCallController } from '../voice/call-controller';
import type { AssistantActions } from './actions';
import type { AssistantConfig } from './config';
import type { AssistantDeps } from './deps';
import { createNavigation } from './navigation';
import { initialState, type AssistantState } from './state';
import { createCallCartCaps } from './call-cart-caps';
import { callTools } from './call-tools';
import { callVariables } from './call-variables';
import { createTeaser } from './teaser';
import { createConsentRecord } from './voice-consent';
import { createTooltips } from './tooltips';

export { VIEW_STORAGE_KEY } from './navigation';

/** The widget's store and its wiring; the element holds one. */
export type Assistant = ReturnType<typeof createAssistant>;

/** What the UI sees of the assistant: the state, the actions, and the device facts it renders by. */
export type AssistantView = Pick<Assistant, 'getState' | 'subscribe' | 'actions' | 'environment'>;

type AssistantStore = ReturnType<typeof createStore<AssistantState>>;

/** The product the page shows (unless `page-context="off"`), for the card of what a call added to the cart. */
function pageProduct(store: AssistantStore, deps: AssistantDeps) {
  if (!store.getState().config.commerce.pageContext) return null;
  try {
    const page = deps.readPage();
    return page ? (readPageContext(page).product ?? null) : null;
  } catch {
    return null;
  }
}

/** What the call is told after an Undo: what came out of the cart, or that nothing could. */
function undoReport({ add, outcome, removed }: CallUndo): string {
  const item = `${add.title} (variant ${add.variantId})`;
  if (outcome === 'gone')
    return `The visitor pressed Undo in the chat, but ${item} was no longer in the cart (already removed): nothing was taken out.`;
  if (removed < add.quantity)
    return `The visitor pressed Undo in the chat: only ${removed} of the ${add.quantity} × ${item} added were still in the cart, and those were taken out.`;
  return `The visitor pressed Undo in the chat: ${add.quantity} × ${item} was taken out of the cart again.`;
}

/** The commerce facts with the customer's beside them, waited for only when the commerce facts must be. */
function withCustomer(
  facts: Record<string, unknown> | Promise<Record<string, unknown>>,
  customer: Record<string, unknown>,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  return facts instanceof Promise ? facts.then((more) => ({ ...more, ...customer })) : { ...facts, ...customer };
}

/** The composed actions, for the features that need another's: set once they exist. */
interface LateActions {
  actions?: AssistantActions;
}

/** Each feature's slice over the one store, with the hooks that connect them. */
function createSlices(store: AssistantStore, deps: AssistantDeps, late: LateActions) {
  const commerce = createCommerceSlice(store, deps);
  // A sign-out clears through the same path as clearConversations(), which wins over replies in any tab.
  const customer = createCustomerSlice(store, deps, {
    clearConversations: () => late.actions?.clearConversations(),
    sendMessage: (text) => late.actions?.sendMessage(text) ?? false,
  });
  // The chat sends the page, store, cart and shopper facts with each message and hands over proposed cart changes.
  const chat = createChatSlice(store, deps, {
    readRequestContext: () => withCustomer(commerce.readRequestContext(), customer.readContext()),
    onReplyActions: commerce.proposeActions,
  });
  const calls = createCallController(store, deps, {
    saveTranscript: chat.appendTranscript,
    variables() {
      const { messages, config, customer: shopper } = store.getState();
      // The same page, store, cart and shopper facts a chat message would carry now (waited for only with a cart to read).
      const identity = shopper.identity ? { customer: customerContext(shopper.identity) } : {};
      const context = withCustomer(commerce.readRequestContext(), identity);
      const variables = (facts: Record<string, unknown>) =>
        callVariables({ messages, lang: config.lang, context: facts });
      return context instanceof Promise ? context.then(variables) : variables(context);
    },
    tools: callTools(chat, commerce, {
      messages: () => store.getState().messages,
      pageProduct: () => pageProduct(store, deps),
      callStartedAt: () => store.getState().voice.startedAt,
      caps: createCallCartCaps(deps.now),
    }),
    consent: createConsentRecord(
      () => ({ ...store.getState().config, consent: store.getState().config.voice.consent }),
      { local: deps.localStorage, session: deps.sessionStorage },
    ),
  });
  return {
    theme: createThemeSlice(store, deps),
    commerce,
    customer,
    chat,
    calls,
    navigation: createNavigation(store, deps.sessionStorage),
    teaser: createTeaser(store, deps),
  };
}

/** The one action surface: each feature's actions, and the ones that span features. */
function composeActions(
  store: AssistantStore,
  deps: AssistantDeps,
  slices: ReturnType<typeof createSlices>,
  markRendered: () => void,
): AssistantActions {
  const { theme, commerce, customer, chat, calls, navigation, teaser } = slices;
  const actions: AssistantActions = {
    ...theme.actions,
    ...customer.actions,
    ...chat.actions,
    ...calls.actions,
    ...commerce.actions,
    ...createTooltips(store, deps),
    sendMessage(text) {
      // During a live call, what the visitor types goes into the call, not to the webhook.
      if (!calls.sendText(text.trim())) return chat.actions.sendMessage(text);
      if (store.getState().draft.trim() === text.trim()) chat.actions.setDraft('');
      return true;
    },
    withdrawVoiceConsent: () => calls.withdrawConsent(),
    async undoCallAdd(messageId) {
      const undone = await commerce.callAdds.undo(messageId);
      // The assistant on the call must know what the cart holds now, told as it happened.
      if (undone) calls.tell(undoReport(undone));
      return undone !== null;
    },
    chooseSuggestion(messageId, index) {
      const { messages } = store.getState();
      const latest = messages[messages.length - 1];
      const text = latest?.id === messageId ? latest.suggestions?.[index] : undefined;
      if (text !== undefined && actions.sendMessage(text)) deps.emit('suggestion', { text, index });
    },
    navigate: navigation.navigate,
    setOpen(isOpen) {
      navigation.setOpen(isOpen);
      if (isOpen) teaser.opened();
    },
    dismissTeaser: teaser.dismiss,
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
      if (firstMessage !== undefined) actions.sendMessage(firstMessage);
    },
    goHome: () => navigation.navigate('home'),
    openConversation(id) {
      if (chat.actions.openConversation(id)) navigation.navigate('chat');
    },
    startLiveCall() {
      navigation.navigate('chat');
      void calls.actions.startCall();
    },
    trackOrder() {
      const { customer: shopper, strings } = store.getState();
      if (shopper.identity) return actions.startChat(strings.trackOrderMessage);
      navigation.navigate('chat');
      customer.askOrderLookup();
    },
    requestHumanAgent: () => actions.startChat(store.getState().strings.humanAgentMessage),
    dismissNotice: () => store.setState({ notice: null }),
    markRendered,
  };
  return actions;
}

/**
 * Creates the assistant: a store outside React, each feature's slice over it, and the one set of
 * actions the UI and the element call. Every side effect comes from `deps`.
 */
export function createAssistant(deps: AssistantDeps) {
  const store = createStore<AssistantState>(initialState(deps.pageOrigin, deps.randomId()));
  const late: LateActions = {};
  const slices = createSlices(store, deps, late);
  const { theme, commerce, customer, chat, calls, navigation, teaser } = slices;
  let cancelPreload: (() => void) | null = null;
  const actions = composeActions(store, deps, slices, () => {
    deps.emit('ready', { version: VERSION });
    cancelPreload ??= chat.preloadMarkdown();
  });
  late.actions = actions;

  theme.loadSavedTheme();
  navigation.restoreView();

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    actions,
    /** What the UI needs to know about the device and to drive its own animation (the typewriter). */
    environment: {
      requestFrame: deps.requestFrame,
      now: deps.now,
      prefersReducedMotion: deps.prefersReducedMotion,
      coarsePointer: deps.coarsePointer,
    },

    /** Applies a new configuration from the element's attributes. */
    configure(config: AssistantConfig): void {
      const strings = resolveStrings(config.lang, config.strings);
      store.setState((state) => ({
        config,
        theme: themeFor(config, strings, state.themeLayers),
        strings,
      }));
      chat.configure(config);
      // After the conversations are loaded: a different shopper than theirs clears them.
      customer.configure(config);
      teaser.configure();
      commerce.configure(config.commerce);
    },

    /** Stops everything in flight; the conversation itself is kept and saved. */
    dispose(): void {
      cancelPreload?.();
      cancelPreload = null;
      calls.dispose();
      chat.dispose();
      teaser.dispose();
    },
  };
}
