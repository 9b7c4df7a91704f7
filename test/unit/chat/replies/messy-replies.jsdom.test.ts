import { describe, expect, it } from 'vitest';
import { linkTargetNote } from '../../../../src/chat/markdown/markdown-links';
import { MAX_ELEMENTS, MAX_NESTING, TEXT_WINDOW } from '../../../../src/chat/markdown/markdown-limits';
import { loadMarkdown } from '../../../../src/chat/markdown/markdown-loader';
import '../../../../src/chat/markdown/markdown-part';
import { renderMarkdown, type MarkdownOptions } from '../../../../src/chat/markdown/markdown';
import { spokenText } from '../../../../src/chat/markdown/plain-text';
import { parseReply } from '../../../../src/chat/replies/reply-parser';
import { decodeEntities, plainTextToHtml, visibleText } from '../../../../src/chat/markdown/visible-text';
import { readReplyActions } from '../../../../src/commerce/reply-actions';
import { stripInvisible } from '../../../../src/common/invisible-characters';

// The browser's HTML parser decodes references and DOMPurify sanitises: both are faithful in jsdom (and
// in Chromium, test/e2e/security/hostile-replies.e2e.test.ts), not in happy-dom.
const OPTIONS: MarkdownOptions = { imageHosts: ['cdn.shop.example'], pageOrigin: 'https://shop.example' };

function rendered(markdown: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = renderMarkdown(markdown, OPTIONS);
  return template.content;
}

/** How many `selector` elements nest inside each other at most. */
function nesting(fragment: DocumentFragment, selector: string): number {
  let deepest = 0;
  for (const element of fragment.querySelectorAll(selector)) {
    let depth = 0;
    for (let node: Element | null = element; node; node = node.parentElement) if (node.matches(selector)) depth += 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('character references decode as text', () => {
  it.each([
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['Hoodie &#8211; Blue', 'Hoodie – Blue'],
    ['5&nbsp;EUR', '5\u00a0EUR'],
    ['a &mdash; b &#x2014; c &#X2014; d', 'a — b — c — d'],
    ['&lt;b&gt;bold&lt;/b&gt;', '<b>bold</b>'],
    ['<b>kept as written</b> &amp;', '<b>kept as written</b> &'],
    ['&bogus; &amp &#; &#x; AT&T', '&bogus; & &#; &#x; AT&T'],
    ['&#0; &#x110000; &#xD800;', '\ufffd \ufffd \ufffd'],
    ['&#150; is the Windows-1252 en dash', '– is the Windows-1252 en dash'],
    ['  leading and trailing &amp;  ', '  leading and trailing &  '],
    ['line\nbreaks &amp; tabs\tstay', 'line\nbreaks & tabs\tstay'],
  ])('%j reads %j', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });

  it('text without an ampersand is returned as it is', () => {
    const text = 'no references <here>';
    expect(decodeEntities(text)).toBe(text);
  });

  it('decoding never makes markup: the result is only ever used as text', () => {
    expect(plainTextToHtml('&lt;img src=x onerror=alert(1)&gt;\nnext')).toBe(
      '&#60;img src=x onerror=alert(1)&#62;<br>next',
    );
  });

  it('invisible characters go after decoding, so a reference cannot smuggle them in', () => {
    expect(visibleText('a&#8238;b&#x200B;c\u2066d')).toBe('abcd');
  });
});

describe('labels from a reply', () => {
  it('the title of a proposed cart action reads as text, without invisible characters', () => {
    const [proposal] = readReplyActions(
      [{ type: 'add-to-cart', variantId: '7', title: 'Hoodie &#8211; Blue\u202e &amp; Co' }],
      [],
      () => '7',
    );
    expect(proposal?.title).toBe('Hoodie – Blue & Co');
  });

  it('suggestions decode character references once, as text, and lose invisible characters', () => {
    const reply = parseReply(
      {
        output: {
          reply: 'Pick one',
          suggestions: ['Fish &amp; Chips', 'Hoodie &#8211; Blue\u202e', '&amp;amp; stays &amp;', '&lt;b&gt;'],
        },
      },
      { storeUrl: null, imageHosts: [], pageOrigin: 'https://shop.example' },
    );
    expect(reply.suggestions).toEqual(['Fish & Chips', 'Hoodie – Blue', '&amp; stays &', '<b>']);
  });
});

describe('stripInvisible', () => {
  it.each([
    ['right-to-left override', 'a\u202eb\u202cc', 'abc'],
    ['embeddings', '\u202a\u202b\u202dx', 'x'],
    ['isolates', '\u2066\u2067\u2068x\u2069', 'x'],
    ['marks', 'x\u200e\u200f', 'x'],
    ['zero-width space, joiners, word joiner', 'a\u200bb\u200cc\u200dd\u2060e', 'abcde'],
    ['byte-order mark', '\ufeffx', 'x'],
    ['ordinary text, right-to-left scripts and emoji without joiners', 'Shop مرحبا 日本 ü 👍', 'Shop مرحبا 日本 ü 👍'],
  ])('%s', (_, text, expected) => {
    expect(stripInvisible(text)).toBe(expected);
  });
});

describe('markdown nesting is capped', () => {
  it.each([
    ['quotes', `${'>'.repeat(5000)} hi`, 'blockquote', '> hi'],
    ['quotes with spaces', `${'> '.repeat(5000)}hi`, 'blockquote', '> hi'],
    ['bullets', `${'- '.repeat(5000)}hi`, 'ul', '- hi'],
    ['numbered items', `${'1. '.repeat(3000)}hi`, 'ol', '1. hi'],
    ['strong', `${'**'.repeat(2000)}x${'**'.repeat(2000)}`, 'strong, em', '**x**'],
    ['emphasis', `${'*a '.repeat(1500)}x${' a*'.repeat(1500)}`, 'em', '*a x a*'],
    ['strikethrough', `${'~~a '.repeat(1200)}x${' a~~'.repeat(1200)}`, 'del', '~~a x a~~'],
    [
      'emphasis, strong and strikethrough mixed',
      `${'*a ~~a **a '.repeat(400)}x${' a** a~~ a*'.repeat(400)}`,
      'em, strong, del',
      'a x a',
    ],
  ])('%s: at most MAX_NESTING levels, the rest shows as the text it is', (_, markdown, selector, rest) => {
    const fragment = rendered(markdown);
    expect(nesting(fragment, selector)).toBeGreaterThan(1);
    expect(nesting(fragment, selector)).toBeLessThanOrEqual(MAX_NESTING);
    expect(fragment.textContent).toContain(rest);
  });

  it('quotes nest exactly MAX_NESTING deep', () => {
    expect(nesting(rendered(`${'>'.repeat(100)} hi`), 'blockquote')).toBe(MAX_NESTING);
  });

  it('ordinary nesting is untouched', () => {
    expect(renderMarkdown('> quote\n> > inner\n\n- a\n  - b\n    - **c** and *d*', OPTIONS)).toBe(
      '<blockquote>\n<p>quote</p>\n<blockquote>\n<p>inner</p>\n</blockquote>\n</blockquote>\n<ul>\n<li>a<ul>\n<li>b<ul>\n<li><strong>c</strong> and <em>d</em></li>\n</ul>\n</li>\n</ul>\n</li>\n</ul>\n',
    );
  });
});

describe('a reply that would make more elements than a reply needs shows as plain text', () => {
  it(`more than ${MAX_ELEMENTS} elements: the text as written, line breaks kept`, () => {
    const markdown = `${'*a* '.repeat(MAX_ELEMENTS)}\nend &amp; done`;
    expect(renderMarkdown(markdown, OPTIONS)).toBe(plainTextToHtml(markdown));
    expect(rendered(markdown).querySelector('em')).toBeNull();
  });

  it(`a table of more than ${MAX_ELEMENTS} cells`, () => {
    const markdown = `|${'a|'.repeat(600)}\n|${'-|'.repeat(600)}\n|${'b|'.repeat(600)}`;
    expect(rendered(markdown).querySelector('table')).toBeNull();
  });

  it('links count twice (each target is checked): 500 links are shown, 501 are plain text', () => {
    const links = (count: number) => '[shop](https://shop.example/) '.repeat(count);
    expect(rendered(links(MAX_ELEMENTS / 2 - 1)).querySelectorAll('a')).toHaveLength(MAX_ELEMENTS / 2 - 1);
    expect(rendered(links(MAX_ELEMENTS / 2 + 1)).querySelector('a')).toBeNull();
  });

  it('a long but ordinary reply keeps its formatting', () => {
    const markdown = Array.from(
      { length: 60 },
      (_, index) => `- **Item ${index}**: [details](https://shop.example/p/${index}) and \`code\``,
    ).join('\n');
    expect(rendered(markdown).querySelectorAll('li strong')).toHaveLength(60);
  });
});

describe('the inline text window changes nothing a reply means', () => {
  const filler = 'word '.repeat(Math.ceil((TEXT_WINDOW * 2) / 5));
  it.each([
    [
      'an address after a long run of text',
      `${filler}mail help@shop.example today`,
      'a[href="mailto:help@shop.example"]',
    ],
    [
      'a web address after a long run of text',
      `${filler}see https://shop.example/sale now`,
      'a[href="https://shop.example/sale"]',
    ],
    ['emphasis after a long run of text', `${filler}**bold**`, 'strong'],
    [
      'a link after a long run without spaces',
      `${'x'.repeat(TEXT_WINDOW * 2)} [shop](https://shop.example/)`,
      'a[href="https://shop.example/"]',
    ],
  ])('%s', (_, markdown, selector) => {
    expect(rendered(markdown).querySelector(selector)).not.toBeNull();
    expect(rendered(markdown).textContent).toContain(
      markdown
        .slice(0, TEXT_WINDOW * 2)
        .trim()
        .slice(0, 40),
    );
  });
});

describe('honest links', () => {
  it.each([
    ['text naming another host', 'https://store.example', 'https://evil.example/login', 'evil.example'],
    ['a domain in a sentence', 'Visit store.example today', 'https://evil.example/', 'evil.example'],
    ['the same host', 'store.example', 'https://store.example/sale', null],
    ['www. on either side', 'www.store.example', 'https://store.example/', null],
    ['a subdomain of the named host', 'store.example', 'https://shop.store.example/', null],
    ['a port', 'store.example', 'https://store.example:8443/', null],
    ['text without a host', 'our returns page', 'https://evil.example/', null],
    ['a file name in a path', 'https://store.example/files/guide.pdf', 'https://store.example/files/guide.pdf', null],
    ['an internationalised host, shown in ASCII', 'bücher.example', 'https://bücher.example/', 'xn--bcher-kva.example'],
    ['a look-alike host (Cyrillic а)', '\u0430pple.com', 'https://apple.com/', 'apple.com'],
    ['a mail link to the named domain', 'support@store.example', 'mailto:support@store.example', null],
    ['a mail link elsewhere', 'store.example', 'mailto:scam@evil.example', 'mailto:scam@evil.example'],
    ['a phone link', 'call store.example', 'tel:+15550100', 'tel:+15550100'],
  ])('%s', (_, text, href, note) => {
    expect(linkTargetNote(text, new URL(href).href)).toBe(note);
  });

  it.each([
    [
      'the target host follows a link whose text names another',
      '[https://store.example](https://evil.example/login)',
      'https://store.example',
      ' (evil.example)',
    ],
    ['a relative link resolves to the page, which is what it names', '[shop.example](/sale)', 'shop.example', null],
    [
      'direction controls leave the text; the real host follows',
      '[\u202eelpmaxe.pohs\u202c](https://shop.example/)',
      'elpmaxe.pohs',
      ' (shop.example)',
    ],
    ['zero-width characters leave the text', '[sh\u200bop.exa\u200dmple](https://shop.example/)', 'shop.example', null],
    [
      'an autolink with an internationalised host shows its ASCII form',
      '<https://bücher.example/>',
      'https://bücher.example/',
      ' (xn--bcher-kva.example)',
    ],
    ['a link inside emphasis', '*[store.example](https://evil.example)*', 'store.example', ' (evil.example)'],
  ])('%s', (_, markdown, linkText, after) => {
    const link = rendered(markdown).querySelector('a') as HTMLAnchorElement;
    expect(link.textContent).toBe(linkText);
    expect(link.nextSibling?.textContent ?? null).toBe(after);
  });

  it('an unsafe link has no target to show, and stays text', () => {
    const fragment = rendered('[store.example](javascript:alert(1))');
    expect(fragment.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(fragment.textContent?.trim()).toBe('store.example');
  });
});

describe('what a reply reads as (the live region)', () => {
  it('before the renderer loads: the markdown without its markup, references decoded', () => {
    expect(spokenText('**Fish &amp; Chips** &mdash; [menu](https://shop.example/m)')).toBe('Fish & Chips — menu');
  });

  it('once loaded: the text the bubble shows, with the host a link notes and images by their alt text', async () => {
    await loadMarkdown();
    expect(spokenText('Fish &amp; Chips &mdash; 5&nbsp;EUR')).toBe('Fish & Chips — 5 EUR');
    expect(spokenText('Log in at [https://store.example](https://evil.example/login).')).toBe(
      'Log in at https://store.example (evil.example).',
    );
    expect(spokenText('![A red tote](https://cdn.shop.example/t.png) in stock\nline two')).toBe(
      'A red tote in stock line two',
    );
    expect(spokenText('# Title\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toBe('Title one two a b 1 2');
    expect(spokenText('`&amp;` in code stays as written')).toBe('&amp; in code stays as written');
  });
});
