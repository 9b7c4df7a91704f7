import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../../../src/app/assistant';
import { defaultConfig } from '../../../src/app/config';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../src/app/tooltips';
import { announcementFor, markdownToPlainText } from '../../../src/chat/markdown/plain-text';
import { englishStrings } from '../../../src/i18n/strings';
import { fakeDeps } from '../../support/fake-deps';
import { fakeFetch, jsonReply } from '../../support/fetch';
import { eventually } from '../../support/patience';

describe('tooltips (700 ms open delay, 300 ms skip delay)', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const { deps } = fakeDeps({ now: () => clock });
    const assistant = createAssistant(deps);
    const wait = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    return { actions: assistant.actions, tooltip: () => assistant.getState().tooltip, wait };
  };

  it('opens only after the pointer or focus has rested 700 ms', () => {
    const { actions, tooltip, wait } = setup();
    actions.showTooltip('send');
    wait(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(tooltip()).toBeNull();
    wait(1);
    expect(tooltip()).toBe('send');
  });

  it('does not open when the pointer leaves before the delay', () => {
    const { actions, tooltip, wait } = setup();
    actions.showTooltip('send');
    wait(400);
    actions.hideTooltip('send');
    wait(1000);
    expect(tooltip()).toBeNull();
  });

  it('moves at once from one open tooltip to the next', () => {
    const { actions, tooltip, wait } = setup();
    actions.showTooltip('back');
    wait(TOOLTIP_OPEN_DELAY_MS);
    actions.hideTooltip('back');
    actions.showTooltip('new-chat');
    expect(tooltip()).toBe('new-chat');
  });

  it('opens at once within 300 ms of the last one closing, and waits again after', () => {
    const { actions, tooltip, wait } = setup();
    actions.showTooltip('back');
    wait(TOOLTIP_OPEN_DELAY_MS);
    actions.hideTooltip('back');
    wait(TOOLTIP_SKIP_DELAY_MS - 1);
    actions.showTooltip('send');
    expect(tooltip()).toBe('send');

    actions.hideTooltip('send');
    wait(TOOLTIP_SKIP_DELAY_MS);
    actions.showTooltip('image');
    expect(tooltip()).toBeNull();
    wait(TOOLTIP_OPEN_DELAY_MS);
    expect(tooltip()).toBe('image');
  });

  it('a stale hide of another button leaves the open tooltip alone', () => {
    const { actions, tooltip, wait } = setup();
    actions.showTooltip('send');
    wait(TOOLTIP_OPEN_DELAY_MS);
    actions.hideTooltip('back');
    expect(tooltip()).toBe('send');
  });

  it('Escape dismisses the open tooltip and says whether there was one', () => {
    const { actions, tooltip, wait } = setup();
    expect(actions.dismissTooltip()).toBe(false);
    actions.showTooltip('send');
    wait(TOOLTIP_OPEN_DELAY_MS);
    expect(actions.dismissTooltip()).toBe(true);
    expect(tooltip()).toBeNull();
  });
});

describe('announcements for screen readers', () => {
  it.each([
    ['**Bold** and _emphasis_ and `code`', 'Bold and emphasis and code'],
    ['# Title\n\n- one\n- two\n1. three', 'Title one two three'],
    ['See [our returns page](https://shop.example/returns).', 'See our returns page.'],
    ['![A red tote](https://img.example/t.png) in stock', 'A red tote in stock'],
    ['> quoted\n\n~~old~~ new', 'quoted old new'],
    ['keeps snake_case_words and 5 - 3', 'keeps snake_case_words and 5 - 3'],
    ['<img src=x onerror=alert(1)>Hello', 'Hello'],
  ])('reads %j as %j', (markdown, text) => {
    expect(markdownToPlainText(markdown)).toBe(text);
  });

  it('names the speaker and the products', () => {
    const text = announcementFor(
      {
        id: '1',
        sender: 'bot',
        timestamp: 0,
        content: 'Two picks:',
        products: [
          { title: 'Tote', url: 'https://s/1' },
          { title: 'Cap', url: 'https://s/2' },
        ] as never,
      },
      englishStrings,
      'en',
    );
    expect(text).toBe('Assistant: Two picks: Products: Tote and Cap.');
  });

  it('names the replies a message suggests, as the buttons under it read', () => {
    const text = announcementFor(
      {
        id: '1',
        sender: 'bot',
        timestamp: 0,
        content: 'We ship worldwide.',
        suggestions: ['Shipping costs', 'Track my order'],
      },
      englishStrings,
      'en',
    );
    expect(text).toBe('Assistant: We ship worldwide. Suggested replies: Shipping costs or Track my order.');
  });

  const setup = (respond: () => Response) => {
    const { fetch } = fakeFetch(respond);
    const { deps } = fakeDeps({ fetch });
    const assistant = createAssistant(deps);
    assistant.configure({ ...defaultConfig('shop.example'), webhookUrl: 'https://hooks.example/chat' });
    return assistant;
  };

  it('announces a typed reply once, when it has been revealed, not while it is typed', async () => {
    const assistant = setup(() => jsonReply({ output: 'Hello **there**' }));
    assistant.actions.sendMessage('Hi');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    const reply = assistant.getState().messages.at(-1);
    expect(reply?.animate).toBe(true);
    expect(assistant.getState().announcement).toBe('');
    const changes: string[] = [];
    assistant.subscribe((state, previous) => {
      if (state.announcement !== previous.announcement) changes.push(state.announcement);
    });
    assistant.actions.markRevealed(reply?.id ?? '');
    await eventually(() => expect(changes).toEqual(['Assistant: Hello there']));
  });

  it('announces a failed reply at once', async () => {
    const assistant = setup(() => new Response('down', { status: 500 }));
    assistant.actions.sendMessage('Hi');
    await eventually(() => expect(assistant.getState().loading).toBe(false));
    expect(assistant.getState().announcement).toBe(`Assistant: ${englishStrings.replyFailed}`);
  });
});
