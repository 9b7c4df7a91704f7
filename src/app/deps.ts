import type { ChatDeps, ChatEvents } from '../chat/chat-state';
import type { CommerceDeps, CommerceEvents } from '../commerce/commerce-state';
import { shopifyRoot, snapshotPage } from '../commerce/page-snapshot';
import { prepareImage } from '../chat/attachments/image-attachment';
import { loadMarkdown } from '../chat/markdown/markdown-loader';
import { openWebSocket } from '../chat/n8n-chat/browser-socket';
import type { Emit } from '../common/events';
import type { Timers } from '../common/timers';
import type { ThemeDeps } from '../theme/theme-slice';
import { createVoiceClient, type VoicePart } from '../voice/create-voice-client';
import { loadedPart, loadPart } from '../common/parts';
import type { AgentsPart } from '../chat/replies/agents-part';
import { requestMicrophone } from '../voice/microphone';
import type { VoiceDeps, VoiceEvents } from '../voice/voice-state';
import type { HandoffDeps, HandoffEvents } from '../handoff/handoff-state';
import type { InviteDeps, InviteEvents } from '../invite/invite-state';
import { browserInvitePage } from '../invite/page-watch';
import { invitePageFacts } from './invite';
import { pageLanguageFiles, type LanguageDeps } from '../i18n/language-files';
import { nextTask, onIdle } from '../common/next-task';
import { pageLocation } from '../common/page-location';
import { safeStorage } from '../common/storage';

/** The events the widget announces on its element, with their `detail`: each feature's, and the element's own. */
export interface AssistantEvents extends ChatEvents, VoiceEvents, CommerceEvents, HandoffEvents, InviteEvents {
  ready: { version: string };
  open: Record<string, never>;
  close: Record<string, never>;
  /** The launcher teaser showed its text. */
  teaser: { text: string };
}

/** Whether the browser is online, and news of it going on- or offline. */
export interface Connection {
  /** False only when the browser knows it is offline (`navigator.onLine`); it cannot know more. */
  online(): boolean;
  /** Calls `onChange` on the `online` and `offline` events; returns the function that stops listening. */
  watch(onChange: () => void): () => void;
}

/** The browser's connection as `navigator.onLine` and the window's `online` and `offline` events tell it. */
function browserConnection(): Connection {
  return {
    online: () => globalThis.navigator?.onLine !== false,
    watch(onChange) {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
  };
}

/** Runs `callback` on the next animation frame; returns a function that cancels it. */
export type RequestFrame = (callback: (time: number) => void) => () => void;

/**
 * Every side effect the store may cause, injected so tests pass fakes and the UI never touches the
 * network, storage or timers itself.
 */
export interface AssistantDeps
  extends ChatDeps, VoiceDeps, ThemeDeps, CommerceDeps, HandoffDeps, LanguageDeps, InviteDeps {
  requestFrame: RequestFrame;
  /** The visitor asked the system for less motion: no typewriter, no animations. */
  prefersReducedMotion: () => boolean;
  /** A touch screen is the main pointer: opening the card must not pop up the keyboard. */
  coarsePointer: () => boolean;
  /** Dispatches `store-assistant:<name>` on the element. */
  emit: Emit<AssistantEvents>;
  /** Whether the browser is online; without it, always (messages written offline wait for it). */
  connection?: Connection;
  /** Opens a page of the store in this tab (a call's `navigate` tool). */
  openPage?: (url: string) => void;
}

/** A random id from the platform's generator, with a fallback for old browsers and insecure origins. */
export function browserRandomId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Another tab changed localStorage: the `storage` event, which never fires in the tab that wrote. */
function watchStorage(onChange: (key: string | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    try {
      if (event.storageArea === window.localStorage) onChange(event.key);
    } catch {
      // storage blocked: there is nothing to follow
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The page was hidden or shown again (another tab, a minimised window, a locked phone). */
function watchVisibility(onChange: (hidden: boolean) => void): () => void {
  const listener = () => onChange(document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Work that can wait for an idle moment waits at most this long. */
const IDLE_WORK_WAIT_MS = 1000;

/** The real browser side effects. `emit` and `requestFromPage` (cancellable events) are supplied by the element. */
export function browserDeps(
  emit: AssistantDeps['emit'],
  requestFromPage: AssistantDeps['requestFromPage'] = () => false,
): AssistantDeps {
  const timers: Timers = {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
  };
  return {
    // Called through window: some browsers throw "Illegal invocation" when fetch is called as a method of another object.
    fetch: (input, init) => window.fetch(input, init),
    localStorage: safeStorage(() => window.localStorage),
    sessionStorage: safeStorage(() => window.sessionStorage),
    watchStorage,
    watchVisibility,
    now: () => Date.now(),
    timers,
    scheduleIdle: (callback) => onIdle(() => callback(), IDLE_WORK_WAIT_MS),
    yieldToPage: nextTask,
    requestFrame: (callback) => {
      const handle = window.requestAnimationFrame(callback);
      return () => window.cancelAnimationFrame(handle);
    },
    prefersReducedMotion: () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    coarsePointer: () => window.matchMedia?.('(pointer: coarse)').matches ?? false,
    connection: browserConnection(),
    randomId: browserRandomId,
    loadMarkdown,
    loadAgents: () => loadedPart<AgentsPart>('agents') ?? loadPart<AgentsPart>('agents'),
    openSocket: (url, handlers) => openWebSocket(url, handlers),
    prepareImage,
    createVoiceClient: (config) => createVoiceClient(config, timers, () => loadPart<VoicePart>('voice')),
    requestMicrophone,
    emit,
    requestFromPage,
    readPage: snapshotPage,
    invitePage: browserInvitePage(() => invitePageFacts(snapshotPage())),
    shopifyRoot,
    warn: (message) => console.warn(`[store-assistant] ${message}`),
    // Page-wide: every widget on the page shares each language's one request and one console line.
    loadLanguage: pageLanguageFiles.loadLanguage,
    warnLanguageFallback: pageLanguageFiles.warnLanguageFallback,
    pageOrigin: pageLocation().origin,
    pageReferrer: () => document.referrer,
    openPage: (url) => window.location.assign(url),
  };
}
