import { describe, expect, it, vi } from 'vitest';
import { eventually, mountWidget, pressKey, typeInto } from './helpers';

describe('welcome view', () => {
  it('shows the logo, at most two badges and the welcome texts', async () => {
    const { getByRole, getByText, root } = await mountWidget({
      'brand-name': 'Acme',
      'logo-url': 'https://cdn.example/logo.png',
      'badge-images': 'https://cdn.example/1.png https://cdn.example/2.png https://cdn.example/3.png',
      // "Start a live call" shows only where a call can work.
      'voice-provider': 'demo',
    });
    expect(getByRole('img', { name: 'Acme logo' }).getAttribute('src')).toBe('https://cdn.example/logo.png');
    expect(root.querySelectorAll('.badges img')).toHaveLength(2);
    expect(getByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy();
    for (const text of [
      'How can we help you today?',
      'Ask a question',
      'Track my order',
      'New arrivals',
      'Recent Conversation',
      'Start a live call',
      'Talk to a human agent',
    ]) {
      expect(getByText(text)).toBeTruthy();
    }
  });

  it('shows the brand initial when there is no logo', async () => {
    const { root } = await mountWidget({ 'brand-name': 'zebra goods' });
    expect(root.querySelector('.logo')?.textContent).toBe('Z');
  });

  it('"Track my order" opens store-url in a new tab', async () => {
    const { getByRole } = await mountWidget({ 'store-url': 'https://acme.example/orders' });
    const link = getByRole('link', { name: /Track my order/ });
    expect(link.getAttribute('href')).toBe('https://acme.example/orders');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('"Talk to a human agent" opens agent-url in a new tab when there is one', async () => {
    const { getByRole } = await mountWidget({ 'agent-url': 'https://acme.example/help' });
    const link = getByRole('link', { name: /Talk to a human agent/ });
    expect(link.getAttribute('href')).toBe('https://acme.example/help');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it.each([
    ['Ask a question', 'Hi'],
    ['New arrivals', 'Shop new arrivals'],
    ['Talk to a human agent', "I'd like to talk to a human agent"],
  ])('"%s" opens the chat with %j as the first user message', async (button, firstMessage) => {
    const { getByRole, findByRole, root } = await mountWidget();
    const messages = vi.fn();
    root.host.addEventListener('store-assistant:message', messages);
    getByRole('button', { name: button }).click();
    await findByRole('button', { name: 'Back' });
    const bubbles = [...root.querySelectorAll('.message.user .bubble')].map((bubble) => bubble.textContent);
    expect(bubbles).toEqual([firstMessage]);
    expect(messages).toHaveBeenCalledTimes(1);
    expect((messages.mock.calls[0]?.[0] as CustomEvent).detail).toMatchObject({
      sender: 'user',
      content: firstMessage,
    });
  });

  it('a quick action that had keyboard focus hands it to the text box of the chat it opens', async () => {
    const { getByRole, findByRole, root } = await mountWidget();
    const button = getByRole('button', { name: 'Ask a question' });
    button.focus();
    button.click();
    const textbox = await findByRole('textbox', { name: 'Message' });
    await eventually(() => expect(root.activeElement).toBe(textbox));
  });

  it('"Recent Conversation" reopens the chat and previews its last message', async () => {
    const { el, getByRole, findByRole, findByText } = await mountWidget();
    expect(getByRole('button', { name: /No messages yet/ })).toBeTruthy();
    el.sendMessage('Where is my parcel?');
    el.goHome();
    await findByText('Where is my parcel?');
    getByRole('button', { name: /Where is my parcel\?/ }).click();
    await findByRole('button', { name: 'New chat' });
  });

  it('"Start a live call" opens the chat view', async () => {
    const { getByRole, findByRole } = await mountWidget({ 'voice-provider': 'demo' });
    getByRole('button', { name: 'Start a live call' }).click();
    await findByRole('button', { name: 'Back' });
  });
});

describe('bottom navigation', () => {
  it('moves between Home, Chats and FAQ and marks the current section', async () => {
    const faq = JSON.stringify([{ q: 'Shipping?', a: 'Two days.' }]);
    const { getByRole, findByRole, findByText } = await mountWidget({ faq });
    const nav = getByRole('navigation', { name: 'Assistant sections' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Home');

    getByRole('button', { name: 'Chats' }).click();
    await findByRole('heading', { name: 'Chats' });
    expect(getByRole('button', { name: 'Chats' }).getAttribute('aria-current')).toBe('page');
    await findByText('Your conversations will appear here.');

    getByRole('button', { name: 'FAQ' }).click();
    await findByRole('heading', { name: 'Frequently asked questions' });
    await findByText('Shipping?');
    expect(getByRole('button', { name: 'FAQ' }).getAttribute('aria-current')).toBe('page');

    getByRole('button', { name: 'Ask the assistant' }).click();
    await findByRole('button', { name: 'Back' });
  });

  it('FAQ without entries says so', async () => {
    const { getByRole, findByText } = await mountWidget();
    getByRole('button', { name: 'FAQ' }).click();
    await findByText('No questions have been added yet.');
  });
});

describe('chat view', () => {
  async function openChat(attributes: Record<string, string> = {}) {
    const mounted = await mountWidget(attributes);
    mounted.el.startChat();
    await mounted.findByRole('button', { name: 'Back' });
    return {
      ...mounted,
      textbox: mounted.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
      send: mounted.getByRole('button', { name: 'Send' }) as HTMLButtonElement,
    };
  }

  it('has the header, the empty state and the input bar with labelled icon buttons', async () => {
    const { getByRole, getByText, textbox } = await openChat({
      'brand-name': 'Acme',
      'welcome-message': 'Hello from Acme!',
      'voice-provider': 'demo',
    });
    expect(getByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(getByText('Online')).toBeTruthy();
    expect(getByText('Start a conversation by typing a message below')).toBeTruthy();
    expect(getByText('Hello from Acme!')).toBeTruthy();
    expect(textbox.placeholder).toBe('Your message…');
    expect(textbox.getAttribute('enterkeyhint')).toBe('send');
    for (const name of ['Back', 'New chat', 'Start call', 'Attach image', 'Send'])
      expect(getByRole('button', { name })).toBeTruthy();
  });

  it("shows the theme's quick actions as chips that send their label", async () => {
    const { getByRole, root } = await openChat({ 'quick-actions': 'Size guide|Contact support' });
    const chips = getByRole('group', { name: 'Suggestions' });
    expect([...chips.querySelectorAll('button')].map((chip) => chip.textContent)).toEqual([
      'Size guide',
      'Contact support',
    ]);
    getByRole('button', { name: 'Size guide' }).click();
    await eventually(() => expect(root.querySelector('.message.user')?.textContent).toContain('Size guide'));
  });

  it('disables send for empty or blank text', async () => {
    const { textbox, send } = await openChat();
    expect(send.disabled).toBe(true);
    typeInto(textbox, '   \n ');
    await eventually(() => expect(send.disabled).toBe(true));
    typeInto(textbox, 'Hello');
    await eventually(() => expect(send.disabled).toBe(false));
  });

  it('Enter sends the trimmed text and clears the box; Shift+Enter keeps the newline', async () => {
    const { textbox, root } = await openChat();
    typeInto(textbox, 'first line');
    expect(pressKey(textbox, 'Enter', { shiftKey: true })).toBe(true);
    typeInto(textbox, 'first line\nsecond line  ');
    expect(pressKey(textbox, 'Enter')).toBe(false);
    await eventually(() =>
      expect(root.querySelector('.message.user .bubble')?.textContent).toBe('first line\nsecond line'),
    );
    await eventually(() => expect(textbox.value).toBe(''));
  });

  it('does not send on Enter while an input method is composing', async () => {
    const { textbox, root } = await openChat();
    typeInto(textbox, 'にほん');
    expect(pressKey(textbox, 'Enter', { isComposing: true })).toBe(true);
    expect(root.querySelector('.message.user')).toBeNull();
  });

  it('the send button sends', async () => {
    const { textbox, send, root } = await openChat();
    typeInto(textbox, 'Hello');
    await eventually(() => expect(send.disabled).toBe(false));
    send.click();
    await eventually(() => expect(root.querySelector('.message.user .bubble')?.textContent).toBe('Hello'));
  });

  it('grows the text box with its content up to a maximum', async () => {
    const { textbox } = await openChat();
    expect(Number(textbox.getAttribute('rows'))).toBe(1);
    typeInto(textbox, 'a\nb\nc');
    await eventually(() => expect(Number(textbox.getAttribute('rows'))).toBe(3));
    typeInto(textbox, Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n'));
    await eventually(() => expect(Number(textbox.getAttribute('rows'))).toBe(5));
  });

  it('"New chat" clears the messages; Back returns home', async () => {
    const { el, getByRole, findByText, findByRole, root } = await openChat();
    el.sendMessage('Hello');
    await eventually(() => expect(root.querySelectorAll('.message')).toHaveLength(2));
    getByRole('button', { name: 'New chat' }).click();
    await findByText('Start a conversation by typing a message below');
    expect(root.querySelectorAll('.message')).toHaveLength(0);
    getByRole('button', { name: 'Back' }).click();
    await findByRole('heading', { name: /Welcome to/ });
  });

  it('keeps the unsent text when the visitor leaves the chat and comes back', async () => {
    const { el, textbox, findByRole, getByRole } = await openChat();
    typeInto(textbox, 'half-written question');
    getByRole('button', { name: 'Back' }).click();
    await findByRole('heading', { name: /Welcome to/ });
    el.startChat();
    const again = (await findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    expect(again.value).toBe('half-written question');
  });
});
