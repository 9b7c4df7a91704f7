import type { Emit } from '../common/events';
import type { SafeStorage } from '../common/storage';
import type { SliceStore } from '../common/store';
import type { Timers } from '../common/timers';
import type { InviteConfig, InviteTrigger } from './invite-config';

/** What kind of page the visitor is on, as far as the invitation cares. */
export type PageKind = 'product' | 'cart' | 'checkout' | 'other';

/** The page facts the invitation is chosen by. */
export interface InvitePageFacts {
  kind: PageKind;
  /** The product shown, on a product page: its name and type as the page describes them. */
  product?: { name?: string; type?: string };
  /** The page facts as a chat message sends them (`context.page`), for the webhook's suggestions. */
  context?: Record<string, unknown>;
}

/** The invitation's slice of the widget's state. */
export interface InviteState {
  /** The questions of the invitation on screen; null while none is. */
  questions: string[] | null;
  /** The product they are about, for the invitation's label. */
  productName: string | null;
}

export const INITIAL_INVITE_STATE: InviteState = { questions: null, productName: null };

/** The detail of `store-assistant:invite`: shown, one of its questions asked, or closed. Texts only as analytics allow. */
export type InviteEventDetail =
  | { action: 'shown'; trigger: InviteTrigger['kind']; questions: string[] }
  | { action: 'asked'; index: number; question: string }
  | { action: 'dismissed' };

export interface InviteEvents {
  invite: InviteEventDetail;
}

/** What the invitation reads and writes of the whole state. */
export interface InviteView {
  invite: InviteState;
  isOpen: boolean;
  config: InviteConfig & {
    mode: 'inline' | 'floating';
    persist: 'local' | 'session' | 'none';
    protocol: 'webhook' | 'n8n-chat' | 'ai-sdk' | 'ag-ui';
    webhookUrl: string | null;
  };
}

export type InviteStore = SliceStore<InviteView, 'invite'>;

/**
 * The page the invitation lives on: what it shows and what the visitor does there. Browser listeners in
 * the widget (invite/page-watch.ts); fakes in tests. Each `watch` returns the function that stops it.
 */
export interface InvitePage {
  /** The page's facts: read once the page has loaded. */
  read(): InvitePageFacts;
  /** Calls `callback` once the page has loaded and painted and the browser is idle. */
  afterLoadIdle(callback: () => void): () => void;
  /** The visitor scrolled `percent` of the page. */
  watchScroll(percent: number, callback: () => void): () => void;
  /** Exit intent: a fine pointer leaving through the top of the window; never on touch screens. */
  watchExit(callback: () => void): () => void;
  /** The page's own cart received a product (a form posted to its cart). */
  watchAddToCart(callback: () => void): () => void;
  /** Whether the visitor is typing in one of the page's own fields. */
  typing(): boolean;
  /** Calls `callback` once focus leaves the page's field. */
  afterTyping(callback: () => void): () => void;
}

/** The side effects of the invitation. */
export interface InviteDeps {
  timers: Timers;
  now(): number;
  localStorage: SafeStorage;
  sessionStorage: SafeStorage;
  emit: Emit<InviteEvents>;
  invitePage: InvitePage;
}

/**
 * What the invitation needs from the rest of the widget: the webhook's suggested questions for a page
 * (asked once), and whether a person is involved in the conversation (a takeover connecting or joined).
 */
export interface InviteExtensions {
  askSuggestions(page: InvitePageFacts): Promise<string[]>;
  personInvolved(): boolean;
}
