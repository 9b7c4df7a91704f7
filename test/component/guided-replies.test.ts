import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '../support/fetch';
import { eventually, mountWidget, nextEvent } from './helpers';

afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  localStorage.clear();
});

const withSuggestions = () =>
  jsonReply({ output: 'We ship worldwide.', suggestions: ['Shipping costs', 'Track my order', 'Shipping costs'] });

describe('bot suggestions', () => {
  it('shows the chips under the latest reply; a click sends its text, and the chips go', async () => {
    const { el, root, findByRole, requests } = await mountWidget({}, { reply: withSuggestions });
    const chosen = vi.fn();
    el.addEventListener('store-assistant:suggestion', chosen);
    el.startChat('Do you ship abroad?');
    const group = await findByRole('group', { name: 'Suggested replies' });
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Shipping costs',
      'Track my order',
    ]);
    (group.querySelector('button') as HTMLButtonElement).click();
    await eventually(() => expect(requests).toHaveLength(2));
    expect((requests[1]?.body as { message: string; history: { content: string }[] }).message).toBe('Shipping costs');
    // Suggestions are not sent back as history.
    expect(JSON.stringify(requests[1]?.body)).not.toContain('Track my order');
    expect(chosen.mock.calls[0]?.[0].detail).toEqual({ text: 'Shipping costs', index: 0 });
    // The new reply brings its own chips; the old ones went with the question.
    await eventually(() => expect(root.querySelectorAll('.suggestions')).toHaveLength(1));
    expect(root.querySelector('.messages .message.bot:first-of-type .suggestions')).toBeNull();
  });
});

describe('reply feedback', () => {
  it('offers Helpful and Not helpful with their pressed state, and fires the event', async () => {
    const { el, findByRole } = await mountWidget({}, { reply: () => jsonReply({ output: 'Our linen shirt.' }) });
    const rated = vi.fn();
    el.addEventListener('store-assistant:feedback', rated);
    el.startChat('Shirts?');
    const helpful = await findByRole('button', { name: 'Helpful' });
    const notHelpful = await findByRole('button', { name: 'Not helpful' });
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    notHelpful.click();
    await eventually(() => expect(notHelpful.getAttribute('aria-pressed')).toBe('true'));
    helpful.click();
    await eventually(() => expect(helpful.getAttribute('aria-pressed')).toBe('true'));
    expect(notHelpful.getAttribute('aria-pressed')).toBe('false');
    expect(rated.mock.calls.map((call) => call[0].detail.rating)).toEqual(['down', 'up']);
  });

  it('is hidden with feedback="off" and under failed replies', async () => {
    const off = await mountWidget(
      { feedback: 'off', persist: 'none' },
      { reply: () => jsonReply({ output: 'Hello' }) },
    );
    off.el.startChat('Hi');
    await off.findByText('Hello');
    expect(off.queryByRole('button', { name: 'Helpful' })).toBeNull();
    document.body.replaceChildren();
    localStorage.clear();
    const failing = await mountWidget({}, { reply: () => new Response('no', { status: 500 }) });
    failing.el.startChat('Hi');
    await failing.findByText('Oops! Something went wrong. Try again later.');
    expect(failing.queryByRole('button', { name: 'Helpful' })).toBeNull();
  });
});

describe('launcher teaser', () => {
  it('shows beside the closed launcher after its delay, opens the chat on click and sends nothing', async () => {
    // Listening before the widget is attached: a teaser with no delay may show before the first render ends.
    const shown = nextEvent<{ text: string }>(document, 'store-assistant:teaser');
    const { el, root, requests } = await mountWidget({
      mode: 'floating',
      teaser: 'Need a size? Ask us!',
      'teaser-delay': '0',
    });
    expect((await shown).detail).toEqual({ text: 'Need a size? Ask us!' });
    await eventually(() => expect(root.querySelector('.teaser')).not.toBeNull());
    expect(root.querySelector('.teaser')?.getAttribute('role')).toBe('status');
    (root.querySelector('.teaser-text') as HTMLButtonElement).click();
    await eventually(() => expect(el.hasAttribute('open')).toBe(true));
    expect(root.querySelector('.teaser')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('goes for the session when dismissed', async () => {
    const first = await mountWidget({ mode: 'floating', teaser: 'Hi there', 'teaser-delay': '0' });
    await eventually(() => expect(first.root.querySelector('.teaser')).not.toBeNull());
    (await first.findByRole('button', { name: 'Close the invitation' })).click();
    await eventually(() => expect(first.root.querySelector('.teaser')).toBeNull());
    first.el.remove();
    const again = await mountWidget({ mode: 'floating', teaser: 'Hi there', 'teaser-delay': '0' });
    const shown = vi.fn();
    document.addEventListener('store-assistant:teaser', shown);
    // Neither the load nor a later change of its delay arms it again; the delay passes on a fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      again.el.setAttribute('teaser-delay', '3');
      await vi.advanceTimersByTimeAsync(3000);
    } finally {
      vi.useRealTimers();
      document.removeEventListener('store-assistant:teaser', shown);
    }
    expect(shown).not.toHaveBeenCalled();
    expect(again.root.querySelector('.teaser')).toBeNull();
  });
});
