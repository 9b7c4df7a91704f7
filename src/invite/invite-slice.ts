import { MAX_INVITE_QUESTIONS, storeQuestions, type InviteTrigger } from './invite-config';
import { createInviteMemory } from './invite-memory';
import type { InviteDeps, InviteExtensions, InvitePageFacts, InviteStore } from './invite-state';

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
  // n8n's chat protocol has no request other than a visitor's message: only the store's list applies there.
  if (config.protocol === 'n8n-chat' || !config.webhookUrl) return Promise.resolve([]);
  return suggestions(facts);
}

/**
 * Invitations that know the page (floating mode): on a product page, two or three questions about the
 * product beside the launcher, when one of the store's triggers fires. Caps: once per page, `invite-limit`
 * per session, none for `invite-snooze` after the visitor closed one, never while they type in the page's
 * own fields, never on cart or checkout pages unless `invite-on-checkout`, never while the card is open.
 */
export function createInviteSlice(store: InviteStore, deps: InviteDeps, extensions: InviteExtensions) {
  const memory = createInviteMemory({ local: deps.localStorage, session: deps.sessionStorage });
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
  const allowed = (): boolean => {
    const { config, isOpen } = store.getState();
    const persist = config.persist;
    return (
      !shownOnPage &&
      !isOpen &&
      memory.count(persist) < config.inviteLimit &&
      !memory.snoozed(persist, deps.now(), config.inviteSnoozeHours)
    );
  };
  const attempt = () => {
    if (fired === null || !questions || questions.list.length === 0 || waitingForTyping || !allowed()) return;
    if (deps.invitePage.typing()) {
      waitingForTyping = true;
      stops.push(
        deps.invitePage.afterTyping(() => {
          waitingForTyping = false;
          attempt();
        }),
      );
      return;
    }
    const trigger = fired;
    shownOnPage = true;
    memory.shown(store.getState().config.persist);
    store.setState({ invite: { questions: questions.list, productName: questions.facts.product?.name ?? null } });
    deps.emit('invite', { action: 'shown', trigger, questions: questions.list });
  };
  const fire = (kind: InviteTrigger['kind']) => () => {
    fired ??= kind;
    attempt();
  };
  const prepare = async (armed: number) => {
    const facts = deps.invitePage.read();
    const onCheckout = facts.kind === 'cart' || facts.kind === 'checkout';
    const wanted = facts.kind === 'product' || (onCheckout && store.getState().config.inviteOnCheckout);
    const list = wanted ? await questionsFor(store, facts, suggestions) : [];
    if (armed !== generation) return;
    questions = { list, facts };
    attempt();
  };
  const arm = (triggers: InviteTrigger[]) => {
    const armed = generation;
    stops.push(deps.invitePage.afterLoadIdle(() => void prepare(armed)));
    for (const trigger of triggers) {
      if (trigger.kind === 'time') {
        const timer = deps.timers.setTimeout(fire('time'), trigger.seconds * 1000);
        stops.push(() => deps.timers.clearTimeout(timer));
      } else if (trigger.kind === 'scroll') stops.push(deps.invitePage.watchScroll(trigger.percent, fire('scroll')));
      else if (trigger.kind === 'exit') stops.push(deps.invitePage.watchExit(fire('exit')));
      else if (trigger.kind === 'add-to-cart') stops.push(deps.invitePage.watchAddToCart(fire('add-to-cart')));
      else if ((returning ??= memory.returning(store.getState().config.persist))) fire('returning')();
    }
  };
  const hide = () => {
    if (store.getState().invite.questions) store.setState({ invite: { questions: null, productName: null } });
  };

  return {
    actions: {
      dismissInvite(): void {
        if (!store.getState().invite.questions) return;
        memory.closed(store.getState().config.persist, deps.now());
        hide();
        deps.emit('invite', { action: 'dismissed' });
      },
    } satisfies InviteActions,
    /** The visitor tapped question `index`: the invitation is done; returns the question to ask. */
    ask(index: number): string | null {
      const question = store.getState().invite.questions?.[index] ?? null;
      if (question === null) return null;
      hide();
      deps.emit('invite', { action: 'asked', index, question });
      return question;
    },
    /** Arms the triggers for the current configuration, or disarms them when it asks for none. */
    configure(): void {
      const { config } = store.getState();
      const wanted = config.mode === 'floating' && config.invite.length > 0;
      const key = wanted ? JSON.stringify([config.invite, config.inviteQuestions, config.persist]) : null;
      if (key === armedFor) return;
      disarm();
      if (!wanted) return hide();
      armedFor = key;
      arm(config.invite);
    },
    /** The card opened: an invitation on screen has done its work. */
    opened: hide,
    dispose: disarm,
  };
}
