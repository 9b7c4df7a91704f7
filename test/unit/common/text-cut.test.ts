import { afterEach, describe, expect, it, vi } from 'vitest';
import { capText, cutText } from '../../../src/common/text-cut';
import { MAX_REPLY_TEXT, parseReply } from '../../../src/chat/replies/reply-parser';
import { MAX_SUGGESTION_LENGTH } from '../../../src/chat/replies/suggestions';
import { MAX_TITLE_LENGTH } from '../../../src/chat/replies/products';

const CONTEXT = { storeUrl: null, pageOrigin: 'https://shop.example', imageHosts: [] };
/** No lone surrogate anywhere: what would show as "�". */
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const THUMBS = '\u{1F44D}\u{1F3FD}';
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';

afterEach(() => vi.unstubAllGlobals());

describe('cutting text on grapheme boundaries', () => {
  it('never splits a surrogate pair or an emoji sequence, and keeps text that fits', () => {
    expect(cutText('ab\u{1F600}', 3)).toBe('ab');
    expect(cutText(`a${FAMILY}`, 5)).toBe('a');
    expect(cutText(`a${THUMBS}b`, 4)).toBe('a');
    expect(cutText(`a${THUMBS}b`, 5)).toBe(`a${THUMBS}`);
    expect(cutText('hello', 10)).toBe('hello');
    expect(capText('hello world', 8)).toBe('hello w…');
  });

  it('without Intl.Segmenter, still never leaves half a surrogate pair', async () => {
    vi.resetModules();
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    const fallback = await import('../../../src/common/text-cut');
    expect(fallback.cutText('ab\u{1F600}c', 3)).toBe('ab');
    expect(wellFormed(fallback.capText(`${'x'.repeat(10)}\u{1F600}`, 12))).toBe(true);
  });

  it('cuts a megabyte as fast as a line', () => {
    const huge = '\u{1F600}'.repeat(500_000);
    const started = performance.now();
    const cut = cutText(huge, 10_001);
    expect(cut.length).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('every cap on reply text ends on a whole character', () => {
  it.each([1, 2, 3])('a reply at the cap, offset %i, ends in whole emoji', (offset) => {
    const text = `${'a'.repeat(MAX_REPLY_TEXT - offset)}${'\u{1F600}'.repeat(5)}`;
    const reply = parseReply(text, CONTEXT);
    expect(reply.truncated).toBe(true);
    expect(wellFormed(reply.text)).toBe(true);
  });

  it('a suggestion and a card title cut at their caps keep whole emoji', () => {
    const suggestion = `${'s'.repeat(MAX_SUGGESTION_LENGTH - 2)}${FAMILY}${'\u{1F600}'.repeat(3)}`;
    const title = `${'t'.repeat(MAX_TITLE_LENGTH - 2)}${'\u{1F600}'.repeat(3)}`;
    const reply = parseReply(
      { output: 'Pick one', suggestions: [suggestion], products: [{ title, url: 'https://shop.example/p' }] },
      CONTEXT,
    );
    const [chip] = reply.suggestions ?? [];
    const [card] = reply.products;
    expect(chip && wellFormed(chip)).toBe(true);
    expect(chip?.endsWith('…')).toBe(true);
    expect(card && wellFormed(card.title)).toBe(true);
    expect(card?.title.endsWith('…')).toBe(true);
  });
});
