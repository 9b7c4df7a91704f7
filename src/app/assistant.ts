import { allowedImageUrl } from '../chat/attachments/image-policy';
import { createChatSlice } from '../chat/chat-slice';
import { buildHistory } from '../chat/replies/history';
import { createHandoffSlice } from '../handoff/handoff-slice';
import { createCommerceSlice } from '../commerce/commerce-slice';
import { createCustomerSlice } from '../customer/customer-slice';
import { customerContext } from '../customer/identity';
import { readPageContext } from '../commerce/page-context';
import { createStore } from '../common/store';
import { VERSION } from '../common/version';
import { createThemeSlice, themeFor } from '../theme/theme-slice';
import { createCallController } from '../voice/voice-slice';
import type { AssistantActions } from './actions';
import type { AssistantConfig } from './config';
import type { AssistantDeps } from './deps';
import { createNavigation } from './navigation';
import { initialState, type AssistantState } from './state';
import { createCallCartCaps } from './calls/call-cart-caps';
import { resumeAfterFirstFrame } from './calls/call-resume';
import { landingText } from './calls/call-context';
import { NAVIGATE_DELAY_MS } from './calls/call-navigate';
import { callTools } from './calls/call-tool-handlers';
import { callVariables } from './calls/call-variables';
import { createTeaser } from './teaser-timing';
import { createInviteSlice } from '../invite/invite-slice';
import { askSuggestions } from './invite';
import { createConsentRecord } from './calls/consent-record';
import { createTooltips } from './tooltips';
import { createOutbox } from './outbox';
import { mergeActions } from './merge-actions';
import { replacingActions } from './replacing-actions';
import { createLanguage } from './language';

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

/** The commerce facts with the customer's beside them, waited for only when the commerce facts must be. */
function withCustomer(
  facts: Record<string, unknown> | Promise<Record<string, unknown>>,
  customer: Record<string, unknown>,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  return facts instanceof Promise ? facts.then((more) => ({ ...more, ...customer })) : { ...facts, ...customer };
}

/**
 * What the slices ask of the assistant composed from them, read when asked: the customer slice calls
 * these only once configured, when the composed actions exist.
 */
interface Composed {
  actions(): AssistantActions;
  /** The page said who is signed in: the conversations hidden until then are loaded. */
  showConversations(): void;
}

/** The voice call's controller: its transcript joins the chat, and its tools reach the chat and the cart. */
function createCalls(
  store: AssistantStore,
  deps: AssistantDeps,
  chat: ReturnType<typeof createChatSlice>,
  commerce: ReturnType<typeof createCommerceSlice>,
) {
  return createCallController(store, deps, {
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
      pages: {
        origin: deps.pageOrigin,
        links: () => store.getState().commerce.links,
        open: deps.openPage,
        later: (then) => void deps.timers.setTimeout(then, NAVIGATE_DELAY_MS),
      },
    }),
    // The page a rejoined call lands on, as a chat message would carry it now.
    landing: async () => landingText(await commerce.readRequestContext()),
    consent: createConsentRecord(
      () => ({ ...store.getState().config, consent: store.getState().config.voice.consent }),
      { local: deps.localStorage, session: deps.sessionStorage },
    ),
  });
}

/** Each feature's slice over the one store, with the hooks that connect them. */
function createSlices(store: AssistantStore, deps: AssistantDeps, composed: Composed) {
  const commerce = createCommerceSlice(store, deps);
  // A person's messages and a reply's later ones join the conversation through the chat (read when called:
  // the store changes that reach the takeover come once the widget is configured, when the chat exists).
  const handoff = createHandoffSlice(store, deps, {
    allowImage: (url) => allowedImageUrl(url, store.getState().markdownOptions),
    deliver: (message) => chat.receivePushed(message),
    history: () => buildHistory(store.getState().messages),
    followSocket: () => chat.followTakeover(),
  });
  // A sign-out clears through the same path as clearConversations(), which wins over replies in any tab.
  const customer = createCustomerSlice(store, deps, {
    clearConversations: () => composed.actions().clearConversations(),
    sendMessage: (text) => composed.actions().sendMessage(text),
    identitySettled: () => composed.showConversations(),
  });
  // The chat sends the page, store, cart and shopper facts with each message (and, during a takeover,
  // that a person is to read it), hands over proposed cart changes, and tells the takeover what a reply
  // says follows.
  const chat = createChatSlice(store, deps, {
    readRequestContext: () => {
      const facts = withCustomer(commerce.readRequestContext(), customer.readContext());
      const taken = handoff.requestContext();
      return facts instanceof Promise ? facts.then((known) => ({ ...known, ...taken })) : { ...facts, ...taken };
    },
    onReplyActions: commerce.proposeActions,
    onReplySignals: handoff.onReplySignals,
    takeover: handoff.chatSocket,
    // An n8n session is remembered for the shopper it was made with, and loaded back for them only.
    shopper: customer.shopper,
  });
  const calls = createCalls(store, deps, chat, commerce);
  return {
    theme: createThemeSlice(store, deps),
    commerce,
    customer,
    chat,
    calls,
    handoff,
    navigation: createNavigation(store, deps.sessionStorage),
    teaser: createTeaser(store, deps),
    invite: createInviteSlice(store, deps, {
      askSuggestions: askSuggestions(store.getState, deps),
      personInvolved: () => ['connecting', 'joined'].includes(store.getState().handoff.phase),
    }),
    outbox: createOutbox(store, deps, (text) => chat.sendToWebhook(text)),
  };
}

/** The one action surface: each feature's actions, and the ones that span features. */
function composeActions(
  store: AssistantStore,
  deps: AssistantDeps,
  slices: ReturnType<typeof createSlices>,
  markRendered: () => void,
): AssistantActions {
  const { theme, commerce, customer, chat, calls, handoff, navigation, teaser, invite, outbox } = slices;
  // Navigation and the actions across features that take the place of none of a feature's own.
  const spanning = {
    retryUndelivered: outbox.retry,
    withdrawVoiceConsent: () => calls.withdrawConsent(),
    chooseSuggestion(messageId, index) {
      const { messages } = store.getState();
      const latest = messages[messages.length - 1];
      const text = latest?.id === messageId ? latest.suggestions?.[index] : undefined;
      if (text !== undefined && actions.sendMessage(text)) deps.emit('suggestion', { text, index });
    },
    navigate: navigation.navigate,
    setOpen(isOpen) {
      navigation.setOpen(isOpen);
      if (isOpen) {
        teaser.opened();
        invite.opened();
      }
    },
    dismissTeaser: teaser.dismiss,
    askInvite(index) {
      const question = invite.ask(index);
      if (question === null) return;
      navigation.setOpen(true);
      teaser.opened();
      actions.startChat(question);
    },
    startChat(firstMessage?: string) {
      navigation.navigate('chat');
      if (firstMessage !== undefined) actions.sendMessage(firstMessage);
    },
    goHome: () => navigation.navigate('home'),
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
    requestHumanAgent() {
      // With a push channel a person can answer here: the wait begins, and the request tells the webhook.
      handoff.start();
      actions.startChat(store.getState().strings.humanAgentMessage);
    },
    dismissNotice: () => store.setState({ notice: null }),
    markRendered,
  } satisfies Partial<AssistantActions>;
  // Each name once: mergeActions refuses a second action of one name, where a spread would let it win.
  const actions: AssistantActions = mergeActions(
    theme.actions,
    customer.actions,
    handoff.actions,
    chat.actions,
    calls.actions,
    commerce.actions,
    invite.actions,
    createTooltips(store, deps),
    replacingActions(store, deps, slices),
    spanning,
  );
  return actions;
}

/**
 * Loads the chat's parts beside the script once the chat is in view, never before: a page view whose
 * visitor never opens the card fetches neither. The markdown renderer: a conversation in view with
 * replies gets it at once (its replies show as escaped plain text until then); otherwise a card shown as
 * the page loads (inline, or left open on the previous page) loads it in idle time a couple of seconds
 * later, and a card the visitor opens in idle time at once, so the first reply shows formatted. The
 * agents part, for a widget speaking the AI SDK's or AG-UI's protocol: in idle time once the card is in
 * view. Returns the cancel function.
 */
function loadChatPartsWhenShown(store: AssistantStore, chat: ReturnType<typeof createSlices>['chat']): () => void {
  let cancelPreload: (() => void) | null = null;
  let cancelAgents: (() => void) | null = null;
  let stopped = false;
  const check = (state: AssistantState, shownAtLoad: boolean) => {
    if (stopped || !(state.isOpen || state.config.mode === 'inline')) return;
    cancelAgents ??= chat.preloadAgents();
    if (state.messages.some((message) => message.sender === 'bot')) {
      stop();
      void chat.loadMarkdown();
    } else cancelPreload ??= chat.preloadMarkdown(shownAtLoad ? undefined : 0);
  };
  const unsubscribe = store.subscribe((state) => check(state, false));
  function stop() {
    stopped = true;
    unsubscribe();
    cancelPreload?.();
  }
  check(store.getState(), true);
  return () => {
    stop();
    cancelAgents?.();
  };
}

/**
 * Creates the assistant: a store outside React, each feature's slice over it, and the one set of
 * actions the UI and the element call. Every side effect comes from `deps`.
 */
export function createAssistant(deps: AssistantDeps) {
  const store = createStore<AssistantState>(initialState(deps.pageOrigin, deps.randomId()));
  const slices = createSlices(store, deps, {
    actions: () => actions,
    showConversations: () => configureChat(store.getState().config, true),
  });
  const { theme, commerce, customer, chat, calls, handoff, navigation, teaser, invite, outbox } = slices;
  let cancelPreload: (() => void) | null = null;
  let cancelResume: (() => void) | null = null;
  const actions = composeActions(store, deps, slices, () => {
    deps.emit('ready', { version: VERSION });
    cancelPreload ??= loadChatPartsWhenShown(store, chat);
  });
  // While the page has yet to say who is signed in, the chat keeps nothing in view: it is configured as
  // if nothing were saved, and loads the saved conversations once the identity is known.
  const configureChat = (config: AssistantConfig, revealing = false) =>
    customer.awaitingIdentity() ? chat.configure({ ...config, persist: 'none' }) : chat.configure(config, revealing);
  const language = createLanguage(store, deps);

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
      const { strings, locale, languagePending } = language.configure(config);
      store.setState((state) => ({
        config,
        theme: themeFor(config, strings, state.themeLayers),
        strings,
        locale,
        languagePending,
      }));
      // Before the conversations are loaded: a different shopper than theirs clears them, and a page that
      // has yet to say who is signed in keeps them hidden.
      customer.configure(config);
      configureChat(config);
      handoff.configure();
      teaser.configure();
      invite.configure();
      commerce.configure(config.commerce);
      outbox.start();
      // After the conversations are loaded: the call a previous page kept belongs to one of them.
      cancelResume ??= resumeAfterFirstFrame(deps, slices);
    },

    /**
     * Stops everything in flight; the conversation itself is kept and saved. `leavingPage`: the page is
     * going away, and a live call is kept for the next page of the store.
     */
    dispose(options: { leavingPage?: boolean } = {}): void {
      cancelPreload?.();
      cancelPreload = null;
      // A widget put back on the page later configures again, and takes up a call still kept then.
      cancelResume?.();
      cancelResume = null;
      language.dispose();
      customer.dispose();
      calls.dispose(options.leavingPage);
      handoff.dispose();
      chat.dispose();
      teaser.dispose();
      invite.dispose();
      outbox.dispose();
    },
  };
}
