import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { VIEW_STORAGE_KEY } from '../../../src/app/navigation';
import { PERSONAL_KEY_PREFIXES } from '../../../src/app/personal-keys';
import { TEASER_STORAGE_KEY } from '../../../src/app/teaser-timing';
import { consentKey } from '../../../src/app/calls/consent-record';
import { CLEARED_KEY, CONVERSATION_KEY_PREFIXES } from '../../../src/chat/conversations/conversation-storage';
import { sessionKey } from '../../../src/chat/n8n-chat/earlier-session';
import { GEO_CACHE_KEY } from '../../../src/chat/replies/visitor-context';
import { memoryStorage } from '../../../src/common/storage';
import { SHOPPER_MARK_KEY } from '../../../src/customer/customer-slice';
import { HANDOFF_KEY_PREFIX, recordKey } from '../../../src/handoff/handoff-record';
import { INVITE_CLOSED_KEY, INVITE_COUNT_KEY, INVITE_SEEN_KEY } from '../../../src/invite/invite-memory';
import { THEME_STORAGE_KEY } from '../../../src/theme/saved-theme';
import { KEPT_CALL_KEY } from '../../../src/voice/kept-call';
import { fakeDeps } from '../../support/fake-deps';
import { eventually } from '../../support/patience';

// Signing out leaves nothing of the shopper in storage. The inventory below names every key the widget
// writes: each is erased on a sign-out, or kept because it says nothing about the person. A new key in
// the source that is in neither list fails the first test, so it cannot be forgotten.

/** Erased by a sign-out and by clearConversations(). */
const ERASED = [...CONVERSATION_KEY_PREFIXES, ...PERSONAL_KEY_PREFIXES, HANDOFF_KEY_PREFIX, SHOPPER_MARK_KEY];

/** Kept: none of them says who used the widget. */
const KEPT = {
  /** A random value that tells tabs a clear happened. */
  [CLEARED_KEY]: 'random',
  /** Which view was open in this tab (home, chats, FAQ or the chat). */
  [VIEW_STORAGE_KEY]: 'view',
  /** Whether the teaser was shown or dismissed. */
  [TEASER_STORAGE_KEY]: 'teaser',
  /** When the invitation was closed, how many showed, whether one was seen: the device's, not the person's. */
  [INVITE_CLOSED_KEY]: 'time',
  [INVITE_COUNT_KEY]: 'count',
  [INVITE_SEEN_KEY]: 'flag',
  /** The rough location of the network, the same for whoever uses the computer. */
  [GEO_CACHE_KEY]: 'network',
  /** The store's saved theme. */
  [THEME_STORAGE_KEY]: 'theme',
};

/** Names that look like keys but are performance marks. */
const NOT_STORAGE = ['store-assistant:voice-evaluated', 'store-assistant:markdown-evaluated'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every storage key (or key prefix) written in the source: quoted literals, and templates that add to a prefix. */
function keysInSource(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(path.resolve(__dirname, '../../../src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/'(store-assistant:[\w-]+:?)'/g)) found.add(match[1] ?? '');
    for (const match of text.matchAll(/`(store-assistant:[\w-]+:)\$\{/g)) found.add(match[1] ?? '');
  }
  return [...found].filter((key) => !NOT_STORAGE.includes(key)).sort();
}

const covered = (key: string) =>
  ERASED.some((prefix) => key.startsWith(prefix) || prefix.startsWith(key)) || key in KEPT;

describe('the keys the widget writes', () => {
  it('are each erased on a sign-out or kept as saying nothing about the person', () => {
    const keys = keysInSource();
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !covered(key))).toEqual([]);
    expect(ERASED).toContain(sessionKey(''));
    expect(ERASED).toContain(KEPT_CALL_KEY);
    expect(ERASED).toContain(consentKey(''));
  });

  it('after a signed-in visit that used them, a sign-out leaves only the kept ones', async () => {
    const localStorage = memoryStorage();
    const sessionStorage = memoryStorage();
    const fetch = vi.fn(async () => Response.json({ output: 'Your order has shipped' }));
    const { deps } = fakeDeps({ fetch, localStorage, sessionStorage });
    const assistant = createAssistant(deps);
    const signature = 'b'.repeat(64);
    const config: AssistantConfig = {
      ...defaultConfig('shop.example'),
      webhookUrl: 'https://hooks.example/chat',
      customer: { id: '42', email: 'ada@example.com', name: 'Ada', signature },
    };
    assistant.configure(config);
    assistant.actions.navigate('chat');
    assistant.actions.sendMessage('Where is my order?');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    await eventually(() =>
      expect(localStorage.keys().some((key) => key.startsWith('store-assistant:chat:'))).toBe(true),
    );
    // What the other features keep while the shopper uses them, as they write it.
    const { sessionId } = assistant.getState();
    localStorage.set(sessionKey('https://hooks.example/n8n'), JSON.stringify({ session: sessionId, shopper: 'abc' }));
    localStorage.set(recordKey(sessionId), '{}');
    localStorage.set(`${consentKey('shop.example')}:1x2y`, 'agreed');
    sessionStorage.set(KEPT_CALL_KEY, '{"origin":"https://shop.example"}');
    for (const [key, value] of Object.entries(KEPT)) localStorage.set(key, value);
    expect(localStorage.get(SHOPPER_MARK_KEY)).not.toBeNull();

    assistant.actions.identify(null);
    const left = [...localStorage.keys(), ...sessionStorage.keys()];
    expect(left.filter((key) => !(key in KEPT))).toEqual([]);
  });
});
