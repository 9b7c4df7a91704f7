import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply } from '../support/fetch';
import { eventually, mountWidget } from './helpers';

/**
 * Small behaviours of the conversation: quick actions only where chat works, FAQ answers rendered as
 * replies are, and a rating that is acknowledged in words.
 */
afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  localStorage.clear();
});

describe('quick-action chips without a webhook', () => {
  it('are not offered while chat is not configured, and come back once it is', async () => {
    const { el, root, findByText } = await mountWidget({ 'webhook-url': '', 'quick-actions': 'Sizes|Returns' });
    el.startChat();
    await findByText('Offline');
    expect(root.querySelectorAll('.empty-chat .chip')).toHaveLength(0);
    el.setAttribute('webhook-url', 'https://hooks.example/webhook/chat');
    await eventually(() => expect(root.querySelectorAll('.empty-chat .chip')).toHaveLength(2));
  });
});

describe('FAQ answers', () => {
  const faq = JSON.stringify([
    {
      q: 'Shipping?',
      a: 'Free over **$50**, in _two_ days.\n\n- Tracked\n- Insured\n\nSee [our policy](https://shop.example/shipping).',
    },
  ]);

  // Links and the sanitiser are checked in Chromium (test/e2e/polish-behaviour.e2e.test.ts): DOMPurify needs a real DOM.
  it('render markdown as replies do: emphasis and lists', async () => {
    const { root, getByRole, findByText } = await mountWidget({ faq });
    getByRole('button', { name: 'FAQ' }).click();
    await findByText('Shipping?');
    const answer = () => root.querySelector('.faq-answer') as HTMLElement;
    await eventually(() => expect(answer().querySelector('strong')?.textContent).toBe('$50'));
    expect(answer().textContent).not.toContain('**');
    expect(answer().querySelector('em')?.textContent).toBe('two');
    expect([...answer().querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Tracked', 'Insured']);
  });
});

describe('a rating', () => {
  it('is acknowledged beside the buttons, in a status region', async () => {
    const { el, findByRole } = await mountWidget({}, { reply: () => jsonReply({ output: 'Our linen shirt.' }) });
    el.startChat('Shirts?');
    const helpful = await findByRole('button', { name: 'Helpful' });
    const status = helpful.parentElement?.querySelector('[role="status"]');
    expect(status?.textContent).toBe('');
    helpful.click();
    await eventually(() => expect(status?.textContent).toBe('Thanks for your feedback'));
  });
});
