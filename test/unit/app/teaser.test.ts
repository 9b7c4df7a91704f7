import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig, type AssistantConfig } from '../../../src/app/config';
import { TEASER_STORAGE_KEY } from '../../../src/app/teaser-timing';
import { memoryStorage, noStorage, type SafeStorage } from '../../../src/common/storage';
import { fakeDeps } from '../../support/fake-deps';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function widget(
  config: Partial<AssistantConfig> = {},
  sessionStorage: SafeStorage = memoryStorage(),
  localStorage: SafeStorage = memoryStorage(),
) {
  const harness = fakeDeps({ sessionStorage, localStorage });
  const assistant = createAssistant(harness.deps);
  assistant.configure({
    ...defaultConfig('shop.example'),
    mode: 'floating',
    teaser: 'Need a size? Ask us!',
    ...config,
  });
  const teasers = () => harness.events.filter((event) => event.name === 'teaser');
  return { ...harness, assistant, sessionStorage, teasers };
}

describe('the launcher teaser', () => {
  it('shows after the delay (8 s by default) while the card is closed, and fires store-assistant:teaser once', () => {
    const { assistant, teasers } = widget();
    vi.advanceTimersByTime(7_999);
    expect(assistant.getState().teaser).toBe(false);
    vi.advanceTimersByTime(1);
    expect(assistant.getState().teaser).toBe(true);
    expect(teasers().map((event) => event.detail)).toEqual([{ text: 'Need a size? Ask us!' }]);
    assistant.configure({ ...assistant.getState().config, teaserDelay: 1 });
    vi.advanceTimersByTime(5_000);
    expect(teasers()).toHaveLength(1);
  });

  it('follows teaser-delay', () => {
    const { assistant } = widget({ teaserDelay: 2 });
    vi.advanceTimersByTime(2_000);
    expect(assistant.getState().teaser).toBe(true);
  });

  it.each<[string, Partial<AssistantConfig>]>([
    ['inline mode', { mode: 'inline' }],
    ['no teaser text', { teaser: null }],
  ])('never shows in %s', (_, config) => {
    const { assistant, teasers } = widget(config);
    vi.advanceTimersByTime(60_000);
    expect(assistant.getState().teaser).toBe(false);
    expect(teasers()).toHaveLength(0);
  });

  it('never shows once the visitor opened the chat, and hides when the card opens', () => {
    const early = widget();
    early.assistant.actions.setOpen(true);
    early.assistant.actions.setOpen(false);
    vi.advanceTimersByTime(60_000);
    expect(early.teasers()).toHaveLength(0);

    const shown = widget();
    vi.advanceTimersByTime(8_000);
    shown.assistant.actions.setOpen(true);
    expect(shown.assistant.getState().teaser).toBe(false);
    expect(shown.sessionStorage.get(TEASER_STORAGE_KEY)).toBe('opened');
  });

  it('shows at most once per session: a dismissed or shown teaser stays away on the next page', () => {
    const session = memoryStorage();
    const first = widget({}, session);
    vi.advanceTimersByTime(8_000);
    first.assistant.actions.dismissTeaser();
    expect(first.assistant.getState().teaser).toBe(false);
    expect(session.get(TEASER_STORAGE_KEY)).toBe('dismissed');

    const nextPage = widget({}, session);
    vi.advanceTimersByTime(60_000);
    expect(nextPage.teasers()).toHaveLength(0);
  });

  it('stops its timer when the widget is disposed', () => {
    const { assistant, teasers } = widget();
    assistant.dispose();
    vi.advanceTimersByTime(60_000);
    expect(teasers()).toHaveLength(0);
  });

  it('never comes back on this page once the chat was opened, even where storage is blocked', () => {
    const blocked = widget({}, noStorage, noStorage);
    vi.advanceTimersByTime(3_000);
    blocked.assistant.actions.setOpen(true);
    blocked.assistant.actions.setOpen(false);
    blocked.assistant.configure({ ...blocked.assistant.getState().config, teaser: 'Still here?' });
    vi.advanceTimersByTime(60_000);
    expect(blocked.teasers()).toHaveLength(0);
    expect(blocked.assistant.getState().teaser).toBe(false);
  });

  it('never comes back in a later visit once the chat was opened, with persist="local" only', () => {
    const local = memoryStorage();
    const first = widget({}, memoryStorage(), local);
    first.assistant.actions.setOpen(true);
    first.assistant.dispose();

    const nextVisit = widget({}, memoryStorage(), local);
    vi.advanceTimersByTime(60_000);
    expect(nextVisit.teasers()).toHaveLength(0);

    const sessionOnly = memoryStorage();
    const forgetful = widget({ persist: 'session' }, memoryStorage(), sessionOnly);
    forgetful.assistant.actions.setOpen(true);
    forgetful.assistant.dispose();
    expect(sessionOnly.keys()).toEqual([]);
    const laterVisit = widget({ persist: 'session' }, memoryStorage(), sessionOnly);
    vi.advanceTimersByTime(8_000);
    expect(laterVisit.teasers()).toHaveLength(1);
  });

  it('never shows before its delay, however often the widget is configured meanwhile', () => {
    const { assistant, teasers } = widget({ teaserDelay: 10 });
    for (let second = 1; second < 10; second += 1) {
      vi.advanceTimersByTime(1_000);
      assistant.configure({ ...assistant.getState().config, mode: second % 2 ? 'inline' : 'floating' });
      assistant.configure({ ...assistant.getState().config, mode: 'floating' });
      expect(assistant.getState().teaser).toBe(false);
    }
    vi.advanceTimersByTime(9_999);
    expect(teasers()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(teasers()).toHaveLength(1);
  });
});
