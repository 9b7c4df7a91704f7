import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/chat/replies/products';
import { jsonReply } from '../support/fetch';
import { eventually, mountWidget, type MountOptions } from './helpers';

// A card titled "render bug" throws while rendering, as a bug in any part of one message would.
vi.mock('../../src/ui/chat/product-cards', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/ui/chat/product-cards')>();
  return {
    ProductCards: (props: { products: Product[] }) => {
      if (props.products.some((product) => product.title === 'render bug')) throw new Error('render bug');
      return original.ProductCards(props as Parameters<typeof original.ProductCards>[0]);
    },
  };
});

async function openChat(reply: MountOptions['reply'], attributes: Record<string, string> = {}) {
  const mounted = await mountWidget(attributes, { reply });
  mounted.el.startChat();
  await mounted.findByRole('textbox', { name: 'Message' });
  return mounted;
}

const liveRegion = (root: ShadowRoot) => root.querySelector('[aria-live="polite"]')?.textContent ?? '';
const bots = (root: ShadowRoot) => [...root.querySelectorAll('.message.bot')];

describe('a hostile reply stays inside its message', () => {
  it('a reply of 5,000 nested quotes renders (the levels past the cap as text) and the chat goes on', async () => {
    const replies = ['>'.repeat(5000) + ' hi', 'Still here'];
    const { el, root, getByRole } = await openChat(() => jsonReply({ output: replies.shift() }));
    el.sendMessage('quote me');
    await eventually(() => expect(bots(root)).toHaveLength(1));
    expect(root.querySelector('[role="alert"]')).toBeNull();
    // How deep it nests is checked in jsdom and in Chromium (test/unit/chat/markdown/, test/e2e/security).
    expect(bots(root)[0]?.querySelector('.bubble')?.textContent).toContain('> hi');
    expect(bots(root)[0]?.querySelectorAll('blockquote').length).toBeLessThanOrEqual(8);
    expect((getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(false);
    el.sendMessage('and then?');
    await eventually(() => expect(bots(root).at(-1)?.textContent).toContain('Still here'));
  });

  it('a message that fails to render shows as plain text; the others, the input and new replies keep working', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const replies = [
      { output: { reply: 'First **answer**' } },
      {
        output: {
          reply: 'Broken **cards** below\nsecond line',
          products: [{ title: 'render bug', url: 'https://shop.example/p' }],
        },
      },
      { output: { reply: 'Third **answer**' } },
    ];
    const { el, root, getByRole } = await openChat(() => jsonReply(replies.shift()));
    for (const question of ['one', 'two', 'three']) {
      // Sending waits while a reply is awaited.
      await eventually(() => expect(el.sendMessage(question)).toBe(true));
      await eventually(() => expect(bots(root).length).toBe(root.querySelectorAll('.message.user').length));
    }
    await eventually(() => expect(bots(root)).toHaveLength(3));
    // A new reply is revealed frame by frame, as text, and shows its markdown once it is whole.
    await eventually(() =>
      expect(bots(root).map((bot) => bot.querySelector('strong')?.textContent)).toEqual([
        'answer',
        undefined,
        'answer',
      ]),
    );
    expect(root.querySelector('[role="alert"]')).toBeNull();
    const [first, broken, third] = bots(root);
    expect(first?.querySelector('strong')?.textContent).toBe('answer');
    expect(third?.querySelector('strong')?.textContent).toBe('answer');
    // The failed message keeps its text, as written, line by line.
    expect(broken?.querySelector('.bubble')?.innerHTML).toBe('Broken **cards** below<br>second line');
    expect(broken?.querySelector('.sr-only')?.textContent).toBe('Assistant: ');
    expect(consoleWarn).toHaveBeenCalledWith('[store-assistant] a message shows as plain text', expect.any(Error));
    expect((getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(false);
  });
});

describe('text fidelity in the widget', () => {
  it('cards, the bubble and the live region show character references as text, and read what is shown', async () => {
    const reply = {
      output: 'Fish &amp; Chips &mdash; 5&nbsp;EUR',
      products: [
        {
          title: 'Tom &amp; Jerry',
          description: 'Hoodie &#8211; Blue &#x2014; &lt;b&gt;soft&lt;/b&gt; &bogus;',
          price: '5&nbsp;EUR',
          url: 'https://shop.example/p',
        },
      ],
    };
    const { el, root } = await openChat(() => jsonReply(reply));
    el.sendMessage('fish?');
    await eventually(() => expect(root.querySelector('.product-card')).not.toBeNull());
    expect(root.querySelector('.product-title')?.textContent).toBe('Tom & Jerry');
    expect(root.querySelector('.product-description')?.textContent).toBe('Hoodie – Blue — <b>soft</b> &bogus;');
    expect(root.querySelector('.product-description b')).toBeNull();
    expect(root.querySelector('.product-price')?.textContent).toBe('€5.00');
    expect(bots(root)[0]?.querySelector('.bubble')?.textContent?.trim()).toBe('Fish & Chips — 5\u00a0EUR');
    await eventually(() => expect(liveRegion(root)).toBe('Assistant: Fish & Chips — 5 EUR Products: Tom & Jerry.'));
  });

  it('quick-action chips show and send their label decoded; the brand name loses hidden direction controls', async () => {
    const { root, getByRole, requests } = await openChat(() => jsonReply({ output: 'ok' }), {
      'quick-actions': JSON.stringify(['Fish &amp; Chips', 'Sizes']),
      'brand-name': 'Acme\u202e\u200b Store',
    });
    expect(root.querySelector('.chat-header h2')?.textContent).toBe('Acme Store');
    getByRole('button', { name: 'Fish & Chips' }).click();
    await eventually(() => expect(requests).toHaveLength(1));
    expect((requests[0]?.body as { message: string }).message).toBe('Fish & Chips');
  });
});
