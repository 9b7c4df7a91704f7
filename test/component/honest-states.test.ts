import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hangingResponder, jsonReply, textReply } from '../support/fetch';
import { fakeVoiceClient } from '../support/fake-voice';
import { eventually, mountWidget, typeInto, type MountOptions } from './helpers';

// States the widget shows honestly: the header's status line, voice controls only where a call can
// work, failures as system lines, the end of a call, colour schemes, and product pictures that fail.

const voice = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import('../support/fake-voice').fakeVoiceClient>,
}));
vi.mock('../../src/voice/create-voice-client', () => ({
  createVoiceClient: vi.fn(async () => {
    if (!voice.current) throw new Error('no fake client');
    return voice.current.client;
  }),
}));
vi.mock('../../src/voice/microphone', () => ({ requestMicrophone: vi.fn(async () => 'granted') }));

beforeEach(() => {
  voice.current = fakeVoiceClient();
});

async function openChat(attributes: Record<string, string> = {}, reply?: MountOptions['reply']) {
  const mounted = await mountWidget(attributes, { reply });
  mounted.el.startChat();
  await mounted.findByRole('textbox', { name: 'Message' });
  return mounted;
}

const status = (root: ShadowRoot) => root.querySelector('.chat-header .status')?.textContent;

describe("the header's status line", () => {
  it('says "Online", then "Typing…" while a reply is awaited', async () => {
    const { el, root } = await openChat({}, hangingResponder);
    expect(status(root)).toBe('Online');
    el.sendMessage('Hi');
    await eventually(() => expect(status(root)).toBe('Typing…'));
  });

  it('says "Offline" when chat is not configured, and when the browser goes offline', async () => {
    const unconfigured = await openChat({ 'webhook-url': '' });
    expect(status(unconfigured.root)).toBe('Offline');
    unconfigured.el.remove();

    const { root } = await openChat();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await eventually(() => expect(status(root)).toBe('Offline'));
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(status(root)).toBe('Online'));
  });

  it('says "Listening…" and "Speaking…" during a call', async () => {
    const { getByRole, root } = await openChat({ 'voice-provider': 'demo' });
    getByRole('button', { name: 'Start call' }).click();
    await eventually(() => expect(root.querySelector('.call-bar')).not.toBeNull());
    voice.current?.emit('call-start');
    await eventually(() => expect(status(root)).toBe('Listening…'));
    voice.current?.emit('speech-start');
    await eventually(() => expect(status(root)).toBe('Speaking…'));
  });
});

describe('voice controls only where a call can work', () => {
  it.each([
    ['no voice attributes', {}, false],
    ['a public key alone', { 'vapi-public-key': 'pk_1' }, false],
    ['an assistant without a key', { 'vapi-assistant-id': 'asst_1' }, false],
    ['a key and an assistant', { 'vapi-public-key': 'pk_1', 'vapi-assistant-id': 'asst_1' }, true],
    ['a key and a squad', { 'vapi-public-key': 'pk_1', 'vapi-squad-id': 'squad_1' }, true],
    ['a key and a workflow', { 'vapi-public-key': 'pk_1', 'vapi-workflow-id': 'wf_1' }, true],
    ['the demo provider', { 'voice-provider': 'demo' }, true],
  ])('%s (%j): call controls shown = %s', async (_, attributes, shown) => {
    const { el, queryByRole, findByRole } = await mountWidget(attributes);
    expect(queryByRole('button', { name: 'Start a live call' }) !== null).toBe(shown);
    el.startChat();
    await findByRole('textbox', { name: 'Message' });
    expect(queryByRole('button', { name: 'Start call' }) !== null).toBe(shown);
  });
});

describe('the conversation', () => {
  it("a failed reply is a system line under the visitor's message, with Retry inline", async () => {
    let fail = true;
    const { el, root, findByRole } = await openChat({}, () =>
      fail ? new Response('boom', { status: 500 }) : textReply('Fine now'),
    );
    el.sendMessage('Where is my order?');
    const retry = await findByRole('button', { name: 'Retry' });
    const line = retry.closest('.system-line.failed');
    expect(line?.textContent).toContain('Oops! Something went wrong. Try again later.');
    expect(line?.previousElementSibling?.classList.contains('user')).toBe(true);
    // Still a bot message (it counts as one), but not a bubble.
    expect(line?.matches('.message.bot')).toBe(true);
    expect(root.querySelector('.message.bot .bubble')).toBeNull();
    fail = false;
    retry.click();
    await eventually(() => expect(root.querySelector('.system-line.failed')).toBeNull());
  });

  it('a call that ended leaves "Call ended · 0:02" under its last line, with a microphone beside each line', async () => {
    const { getByRole, root } = await openChat({ 'voice-provider': 'demo' });
    getByRole('button', { name: 'Start call' }).click();
    await eventually(() => expect(root.querySelector('.call-bar')).not.toBeNull());
    // The call's two seconds pass on a fake clock alone: real time, however long a loaded machine takes, adds none.
    vi.useFakeTimers();
    try {
      voice.current?.emit('call-start');
      voice.current?.transcript('user', 'Do you ship to Canada?');
      voice.current?.transcript('assistant', 'Yes, in three days.');
      await vi.advanceTimersByTimeAsync(2000);
      voice.current?.emit('call-end');
      await eventually(() =>
        expect(root.querySelector('.messages-content > .message-chunk .system-line')?.textContent).toBe(
          'Call ended · 0:02',
        ),
      );
      expect(root.querySelectorAll('.message-chunk .message.voice .icon-mic')).toHaveLength(2);
      expect(root.querySelector('.system-line')?.previousElementSibling?.textContent).toContain('Yes, in three days.');
    } finally {
      vi.useRealTimers();
    }
  });

  it("the visitor's microphone level has a meter of its own, beside the assistant's", async () => {
    const { getByRole, findByRole } = await openChat({ 'voice-provider': 'demo' });
    getByRole('button', { name: 'Start call' }).click();
    await findByRole('button', { name: 'End call' });
    voice.current?.emit('call-start');
    voice.current?.emit('local-volume-level', 0.6);
    const meter = await findByRole('meter', { name: 'Your microphone level' });
    await eventually(() =>
      expect([meter.getAttribute('aria-valuenow'), meter.getAttribute('data-level')]).toEqual(['60', '3']),
    );
    expect(getByRole('meter', { name: 'Assistant voice level' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('focus passes from the call button to the end button and back', async () => {
    const { getByRole, findByRole, root } = await openChat({ 'voice-provider': 'demo' });
    const callButton = getByRole('button', { name: 'Start call' });
    callButton.focus();
    callButton.click();
    const end = await findByRole('button', { name: 'End call' });
    await eventually(() => expect(root.activeElement).toBe(end));
    voice.current?.emit('call-start');
    end.click();
    await eventually(() => expect(root.activeElement?.getAttribute('aria-label')).toBe('Start call'));
  });

  it('the Chats view previews the last message as plain text, with when it was written', async () => {
    const { el, getByRole, findByRole, findByText } = await openChat({}, () =>
      jsonReply({ output: 'We have **linen** shirts: [see them](https://shop.example/linen)' }),
    );
    el.sendMessage('Shirts?');
    await findByText('linen');
    getByRole('button', { name: 'Back' }).click();
    (await findByRole('button', { name: 'Chats' })).click();
    const list = await findByRole('list', { name: 'Saved conversations' });
    expect(list.querySelector('.list-action-detail')?.firstChild?.textContent).toBe('We have linen shirts: see them');
    expect(list.querySelector('.when')?.textContent).toBe('now');
  });
});

describe('sections and schemes', () => {
  it('Chats and FAQ keep the brand header, with a close button in floating mode', async () => {
    const { getByRole, findByRole, root } = await mountWidget({ mode: 'floating', open: '' });
    for (const [section, title] of [
      ['Chats', 'Chats'],
      ['FAQ', 'Frequently asked questions'],
    ] as const) {
      getByRole('button', { name: section }).click();
      const heading = await findByRole('heading', { name: title });
      const header = heading.closest('.section-header');
      expect(header?.classList.contains('on-primary')).toBe(true);
      expect(header?.querySelector('[aria-label="Close chat"]')).not.toBeNull();
    }
    expect(root.querySelectorAll('.card [aria-label="Close chat"]')).toHaveLength(1);
  });

  it.each([
    [{}, false, 'light'],
    [{ 'color-scheme': 'dark' }, false, 'dark'],
    [{ 'color-scheme': 'auto' }, true, 'dark'],
    [{ 'color-scheme': 'auto' }, false, 'light'],
    [{ 'color-scheme': 'light' }, true, 'light'],
  ])('%j on a system that prefers dark = %s: %s', async (attributes, systemDark, scheme) => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: systemDark && query.includes('dark'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const { root } = await mountWidget(attributes);
    expect(root.querySelector('.root')?.getAttribute('data-scheme')).toBe(scheme);
  });
});

describe('product cards', () => {
  const products = [
    {
      title: 'Linen Shirt',
      url: 'https://shop.example/p/shirt',
      image: 'https://cdn.example/shirt.jpg',
      price: '$64.00',
    },
    { title: 'Canvas Tote', url: 'https://shop.example/p/tote', price: 30 },
  ];

  it('a picture that fails to load gives way to the placeholder a card without a picture has', async () => {
    const { el, root, findByRole } = await openChat({}, () => jsonReply({ reply: 'Two picks', products }));
    el.sendMessage('Shirts?');
    await findByRole('list', { name: 'Products' });
    const [first, second] = [...root.querySelectorAll('.product-media')];
    expect(second?.querySelector('img')).toBeNull();
    expect(second?.querySelector('.icon-package')).not.toBeNull();
    first?.querySelector('img')?.dispatchEvent(new Event('error'));
    await eventually(() => expect(first?.querySelector('img')).toBeNull());
    expect(first?.innerHTML).toBe(second?.innerHTML);
  });

  it("each card is one link with one clear button, and the carousel's scroll buttons stay out of the tab order", async () => {
    const { el, root, findByRole, getAllByRole } = await openChat({}, () =>
      jsonReply({ reply: 'Two picks', products }),
    );
    el.sendMessage('Shirts?');
    await findByRole('list', { name: 'Products' });
    expect(getAllByRole('link', { name: /View product/ }).map((link) => link.textContent)).toEqual([
      'View product: Linen Shirt',
      'View product: Canvas Tote',
    ]);
    expect(
      [...root.querySelectorAll('.carousel-button')].map((button) => [
        button.getAttribute('tabindex'),
        button.getAttribute('aria-hidden'),
      ]),
    ).toEqual([
      ['-1', 'true'],
      ['-1', 'true'],
    ]);
  });
});

describe('the text box', () => {
  it('keeps focus from sending until the reply has landed', async () => {
    let answer: (response: Response) => void = () => undefined;
    // One reply for the one request, whenever the widget sends it (a task after the message shows).
    const reply = new Promise<Response>((resolve) => (answer = resolve));
    const { root, getByRole, findByText } = await openChat({}, () => reply);
    const textbox = getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    textbox.focus();
    typeInto(textbox, 'Hello');
    await eventually(() => expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    getByRole('button', { name: 'Send' }).click();
    await eventually(() => expect(textbox.readOnly).toBe(true));
    expect(root.activeElement).toBe(textbox);
    answer(textReply('Hi there'));
    await findByText('Hi there');
    expect(root.activeElement).toBe(textbox);
    expect(textbox.readOnly).toBe(false);
  });
});
