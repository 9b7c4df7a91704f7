import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { memoryStorage, type SafeStorage } from '../../../src/common/storage';
import { INVITE_CLOSED_KEY } from '../../../src/invite/invite-memory';
import type { InvitePage, InvitePageFacts } from '../../../src/invite/invite-state';
import { fakeDeps } from '../../support/fake-deps';
import { eventually } from '../../support/patience';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SHIRT: InvitePageFacts = {
  kind: 'product',
  product: { name: 'Linen Shirt', type: 'apparel' },
  context: { url: 'https://shop.example/products/linen-shirt', title: 'Linen Shirt' },
};

/** A page the test drives: its facts, the load, scrolling, leaving, its cart form and its fields. */
function fakePage(facts: InvitePageFacts = SHIRT) {
  const listeners = { load: [] as (() => void)[], scroll: [] as (() => void)[], exit: [] as (() => void)[] };
  const cart: (() => void)[] = [];
  const afterTyping: (() => void)[] = [];
  let typing = false;
  const page: InvitePage = {
    read: () => facts,
    afterLoadIdle: (callback) => (listeners.load.push(callback), () => undefined),
    watchScroll: (_, callback) => (listeners.scroll.push(callback), () => undefined),
    watchExit: (callback) => (listeners.exit.push(callback), () => undefined),
    watchAddToCart: (callback) => (cart.push(callback), () => undefined),
    typing: () => typing,
    afterTyping: (callback) => (afterTyping.push(callback), () => undefined),
  };
  return {
    page,
    /** The page loaded and the browser went idle: the questions are prepared. */
    async load() {
      listeners.load.splice(0).forEach((callback) => callback());
      await vi.runAllTicks();
      await Promise.resolve();
    },
    scroll: () => listeners.scroll.forEach((callback) => callback()),
    exit: () => listeners.exit.forEach((callback) => callback()),
    addToCart: () => cart.forEach((callback) => callback()),
    type(on: boolean) {
      typing = on;
      if (!on) afterTyping.splice(0).forEach((callback) => callback());
    },
  };
}

interface Visit {
  config?: Partial<AssistantConfig>;
  page?: ReturnType<typeof fakePage>;
  local?: SafeStorage;
  session?: SafeStorage;
  fetch?: typeof fetch;
}

function visit({ config = {}, page = fakePage(), local = memoryStorage(), session = memoryStorage(), fetch }: Visit) {
  const harness = fakeDeps({
    invitePage: page.page,
    localStorage: local,
    sessionStorage: session,
    ...(fetch ? { fetch } : {}),
  });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    mode: 'floating',
    invite: [{ kind: 'time', seconds: 10 }],
    inviteQuestions: ['Does {product} run small?', 'How do I wash it?'],
    ...config,
  });
  const invites = () => harness.events.filter((event) => event.name === 'invite').map((event) => event.detail);
  const shown = () => assistant.getState().invite.questions;
  return { ...harness, assistant, page, invites, shown, local, session };
}

describe('the invitation', () => {
  it("shows the store's questions about the product when its trigger fires, once per page", async () => {
    const { page, shown, invites } = visit({});
    await page.load();
    vi.advanceTimersByTime(9_999);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual(['Does Linen Shirt run small?', 'How do I wash it?']);
    expect(invites()).toEqual([
      { action: 'shown', trigger: 'time', questions: ['Does Linen Shirt run small?', 'How do I wash it?'] },
    ]);
  });

  it('waits for the page to be read when a trigger fires first', async () => {
    const { page, shown } = visit({ config: { invite: [{ kind: 'time', seconds: 0 }] } });
    vi.advanceTimersByTime(0);
    expect(shown()).toBeNull();
    await page.load();
    expect(shown()).not.toBeNull();
  });

  it.each([
    ['scroll', { kind: 'scroll', percent: 50 }, (page: ReturnType<typeof fakePage>) => page.scroll()],
    ['exit', { kind: 'exit' }, (page: ReturnType<typeof fakePage>) => page.exit()],
    ['add-to-cart', { kind: 'add-to-cart' }, (page: ReturnType<typeof fakePage>) => page.addToCart()],
  ] as const)('shows on %s', async (kind, trigger, act) => {
    const { page, shown, invites } = visit({ config: { invite: [trigger] } });
    await page.load();
    vi.advanceTimersByTime(600_000);
    expect(shown()).toBeNull();
    act(page);
    expect(shown()).not.toBeNull();
    expect(invites()).toMatchObject([{ action: 'shown', trigger: kind }]);
  });

  it('shows to a returning visitor only, as persist remembers them', async () => {
    const local = memoryStorage();
    const first = visit({ config: { invite: [{ kind: 'returning' }] }, local });
    await first.page.load();
    expect(first.shown()).toBeNull();
    const again = visit({ config: { invite: [{ kind: 'returning' }] }, local });
    await again.page.load();
    expect(again.shown()).not.toBeNull();
    // persist="none" remembers nobody.
    const forgetful = visit({ config: { invite: [{ kind: 'returning' }], persist: 'none' }, local });
    await forgetful.page.load();
    expect(forgetful.shown()).toBeNull();
  });

  it('shows at most invite-limit times per session', async () => {
    const session = memoryStorage();
    const shownOn = async () => {
      const page = visit({ session, config: { inviteLimit: 2 } });
      await page.page.load();
      vi.advanceTimersByTime(10_000);
      return page.shown() !== null;
    };
    expect([await shownOn(), await shownOn(), await shownOn()]).toEqual([true, true, false]);
  });

  it('never shows while the visitor types in a field of the page, and shows once they stop', async () => {
    const { page, shown } = visit({});
    await page.load();
    page.type(true);
    vi.advanceTimersByTime(10_000);
    expect(shown()).toBeNull();
    page.type(false);
    expect(shown()).not.toBeNull();
  });

  it.each(['cart', 'checkout'] as const)('never shows on a %s page, unless invite-on-checkout', async (kind) => {
    const facts = { ...SHIRT, kind };
    const quiet = visit({ page: fakePage(facts) });
    await quiet.page.load();
    vi.advanceTimersByTime(60_000);
    expect(quiet.shown()).toBeNull();
    const allowed = visit({ page: fakePage(facts), config: { inviteOnCheckout: true } });
    await allowed.page.load();
    vi.advanceTimersByTime(10_000);
    expect(allowed.shown()).not.toBeNull();
  });

  it('never shows on a page without a product, in inline mode, or without invite', async () => {
    for (const setting of [
      { page: fakePage({ kind: 'other' }) },
      { config: { mode: 'inline' as const } },
      { config: { invite: [] } },
    ]) {
      const { page, shown } = visit(setting);
      await page.load();
      vi.advanceTimersByTime(60_000);
      expect(shown()).toBeNull();
    }
  });

  it('closed, it stays away for invite-snooze, remembered as persist allows', async () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const first = visit({ local, session, config: { inviteSnoozeHours: 24 } });
    await first.page.load();
    vi.advanceTimersByTime(10_000);
    first.assistant.actions.dismissInvite();
    expect(first.shown()).toBeNull();
    expect(first.invites().at(-1)).toEqual({ action: 'dismissed' });
    expect(local.get(INVITE_CLOSED_KEY)).not.toBeNull();

    // A new session of the same visitor within the day: still away.
    const later = visit({ local, config: { inviteSnoozeHours: 24 } });
    await later.page.load();
    vi.advanceTimersByTime(10_000);
    expect(later.shown()).toBeNull();
    // A day later (the fake clock of the deps moves on): back.
    const nextDay = visit({ local, config: { inviteSnoozeHours: 24 } });
    nextDay.advance(24 * 3_600_000);
    await nextDay.page.load();
    vi.advanceTimersByTime(10_000);
    expect(nextDay.shown()).not.toBeNull();
  });

  it('closed with persist="session", it is forgotten by a new session; with "none", by the next page', async () => {
    const session = memoryStorage();
    const local = memoryStorage();
    const closeOne = async (persist: 'session' | 'none') => {
      const page = visit({ local, session, config: { persist } });
      await page.page.load();
      vi.advanceTimersByTime(10_000);
      page.assistant.actions.dismissInvite();
    };
    await closeOne('session');
    expect(local.get(INVITE_CLOSED_KEY)).toBeNull();
    const sameSession = visit({ local, session, config: { persist: 'session', inviteLimit: 5 } });
    await sameSession.page.load();
    vi.advanceTimersByTime(10_000);
    expect(sameSession.shown()).toBeNull();
    const newSession = visit({ local, config: { persist: 'session' } });
    await newSession.page.load();
    vi.advanceTimersByTime(10_000);
    expect(newSession.shown()).not.toBeNull();

    await closeOne('none');
    const nextPage = visit({ local, config: { persist: 'none' } });
    await nextPage.page.load();
    vi.advanceTimersByTime(10_000);
    expect(nextPage.shown()).not.toBeNull();
  });

  it('a tapped question opens the chat and asks it; opening the card puts the invitation away', async () => {
    const { page, assistant, invites, shown } = visit({ config: { webhookUrl: 'https://hooks.example/chat' } });
    await page.load();
    vi.advanceTimersByTime(10_000);
    assistant.actions.askInvite(1);
    expect(assistant.getState().isOpen).toBe(true);
    expect(assistant.getState().view).toBe('chat');
    expect(assistant.getState().messages.at(0)).toMatchObject({ sender: 'user', content: 'How do I wash it?' });
    expect(invites().at(-1)).toEqual({ action: 'asked', index: 1, question: 'How do I wash it?' });
    expect(shown()).toBeNull();

    const other = visit({});
    await other.page.load();
    vi.advanceTimersByTime(10_000);
    other.assistant.actions.setOpen(true);
    expect(other.shown()).toBeNull();
  });

  it("asks the webhook for the page's questions once, after load, when the store lists none", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ output: '', suggestions: ['Is it linen?', 'Which size?', 'Ships when?', 'More?'] }),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    const { page, shown, assistant } = visit({
      fetch,
      config: {
        webhookUrl: 'https://hooks.example/chat',
        inviteQuestions: { shoes: ['Do they run small?'] },
        invite: [{ kind: 'time', seconds: 0 }],
      },
    });
    vi.advanceTimersByTime(0);
    expect(fetch).not.toHaveBeenCalled();
    await page.load();
    await eventually(() => expect(shown()).toEqual(['Is it linen?', 'Which size?', 'Ships when?']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://hooks.example/chat');
    expect(JSON.parse(String(init.body))).toEqual({
      action: 'suggest',
      sessionId: assistant.getState().sessionId,
      context: { page: SHIRT.context },
    });
    assistant.configure({ ...assistant.getState().config, inviteLimit: 3 });
    await page.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks the webhook only when an invitation could show: not while snoozed after a close, nor past the limit', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ output: '', suggestions: ['Is it linen?', 'Which size?'] }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const suggests = () => fetch.mock.calls.filter(([, init]) => String(init?.body).includes('"suggest"')).length;
    // A trigger before the suggestions' time limit, so that moving the clock to it does not end the request.
    const config = {
      webhookUrl: 'https://hooks.example/chat',
      inviteQuestions: null,
      inviteLimit: 2,
      invite: [{ kind: 'time' as const, seconds: 1 }],
    };
    const local = memoryStorage();
    const session = memoryStorage();
    const productPage = async () => {
      const page = visit({ fetch, local, session, config });
      await page.page.load();
      vi.advanceTimersByTime(1_000);
      return page;
    };

    const first = await productPage();
    await eventually(() => expect(first.shown()).toEqual(['Is it linen?', 'Which size?']));
    expect(suggests()).toBe(1);
    first.assistant.actions.dismissInvite();
    // Snoozed: the next product pages ask nothing.
    await productPage();
    await productPage();
    expect(suggests()).toBe(1);

    // Past the snooze, an invitation can show again, and the webhook is asked again.
    const afterSnooze = { ...config, inviteSnoozeHours: 0 };
    const second = visit({ fetch, local, session, config: afterSnooze });
    await second.page.load();
    vi.advanceTimersByTime(1_000);
    await eventually(() => expect(second.shown()).not.toBeNull());
    expect(suggests()).toBe(2);
    // That was the second of this session, the limit: the next product pages ask nothing.
    for (const page of [
      visit({ fetch, local, session, config: afterSnooze }),
      visit({ fetch, local, session, config: afterSnooze }),
    ]) {
      await page.page.load();
      vi.advanceTimersByTime(1_000);
      expect(page.shown()).toBeNull();
    }
    expect(suggests()).toBe(2);
  });

  it('with protocol="n8n-chat" asks nothing and shows only what the store lists', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{}'));
    const { page, shown } = visit({
      fetch,
      config: { webhookUrl: 'https://hooks.example/chat', protocol: 'n8n-chat', inviteQuestions: null },
    });
    await page.load();
    vi.advanceTimersByTime(60_000);
    // n8n's own requests (an earlier session) may go out; none asks for suggestions.
    const bodies = fetch.mock.calls.map(([, init]) => String(init?.body ?? ''));
    expect(bodies.filter((body) => body.includes('"suggest"'))).toEqual([]);
    expect(shown()).toBeNull();
  });
});
