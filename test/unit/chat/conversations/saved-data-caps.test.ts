import { describe, expect, it } from 'vitest';
import { readConversation, storageKeys } from '../../../../src/chat/conversations/conversation-storage';
import { MAX_PRODUCTS } from '../../../../src/chat/replies/products';
import { MAX_REPLY_TEXT } from '../../../../src/chat/replies/reply-parser';
import { memoryStorage } from '../../../../src/common/storage';

/** Saved data is untrusted input too: it passes through the same caps and sanitising as a live reply. */
const CONTEXT = { storeUrl: 'https://shop.example/', pageOrigin: 'https://shop.example', imageHosts: [] };
const KEYS = storageKeys('https://hooks.example/chat');

function load(messages: unknown[]) {
  const storage = memoryStorage({
    [`${KEYS.conversation}a`]: JSON.stringify({ version: 2, id: 'a', updatedAt: 1, messages }),
  });
  return readConversation(storage, KEYS, 'a', CONTEXT)?.messages ?? [];
}

describe('saved conversations on load', () => {
  it(`a saved reply with 5,000 cards and 60,000 characters shows ${MAX_PRODUCTS} cards and ${MAX_REPLY_TEXT} characters, marked shortened`, () => {
    const cards = Array.from({ length: 5_000 }, (_, index) => ({
      title: `Card ${index}`,
      url: `https://shop.example/p/${index}`,
    }));
    const [reply] = load([{ id: 'r', sender: 'bot', timestamp: 1, content: 'word '.repeat(12_000), products: cards }]);
    expect(reply?.products).toHaveLength(MAX_PRODUCTS);
    expect(reply?.content.length).toBeLessThanOrEqual(MAX_REPLY_TEXT + 1);
    expect(reply?.truncated).toBe(true);
  });

  it('a saved card image from a host the image rule refuses is dropped, as in a live reply', () => {
    const [reply] = load([
      {
        id: 'r',
        sender: 'bot',
        timestamp: 1,
        content: 'Cards',
        products: [
          { title: 'A', image: 'https://attacker.example/x.png?d=secret' },
          { title: 'B', image: '/img/b.png' },
        ],
      },
    ]);
    expect(reply?.products?.map((product) => product.image)).toEqual([undefined, 'https://shop.example/img/b.png']);
  });

  it("a visitor's long message with an attached image is kept whole", () => {
    const content = `Look at this\n\n![image](data:image/jpeg;base64,${'A'.repeat(100_000)})`;
    expect(load([{ id: 'u', sender: 'user', timestamp: 1, content }])[0]?.content).toBe(content);
  });
});
