import { vi } from 'vitest';
import type { AssistantDeps, AssistantEvents } from '../../src/app/deps';
import { memoryStorage } from '../../src/common/storage';
import { loadMarkdown } from '../../src/chat/markdown/markdown-loader';
// The markdown part is on the page, as for a bundler user who imports it: there is no script address to fetch it from.
import '../../src/chat/markdown/markdown-part';
import { createAgUi } from '../../src/chat/ag-ui/ag-ui';
import { aiSdkRequest, aiSdkStream } from '../../src/chat/ai-sdk/ai-sdk';
import type { AgentsPart } from '../../src/chat/replies/agents-part';
import { fakeVoiceClient } from './fake-voice';
import { createLanguageFiles } from '../../src/i18n/language-files';
import type { StringTable } from '../../src/i18n/strings';
import { languageTable } from './languages';

/** The agents part as a page that has it gives it: at once. */
const agentsPart: AgentsPart = { aiSdkRequest, aiSdkStream, createAgUi };

/** An event the fake `emit` recorded. */
export interface EmittedEvent {
  name: keyof AssistantEvents;
  detail: unknown;
}

/** A tiny valid JPEG data URL, standing in for a downscaled attachment. */
export const FAKE_IMAGE_DATA_URL =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U';

/**
 * Assistant deps for tests: in-memory storage, a fixed clock, timers from the (possibly faked) global
 * timers, the real markdown renderer, each built-in language from its module, and recorded events,
 * warnings and language requests.
 */
export function fakeDeps(overrides: Partial<AssistantDeps> = {}) {
  const events: EmittedEvent[] = [];
  const warnings: string[] = [];
  let time = Date.UTC(2026, 10, 20, 12, 0, 0);
  let ids = 0;
  /** Idle callbacks scheduled and not yet run (or cancelled). */
  const pendingIdle = new Set<Promise<void>>();
  /** The language files asked for, by code, in order: one fake deps is one page. */
  const languageRequests: string[] = [];
  const languagesHere = new Map<string, StringTable>();
  const languages = createLanguageFiles({
    loaded: (name) => languagesHere.get(name),
    load: async (name) => {
      languageRequests.push(name.replace(/^lang-/, ''));
      const table = await languageTable(name.replace(/^lang-/, ''));
      languagesHere.set(name, table);
      return table;
    },
    warn: (message) => void warnings.push(message),
  });
  const deps: AssistantDeps = {
    fetch: vi.fn(async () => new Response('fake reply')),
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    watchStorage: () => () => undefined,
    watchVisibility: () => () => undefined,
    now: () => time,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    scheduleIdle: (callback) => {
      let cancel = () => undefined as void;
      const done = new Promise<void>((resolve) => {
        const finish = () => {
          pendingIdle.delete(done);
          resolve();
        };
        const handle = setTimeout(() => {
          finish();
          callback();
        }, 0);
        cancel = () => {
          clearTimeout(handle);
          finish();
        };
      });
      pendingIdle.add(done);
      return cancel;
    },
    requestFrame: (callback) => {
      const handle = setTimeout(() => callback(time), 16);
      return () => clearTimeout(handle);
    },
    yieldToPage: () => Promise.resolve(),
    prefersReducedMotion: () => false,
    coarsePointer: () => false,
    randomId: () => `session-${++ids}`,
    loadMarkdown,
    loadAgents: () => agentsPart,
    // A socket that never opens, unless a test gives one (test/unit/chat/n8n-chat/).
    openSocket: vi.fn(() => ({ send: () => undefined, close: () => undefined })),
    prepareImage: vi.fn(async () => ({ dataUrl: FAKE_IMAGE_DATA_URL, width: 10, height: 10 })),
    createVoiceClient: vi.fn(async () => fakeVoiceClient().client),
    requestMicrophone: vi.fn(async () => 'granted' as const),
    emit: (name, detail) => void events.push({ name, detail }),
    // No page to read, no Shopify global and nothing on the page taking cart events, unless a test gives them.
    readPage: () => null,
    // A page that is not a product page and where the visitor does nothing, unless a test gives one.
    invitePage: {
      read: () => ({ kind: 'other' }),
      afterLoadIdle: () => () => undefined,
      watchScroll: () => () => undefined,
      watchExit: () => () => undefined,
      watchAddToCart: () => () => undefined,
      typing: () => false,
      afterTyping: () => () => undefined,
    },
    shopifyRoot: () => null,
    requestFromPage: () => false,
    warn: (message) => void warnings.push(message),
    // Each built-in language from its module, loaded (and reported) by the page's own rules.
    loadLanguage: languages.loadLanguage,
    warnLanguageFallback: languages.warnLanguageFallback,
    pageOrigin: 'https://shop.example',
    ...overrides,
  };
  return {
    deps,
    events,
    warnings,
    languageRequests,
    /** Moves the fake clock forward. */
    advance: (ms: number) => void (time += ms),
    /** Resolves once every idle callback scheduled so far, and any they schedule, has run or been cancelled. */
    async idle(): Promise<void> {
      while (pendingIdle.size > 0) await Promise.all(pendingIdle);
    },
  };
}
