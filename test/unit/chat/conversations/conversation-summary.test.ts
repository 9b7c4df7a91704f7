import { describe, expect, it, vi } from 'vitest';
import { previewText, summarise } from '../../../../src/chat/conversations/conversation-summary';
import type { Message } from '../../../../src/chat/message';

let ids = 0;
const message = (sender: Message['sender'], content: string, extra: Partial<Message> = {}): Message => ({
  id: `m${++ids}`,
  sender,
  content,
  timestamp: ids,
  ...extra,
});
const conversation = (...messages: Message[]) => ({ id: 'c', updatedAt: 1, messages, removed: [] });

describe('a chat is named after the first message that says something', () => {
  it('skips the greeting "Ask a question" sends: the visitor question names it', () => {
    const summary = summarise(
      conversation(
        message('user', 'Hi'),
        message('bot', 'Hello! How can I help?'),
        message('user', 'Do you ship to Canada?'),
        message('bot', 'Yes, in **3–5 days**.'),
      ),
    );
    expect(summary.title).toBe('Do you ship to Canada?');
    expect(summary.preview).toBe('Yes, in 3–5 days.');
  });

  it('with only the greeting asked, the reply names it', () => {
    const summary = summarise(conversation(message('user', 'Hi!'), message('bot', 'Welcome to **Linen & Co**.')));
    expect(summary.title).toBe('Welcome to Linen & Co.');
  });

  it('skips the greeting marked as such in any language, without knowing its words', () => {
    for (const greeting of ['Cześć', 'こんにちは', 'Γεια σας', 'नमस्ते']) {
      const opened = conversation(message('user', greeting, { greeting: true }), message('bot', 'Answer'));
      expect(summarise(opened).title).toBe('Answer');
      // The same words typed by the visitor, unmarked, are what they said.
      expect(summarise(conversation(message('user', greeting), message('bot', 'Answer'))).title).toBe(greeting);
    }
  });

  it('skips the greeting of a chat saved before greetings were marked, in the languages of then, and the store’s own wording', () => {
    for (const greeting of ['Hi', 'Hallo', 'Hola', 'Bonjour', 'مرحبًا']) {
      const summary = summarise(conversation(message('user', greeting), message('bot', 'Answer')));
      expect(summary.title).toBe('Answer');
    }
    const own = summarise(conversation(message('user', 'Howdy'), message('bot', 'Answer')), 'Howdy');
    expect(own.title).toBe('Answer');
  });

  it('a widget notice names nothing; the greeting is the title only when nothing else was said', () => {
    const failed = message('bot', 'Oops! Something went wrong.', { origin: 'widget', status: 'error' });
    const summary = summarise(conversation(message('user', 'Hi'), failed));
    expect(summary.title).toBe('Hi');
    expect(summary.preview).toBe('Oops! Something went wrong.');
  });

  it('five chats started by "Ask a question" get five titles', () => {
    const titles = ['Sizes?', 'Returns?', 'Shipping?', 'Gift cards?', 'Care?'].map(
      (question) =>
        summarise(conversation(message('user', 'Hi'), message('bot', 'Hello'), message('user', question))).title,
    );
    expect(new Set(titles).size).toBe(5);
  });
});

describe('a preview is plain text of every kind of markdown', () => {
  it('a table reads as its cells, without pipes or the delimiter row', () => {
    const text = previewText('Our sizes:\n\n| Size | Chest (cm) |\n|---|:---:|\n| S | 88–92 |\n| M | 96–100 |');
    expect(text).toBe('Our sizes: Size · Chest (cm) S · 88–92 M · 96–100');
    expect(text).not.toMatch(/[|]|--/);
  });

  it('lists, headings, quotes, rules, code, links, images and emphasis read as words', () => {
    const markdown = [
      '## Care guide',
      '> Wash *cold*',
      '- Use **mild** soap',
      '1. Dry __flat__',
      '***',
      '```ts',
      'const tip = `iron`;',
      '```',
      'See [our guide](https://shop.example/care "Care") and ![a shirt](https://shop.example/s.png)',
      'Also [the FAQ][faq] and ~~old~~ `inline` advice.',
      '',
      '[faq]: https://shop.example/faq',
    ].join('\n');
    const text = previewText(markdown);
    expect(text).toBe(
      'Care guide Wash cold Use mild soap Dry flat const tip = iron; See our guide and a shirt Also the FAQ and old inline advice.',
    );
    expect(text).not.toMatch(/[#>*_`~[\]()]|https?:/);
  });

  it('the Chats list shows the plain preview of a table reply', () => {
    const reply = message('bot', '| Size | Chest (cm) |\n|---|---|\n| S | 88 |');
    const summary = summarise(conversation(message('user', 'Size guide?'), reply));
    expect(summary.preview).toBe('Size · Chest (cm) S · 88');
  });
});

describe('the greetings saved before the mark', () => {
  it('are put in comparable form on the first summary, not while the script is evaluated', async () => {
    vi.resetModules();
    const normalize = vi.spyOn(String.prototype, 'normalize');
    try {
      const fresh = await import('../../../../src/chat/conversations/conversation-summary');
      expect(normalize).not.toHaveBeenCalled();
      const summary = fresh.summarise(conversation(message('user', 'Bonjour !'), message('bot', 'Bienvenue')));
      expect(summary.title).toBe('Bienvenue');
      expect(normalize).toHaveBeenCalled();
    } finally {
      normalize.mockRestore();
    }
  });
});
