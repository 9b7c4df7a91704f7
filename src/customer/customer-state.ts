import type { SafeStorage } from '../common/storage';
import type { Timers } from '../common/timers';
import type { SliceStore } from '../common/store';
import type { Warn } from '../common/events';
import type { StringTable } from '../i18n/strings';
import type { CustomerAttributes, CustomerIdentity } from './identity';

/** What "Track my order" does: open the store's tracking page (`page`), or ask in the chat (`chat`). */
export type OrderTrackingMode = 'page' | 'chat';

/**
 * The guest's order lookup form: not shown, asking, waiting for the reply to what was sent, or shown
 * again because the reply held no order for that number and email.
 */
export type OrderLookupStep = 'hidden' | 'asking' | 'waiting' | 'not-found';

/** The customer feature's slice: who is signed in (as the store's server said), and the lookup form. */
export interface CustomerState {
  identity: CustomerIdentity | null;
  orderLookup: OrderLookupStep;
}

/** The settings the customer feature reads from the element's configuration. */
export interface CustomerConfig {
  /** The `customer-*` attributes. */
  customer: CustomerAttributes;
  /**
   * `customer-pending`: the page will say who is signed in with `identify()`. Until it does, a page after
   * a signed-in visit hides the saved conversations rather than reading "no shopper" as a sign-out.
   */
  customerPending: boolean;
  orderTracking: OrderTrackingMode;
  /** Where conversations are kept: the mark of who they belong to is kept beside them. */
  persist: 'local' | 'session' | 'none';
}

/** A message as the customer feature reads it: whether the reply to a lookup held orders. */
export interface CustomerMessageView {
  id: string;
  sender: 'user' | 'bot';
  status?: string;
  orders?: readonly unknown[];
}

/** What the customer feature reads of the whole state. */
export interface CustomerView {
  customer: CustomerState;
  config: CustomerConfig;
  strings: StringTable;
  messages: readonly CustomerMessageView[];
  loading: boolean;
}

/** The store as the customer feature sees it: it writes its own slice, and follows the conversation. */
export type CustomerStore = SliceStore<CustomerView, 'customer'> & {
  subscribe(listener: (state: CustomerView, previous: CustomerView) => void): () => void;
};

/** The side effects of the customer feature. */
export interface CustomerDeps {
  localStorage: SafeStorage;
  sessionStorage: SafeStorage;
  timers: Timers;
  warn: Warn;
}

/** What other features do for the customer feature, passed in by the assistant. */
export interface CustomerHooks {
  /** Deletes every saved conversation and starts an empty one, winning over replies in flight in any tab. */
  clearConversations(): void;
  /** Sends `text` as the visitor; false when it was not sent. */
  sendMessage(text: string): boolean;
  /**
   * Who is signed in is known now (the page said so, or the grace passed): the saved conversations,
   * hidden while it was not, can show (or were just cleared).
   */
  identitySettled(): void;
}

export const INITIAL_CUSTOMER_STATE: CustomerState = { identity: null, orderLookup: 'hidden' };
