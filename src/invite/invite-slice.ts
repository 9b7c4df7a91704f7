import { MAX_INVITE_QUESTIONS, storeQuestions, type InviteTrigger } from './invite-config';
import { createInviteMemory } from './invite-memory';
import type { InviteDeps, InviteExtensions, InvitePage, InvitePageFacts, InviteStore } from './invite-state';

/** The invitation's actions, for the UI. */
export interface InviteActions {
  /** The visitor closed the invitation: none comes back for `invite-snooze`. */
  dismissInvite(): void;
}

/** The questions for this page, once known: the store's, else the webhook's; empty when there are none. */
type Questions = { list: string[]; facts: InvitePageFacts } | null;

/** The webhook's suggestions for the page, asked at most once per page whatever the configuration does. */
function suggestionsOnce(extensions: InviteExtensions) {
  let asked: Promise<string[]> | null = null;
  return (facts: InvitePageFacts) =>
    (asked ??= extensions.askSuggestions(facts).then(
      (list) => list.slice(0, MAX_INVITE_QUESTIONS),
      () => [],
    ));
}

/** The page's questions: the store's list for this product, or else the webhook's suggestions. */
function questionsFor(store: InviteStore, facts: InvitePageFacts, suggestions: ReturnType<typeof suggestionsOnce>) {
  const { config } = store.getState();
  const own = storeQuestions(config.inviteQuestions, facts.product ?? {});
  if (own) return Promise.resolve(own);
  // Only the widget's own contract asks for questions: n8n's Chat Trigger, an AI SDK route and an AG-UI
  // agent take only a visitor's messages, so only the store's list applies there.
  if (config.protocol !== 'webhook' || !config.webhookUrl) return Promise.resolve([]);
  return suggestions(facts);
}

/** The page's questions, on a product page (or a cart or checkout page with `invite-on-checkout`); else none. */
function pageQuestions(store: InviteStore, facts: InvitePageFacts, suggestions: ReturnType<typeof suggestionsOnce>) {
  const onCheckout = facts.kind === 'cart' || facts.kind === 'checkout';
  const wanted = facts.kind === 'product' || (onCheckout && store.getState().config.inviteOnCheckout);
  return wanted ? questionsFor(store, facts, suggestions) : Promise.resolve([]);
}

/** Watches for one trigger (all but `returning`, which is known at once); returns the function that stops it. */
function watchTrigger(trigger: InviteTrigger, deps: InviteDeps, fire: () => void): () => void {
  const page: InvitePage = deps.invitePage;
  switch (trigger.kind) {
    case 'time': {
      const timer = deps.timers.setTimeout(fire, trigger.seconds * 1000);
      return () => deps.timers.clearTimeout(timer);
    }
    case 'scroll':
      return page.watchScroll(trigger.percent, fire);
    case 'exit':
      return page.watchExit(fire);
    case 'add-to-cart':
      return page.watchAddToCart(fire);
    default:
      return () => undefined;
  }
}

/** Showing, closing and asking: the invitation on screen, its events and what the caps remember of it. */
function inviteDisplay(store: InviteStore, deps: InviteDeps, memory: ReturnType<typeof createInviteMemory>) {
  const hide = () => {
    if (store.getState().invite.questions) store.setState({ invite: { questions: null, productName: null } });
  };
  return {
    hide,
    show(trigger: InviteTrigger['kind'], { list, facts }: NonNullable<Questions>): void {
      memory.shown(store.getState().config.persist);
      store.setState({ invite: { questions: list, productName: facts.product?.name ?? null } });
      deps.emit('invite', { action: 'shown', trigger, questions: list });
    },
    dismiss(): void {
      if (!store.getState().invite.questions) return;
      memory.closed(store.getState().config.persist, deps.now());
      hide();
      deps.emit('invite', { action: 'dismissed' });
    },
    /** The visitor tapped question `index`: the invitation is done; returns the question to ask. */
    ask(index: number): string | null {
      const question = store.getState().invite.questions?.[index] ?? null;
      if (question === null) return null;
      hide();
      deps.emit('invite', { action: 'asked', index, question });
      return question;
    },
  };
}

/** The caps checked at the moment an invitation would show, and those that outlast the page. */
function inviteCaps(
  store: InviteStore,
  deps: InviteDeps,
  memory: ReturnType<typeof createInviteMemory>,
  extensions: InviteExtensions,
) {
  /** `invite-limit` reached this session, or `invite-snooze` running since a close. */
  const capped = (): boolean => {
    const { persist, inviteLimit, inviteSnoozeHours } = store.getState().config;
    return memory.count(persist) >= inviteLimit || memory.snoozed(persist, deps.now(), inviteSnoozeHours);
  };
  return {
    capped,
    // While a person is involved the visitor's attention belongs to them (and the invitation would sit
    // over the launcher's unread badge).
    allowedNow: (): boolean => !store.getState().isOpen && !capped() && !extensions.personInvolved(),
  };
}

/**
 * Invitations that know the page (floating mode): on a product page, two or three questions about the
 * product beside the launcher, when one of the store's triggers fires. Caps: once per page, `invite-limit`
 * per session, none for `invite-snooze` after the visitor closed one, never while they type in the page's
 * own fields, never on cart or checkout pages unless `invite-on-checkout`, never while the card is open,
 * never while a person is involved (a takeover connecting or joined).
 */
export function createInviteSlice(store: InviteStore, deps: InviteDeps, extensions: InviteExtensions) {
  const memory = createInviteMemory({ local: deps.localStorage, session: deps.sessionStorage });
  const display = inviteDisplay(store, deps, memory);
  const suggestions = suggestionsOnce(extensions);
  let stops: (() => void)[] = [];
  let armedFor: string | null = null;
  let questions: Questions = null;
  /** Each arming counts: questions prepared for an earlier configuration are not used. */
  let generation = 0;
  let waitingForTyping = false;
  /** The trigger that fired and waits for the questions, or for the visitor to stop typing. */
  let fired: InviteTrigger['kind'] | null = null;
  let shownOnPage = false;
  let returning: boolean | null = null;

  const disarm = () => {
    stops.forEach((stop) => stop());
    stops = [];
    armedFor = null;
    questions = null;
    waitingForTyping = false;
    generation++;
  };
  const { capped, allowedNow } = inviteCaps(store, deps, memory, extensions);
  const allowed = (): boolean => !shownOnPage && allowedNow();
  const attempt = () => {
    if (fired === null || !questions?.list.length || waitingForTyping || !allowed()) return;
    if (!deps.invitePage.typing()) {
      shownOnPage = true;
      return display.show(fired, questions);
    }
    waitingForTyping = true;
    const retry = () => ((waitingForTyping = false), attempt());
    stops.push(deps.invitePage.afterTyping(retry));
  };
  const fire = (kind: InviteTrigger['kind']) => () => {
    fired ??= kind;
    attempt();
  };
  const arm = (triggers: InviteTrigger[]) => {
    const armed = generation;
    stops.push(
      deps.invitePage.afterLoadIdle(async () => {
        // No invitation can show on this page: nothing is prepared, and the webhook is not asked.
        if (capped()) return;
        const facts = deps.invitePage.read();
        const list = await pageQuestions(store, facts, suggestions);
        if (armed !== generation) return;
        questions = { list, facts };
        attempt();
      }),
    );
    for (const trigger of triggers) stops.push(watchTrigger(trigger, deps, fire(trigger.kind)));
    if (triggers.some((trigger) => trigger.kind === 'returning'))
      if ((returning ??= memory.returning(store.getState().config.persist))) fire('returning')();
  };

  return {
    actions: { dismissInvite: display.dismiss } satisfies InviteActions,
    ask: display.ask,
    /** Arms the triggers for the current configuration, or disarms them when it asks for none. */
    configure(): void {
      const { config } = store.getState();
      const wanted = config.mode === 'floating' && config.invite.length > 0;
      const key = wanted ? JSON.stringify([config.invite, config.inviteQuestions, config.persist]) : null;
      if (key === armedFor) return;
      disarm();
      if (!wanted) return display.hide();
      armedFor = key;
      arm(config.invite);
    },
    /** The card opened: an invitation on screen has done its work. */
    opened: display.hide,
    dispose: disarm,
  };
}
