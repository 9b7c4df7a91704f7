import { describe, expect, it, vi } from 'vitest';
import { FAKE_IMAGE_DATA_URL } from '../support/fake-deps';
import { hangingResponder, jsonReply, n8nStream, textReply } from '../support/fetch';
import { eventually, mountWidget, typeInto, type MountOptions } from './helpers';

// Decoding and re-encoding an image needs a real canvas; the component tests use a ready-made result.
vi.mock('../../src/chat/attachments/image-attachment', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/chat/attachments/image-attachment')>()),
  prepareImage: vi.fn(async () => ({ dataUrl: FAKE_IMAGE_DATA_URL, width: 10, height: 10 })),
}));

async function openChat(attributes: Record<string, string> = {}, reply?: MountOptions['reply']) {
  const mounted = await mountWidget(attributes, { reply });
  mounted.el.startChat();
  await mounted.findByRole('textbox', { name: 'Message' });
  return mounted;
}

const products = [
  {
    title: 'Linen Shirt',
    description: 'Breathable',
    url: 'https://shop.example/p/shirt',
    image: 'https://cdn.example/shirt.jpg',
    price: '$64.00',
  },
  { name: 'Canvas Tote', description: 'Sturdy', productUrl: 'javascript:alert(1)', imageUrl: 'javascript:alert(1)' },
];

describe('chat flow', () => {
  it('shows the typing dots and disables the input while a reply is awaited', async () => {
    let answer: (response: Response) => void = () => undefined;
    // One reply for the one request, whenever the widget sends it (a task after the message shows).
    const reply = new Promise<Response>((resolve) => (answer = resolve));
    const { el, root, getByRole, findByText } = await openChat({}, () => reply);
    el.sendMessage('Hi');
    await eventually(() => expect(root.querySelector('.typing-indicator')).not.toBeNull());
    expect(root.querySelector('.typing-indicator')?.getAttribute('role')).toBe('status');
    expect(root.querySelector('.typing-indicator')?.textContent).toContain('is typing');
    // Disabled for typing and sending, but read-only rather than `disabled`, so it keeps focus.
    const textbox = getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect([textbox.readOnly, textbox.getAttribute('aria-disabled')]).toEqual([true, 'true']);
    answer(textReply('Here I am'));
    await findByText('Here I am');
    expect(root.querySelector('.typing-indicator')).toBeNull();
    expect([textbox.readOnly, textbox.getAttribute('aria-disabled')]).toEqual([false, null]);
  });

  it('renders a markdown reply with product cards under it', async () => {
    // The store lists the CDN its card images come from.
    const { el, root, findByRole, getAllByRole } = await openChat({ 'image-hosts': 'cdn.example' }, () =>
      jsonReply({ output: { reply: 'Try **these**:', products } }),
    );
    el.sendMessage('shirts?');
    const list = await findByRole('list', { name: 'Products' });
    // A new reply is revealed frame by frame, as text, and shows its markdown once it is whole.
    await eventually(() => expect(root.querySelector('.message.bot .bubble strong')?.textContent).toBe('these'));
    const cards = list.querySelectorAll('.product-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.querySelector('.product-title')?.textContent).toBe('Linen Shirt');
    // A written price keeps its decimals, as the cart strip writes its total.
    expect(cards[0]?.querySelector('.product-price')?.textContent).toBe('$64.00');
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/shirt.jpg');
    const link = getAllByRole('link', { name: /View product/ })[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('https://shop.example/p/shirt');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    // The unsafe card keeps its text but loses its link and image.
    expect(cards[1]?.querySelector('a')).toBeNull();
    expect(cards[1]?.querySelector('img')).toBeNull();
  });

  it('reveals a reply character by character with a blinking cursor; a click shows it whole', async () => {
    const reply = 'A fairly long reply that takes a while to type out at twenty milliseconds per character.';
    const { el, root } = await openChat({ 'typing-speed': '20' }, () => textReply(reply));
    el.sendMessage('Hi');
    await eventually(() => expect(root.querySelector('.typing-cursor')).not.toBeNull());
    const bubble = root.querySelector('.message.bot .bubble') as HTMLElement;
    await eventually(() => expect(bubble.textContent?.length).toBeGreaterThan(0));
    expect(bubble.textContent?.length).toBeLessThan(reply.length);
    bubble.click();
    await eventually(() => expect(bubble.textContent?.trim()).toBe(reply));
    expect(root.querySelector('.typing-cursor')).toBeNull();
  });

  it('with prefers-reduced-motion shows the reply at once', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('reduce'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const { el, root, findByText } = await openChat({ 'typing-speed': '50' }, () => textReply('Instant reply'));
    el.sendMessage('Hi');
    await findByText('Instant reply');
    expect(root.querySelector('.typing-cursor')).toBeNull();
  });

  it('shows a streamed reply as it arrives', async () => {
    const { el, findByText } = await openChat({}, () => n8nStream(['Streaming ', 'works ', 'fine'], 20));
    el.sendMessage('tell me');
    await findByText('Streaming works fine');
  });

  it('a failed reply shows "Oops!" with Retry; Retry sends the same message and the visitor text is kept', async () => {
    let fail = true;
    const { el, root, requests, findByRole, findByText } = await openChat({}, () =>
      fail ? new Response('<h1>500</h1>', { status: 500 }) : textReply('Back online'),
    );
    const errors = vi.fn();
    el.addEventListener('store-assistant:error', errors);
    el.sendMessage('Where is order 42?');
    await findByText('Oops! Something went wrong. Try again later.');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(root.querySelector('.message.user')?.textContent).toContain('Where is order 42?');
    fail = false;
    (await findByRole('button', { name: 'Retry' })).click();
    await findByText('Back online');
    expect(requests.map((request) => (request.body as { message: string }).message)).toEqual([
      'Where is order 42?',
      'Where is order 42?',
    ]);
    expect(root.querySelectorAll('.message.user')).toHaveLength(1);
    // The live region reads the new reply once it is revealed, in place of the failure.
    await eventually(() => expect(root.textContent).not.toContain('Oops!'));
  });

  it('without a webhook keeps the typed text, tells the visitor politely and the owner in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { el, getByRole, findByRole } = await mountWidget({ 'webhook-url': '' });
    el.startChat();
    const textbox = (await findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    typeInto(textbox, 'Hello?');
    await eventually(() => expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    getByRole('button', { name: 'Send' }).click();
    expect((await findByRole('alert')).textContent).toBe("Chat isn't available right now.");
    expect(textbox.value).toBe('Hello?');
    expect(warn).toHaveBeenCalledWith(
      '[store-assistant] chat is not configured for this store yet: set the webhook-url attribute',
    );
    warn.mockRestore();
  });

  it('emits store-assistant:message for the visitor and the bot', async () => {
    const { el, findByText } = await openChat({}, () => textReply('Reply'));
    const messages = vi.fn();
    el.addEventListener('store-assistant:message', messages);
    el.sendMessage('Question');
    await findByText('Reply');
    expect(messages.mock.calls.map(([event]) => (event as CustomEvent).detail.sender)).toEqual(['user', 'bot']);
  });

  it('"New chat" cancels a reply in flight and clears the typing dots', async () => {
    const { el, root, requests, getByRole, findByText } = await openChat({}, hangingResponder);
    el.sendMessage('Hi');
    await eventually(() => expect(root.querySelector('.typing-indicator')).not.toBeNull());
    // The dots show at once; the request goes out a task later, after the widget yields to the page.
    await eventually(() => expect(requests).toHaveLength(1));
    getByRole('button', { name: 'New chat' }).click();
    await findByText('Start a conversation by typing a message below');
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(root.querySelector('.typing-indicator')).toBeNull();
  });
});

describe('image attachments', () => {
  function choose(root: ShadowRoot, file: File) {
    const input = root.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }

  it('accepts only images, with a clear message otherwise', async () => {
    const { root, findByRole } = await openChat();
    expect((root.querySelector('input[type="file"]') as HTMLInputElement).accept).toBe('image/*');
    choose(root, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect((await findByRole('alert')).textContent).toContain('Only images can be attached');
  });

  it('previews the image with a remove button, then sends it inline and shows it small', async () => {
    const { root, requests, getByRole, findByRole, findByText } = await openChat();
    choose(root, new File(['x'], 'shoe.png', { type: 'image/png' }));
    const preview = await findByRole('img', { name: 'Attached image' });
    expect(preview.getAttribute('src')).toBe(FAKE_IMAGE_DATA_URL);
    getByRole('button', { name: 'Remove image' }).click();
    await eventually(() => expect(root.querySelector('.attachment-preview')).toBeNull());

    choose(root, new File(['x'], 'shoe.png', { type: 'image/png' }));
    await findByRole('img', { name: 'Attached image' });
    typeInto(getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement, 'Do you have this?');
    await eventually(() => expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    getByRole('button', { name: 'Send' }).click();
    await eventually(() =>
      expect(root.querySelector('.message.user img.attached-image')?.getAttribute('src')).toBe(FAKE_IMAGE_DATA_URL),
    );
    expect(root.querySelector('.message.user .user-text')?.textContent).toBe('Do you have this?');
    // The message shows at once; the request goes out a task later, after the widget yields to the page.
    await eventually(() => expect(requests).toHaveLength(1));
    expect((requests[0]?.body as { message: string }).message).toBe(
      `Do you have this?\n\n![image](${FAKE_IMAGE_DATA_URL})`,
    );
    // The reply is awaited, so its save lands before the next test's clean storage.
    await findByText('Hello from the store');
  });
});

describe('saved conversations', () => {
  it('a conversation survives the widget being reloaded, and the Chats view reopens older ones', async () => {
    const first = await openChat({}, (request) => textReply(`About ${(request.body as { message: string }).message}`));
    first.el.sendMessage('shoes');
    await first.findByText('About shoes');
    first.getByRole('button', { name: 'New chat' }).click();
    first.el.sendMessage('bags');
    await first.findByText('About bags');
    first.el.remove();
    await Promise.resolve();

    const second = await mountWidget({}, { reply: () => textReply('x') });
    // The visitor left in the chat view, so that is where they come back to.
    await second.findByText('About bags');
    second.getByRole('button', { name: 'Back' }).click();
    (await second.findByRole('button', { name: 'Chats' })).click();
    const list = await second.findByRole('list', { name: 'Saved conversations' });
    expect([...list.querySelectorAll('.list-action-title')].map((title) => title.textContent)).toEqual([
      'bags',
      'shoes',
    ]);
    (list.querySelectorAll('button')[1] as HTMLButtonElement).click();
    await second.findByText('About shoes');
  });
});
