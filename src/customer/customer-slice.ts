import type { SafeStorage } from '../common/storage';
import { formatString } from '../i18n/strings';
import {
  checkIdentity,
  customerContext,
  identityFromAttributes,
  NO_CUSTOMER_ATTRIBUTES,
  sameShopper,
  shopperMark,
  type CustomerIdentity,
} from './identity';
import { checkOrderLookup, type OrderLookup, type OrderLookupProblems } from './order-lookup';
import type { CustomerConfig, CustomerDeps, CustomerHooks, CustomerStore, CustomerView } from './customer-state';

/** Beside the saved conversations: a mark of the shopper they belong to (identity.ts's `shopperMark`). */
export const SHOPPER_MARK_KEY = 'store-assistant:shopper';

/**
 * How long a page without the `customer-*` attributes, after a signed-in visit, has to call
 * `identify()` before no one counts as signed in (the saved conversations are hidden meanwhile).
 */
export const IDENTITY_GRACE_MS = 5_000;

/** What the page (through the element's methods) and the visitor (through the UI) can do. */
export interface CustomerActions {
  /**
   * `identify()`: the shopper the store's server signed, or null when they signed out. Another shopper,
   * or none, clears every saved conversation and the thread on screen. False (and a console message)
   * when the identity is malformed; nothing changes then.
   */
  identify(identity: unknown): boolean;
  /**
   * The guest's lookup form was sent: checked first (nothing is sent with a problem, which is returned);
   * then the question goes out once with `context.orderLookup`. Null when it was sent.
   */
  lookupOrder(number: string, email: string): OrderLookupProblems | null;
  /** The visitor closed the lookup form. */
  closeOrderLookup(): void;
}

/** The reply to the lookup question, once it is in: where the form goes next, or null while it is awaited. */
function lookupOutcome(state: CustomerView, questionId: string): CustomerView['customer']['orderLookup'] | null {
  if (state.loading) return null;
  const index = state.messages.findIndex((message) => message.id === questionId);
  // A new chat or a clear took the question away: the form goes with it.
  if (index < 0) return 'hidden';
  const reply = state.messages.slice(index + 1).find((message) => message.sender === 'bot');
  if (!reply) return null;
  if (reply.status === 'error' || reply.status === 'interrupted') return 'asking';
  return (reply.orders?.length ?? 0) > 0 ? 'hidden' : 'not-found';
}

/** A mark as {@link shopperMark} writes it: anything else there is not the widget's, and is ignored. */
const MARK_SHAPE = /^[0-9a-f]{1,14}$/;

/** The stored mark of the shopper the saved conversations belong to; null when there is none, or not one of ours. */
function readMark(storage: SafeStorage | null): string | null {
  const stored = storage?.get(SHOPPER_MARK_KEY) ?? null;
  return stored !== null && MARK_SHAPE.test(stored) ? stored : null;
}

/** The mark's storage: the one the conversations are kept in, none when they are not kept. */
function markStorage(store: CustomerStore, deps: CustomerDeps) {
  const { persist } = store.getState().config;
  return persist === 'local' ? deps.localStorage : persist === 'session' ? deps.sessionStorage : null;
}

/**
 * A different shopper than the conversations belong to (here, or on the page before, as the stored mark
 * says) clears them all, through `clear`; a guest signing in keeps the thread. The mark then follows the
 * shopper.
 */
function settleShopper(
  store: CustomerStore,
  deps: CustomerDeps,
  clear: () => void,
  [before, now]: [CustomerIdentity | null, CustomerIdentity | null],
): void {
  const storage = markStorage(store, deps);
  const stored = readMark(storage);
  const mark = now ? shopperMark(now.id) : null;
  const leftHere = before !== null && !sameShopper(before, now);
  const leftBefore = stored !== null && stored !== mark;
  if (leftHere || leftBefore) clear();
  if (mark) storage?.set(SHOPPER_MARK_KEY, mark);
  else storage?.remove(SHOPPER_MARK_KEY);
}

/** A guest's order lookup: the form's steps, and the lookup sent with one message only. */
function createOrderLookup(store: CustomerStore, hooks: CustomerHooks) {
  let pending: OrderLookup | null = null;
  let question: string | null = null;
  const setStep = (orderLookup: CustomerView['customer']['orderLookup']) =>
    store.setState((state) => ({ customer: { ...state.customer, orderLookup } }));

  store.subscribe((state) => {
    if (state.customer.orderLookup !== 'waiting' || question === null) return;
    const next = lookupOutcome(state, question);
    if (next === null) return;
    question = null;
    setStep(next);
  });

  return {
    setStep,
    lookupOrder(number: string, email: string): OrderLookupProblems | null {
      const checked = checkOrderLookup(number, email);
      if ('problems' in checked) return checked.problems;
      pending = checked.lookup;
      const { strings } = store.getState();
      if (!hooks.sendMessage(formatString(strings.orderLookupMessage, { number: checked.lookup.number }))) {
        pending = null;
        return null;
      }
      const asked = [...store.getState().messages].reverse().find((message) => message.sender === 'user');
      question = asked?.id ?? null;
      setStep('waiting');
      return null;
    },
    /** The lookup for the message being sent, once: the next message goes without it. */
    take(): OrderLookup | null {
      const lookup = pending;
      pending = null;
      return lookup;
    },
    /** The shopper changed: no lookup of theirs is left to send or wait for. */
    reset(): void {
      pending = null;
      question = null;
      setStep('hidden');
    },
  };
}

/**
 * Waiting for the page to say who is signed in: on a page without the `customer-*` attributes after a
 * signed-in visit, "no shopper" may only mean the page calls `identify()` later. Until it does (or the
 * grace passes, unless `customer-pending` promised the call), the saved conversations stay hidden, not
 * erased; then the shopper named settles them as always.
 */
function createIdentityWait(deps: CustomerDeps, settled: () => void) {
  let awaiting = false;
  let grace: unknown = null;
  const stopGrace = () => {
    if (grace !== null) deps.timers.clearTimeout(grace);
    grace = null;
  };
  return {
    awaiting: () => awaiting,
    /** Starts waiting; the grace runs unless the page promised `identify()`, and `expire` ends it. */
    begin(pending: boolean, expire: () => void): void {
      awaiting = true;
      if (!pending && grace === null)
        grace = deps.timers.setTimeout(() => {
          grace = null;
          expire();
        }, IDENTITY_GRACE_MS);
    },
    /** The identity is known: whatever was hidden can show. */
    end(): void {
      stopGrace();
      if (!awaiting) return;
      awaiting = false;
      settled();
    },
    /** The element was removed: the grace starts again when it is configured again. */
    pause: stopGrace,
  };
}

/** What a request tells of the shopper: `context.customer` while someone is signed in, and a guest's lookup once. */
function requestContext(store: CustomerStore, lookup: ReturnType<typeof createOrderLookup>): Record<string, unknown> {
  const { identity } = store.getState().customer;
  const orderLookup = lookup.take();
  return {
    ...(identity ? { customer: customerContext(identity) } : {}),
    ...(orderLookup ? { orderLookup } : {}),
  };
}

/**
 * The customer feature: the verified shopper (never trusted by the widget: carried for the workflow to
 * check), the fresh start when they sign out or someone else signs in, and a guest's order lookup.
 */
export function createCustomerSlice(store: CustomerStore, deps: CustomerDeps, hooks: CustomerHooks) {
  let configured = false;
  /** The attributes last applied: an identity set by `identify()` stands until they change. */
  let attributesKey = JSON.stringify(NO_CUSTOMER_ATTRIBUTES);
  const lookup = createOrderLookup(store, hooks);
  const clear = () => {
    lookup.reset();
    hooks.clearConversations();
  };
  const wait = createIdentityWait(deps, () => hooks.identitySettled());
  const apply = (identity: CustomerIdentity | null) => {
    const before = store.getState().customer.identity;
    store.setState((state) => ({ customer: { ...state.customer, identity } }));
    // A guest who signs in needs no lookup form: "Track my order" now finds their orders.
    if (identity && store.getState().customer.orderLookup !== 'hidden') lookup.reset();
    if (configured) settleShopper(store, deps, clear, [before, identity]);
    wait.end();
  };
  // No one named by the page: after a signed-in visit, that is waited on before it counts as a sign-out.
  const settleNoOne = (config: CustomerConfig) => {
    const identity = store.getState().customer.identity;
    if (identity || readMark(markStorage(store, deps)) === null) settleShopper(store, deps, clear, [null, identity]);
    else wait.begin(config.customerPending, () => apply(null));
  };

  const actions: CustomerActions = {
    identify(raw) {
      const checked = checkIdentity(raw);
      if ('problem' in checked) {
        deps.warn(`identify(): the identity ${checked.problem}; nothing changed`);
        return false;
      }
      apply(checked.identity);
      return true;
    },
    lookupOrder: lookup.lookupOrder,
    closeOrderLookup: () => lookup.setStep('hidden'),
  };

  return {
    actions,

    /** "Track my order" for a guest: the lookup form shows in the chat. */
    askOrderLookup: () => lookup.setStep('asking'),

    /** The `customer-*` attributes as configured now: when they changed, they name the shopper (else see createIdentityWait). */
    configure(config: CustomerConfig): void {
      const key = JSON.stringify(config.customer);
      const first = !configured;
      configured = true;
      if (key !== attributesKey) {
        attributesKey = key;
        const identity = identityFromAttributes(config.customer);
        if (!identity && config.customer.id) deps.warn('customer-id without customer-signature is not sent');
        apply(identity);
      } else if (first || wait.awaiting()) settleNoOne(config);
    },

    /** Whether the page has yet to say who is signed in: the saved conversations are hidden meanwhile. */
    awaitingIdentity: wait.awaiting,

    /** The mark of who is signed in: null for a guest, undefined while the page has yet to say. */
    shopper(): string | null | undefined {
      if (wait.awaiting()) return undefined;
      const { identity } = store.getState().customer;
      return identity ? shopperMark(identity.id) : null;
    },

    /** The element was removed: no grace runs out while it is away. */
    dispose: wait.pause,
    /** `context.customer` while someone is signed in, and a lookup once, with the message it was sent with. */
    readContext: () => requestContext(store, lookup),
  };
}
