import fc from 'fast-check';

/** The longest reply text the widget shows (src/chat/replies/reply-parser.ts MAX_REPLY_TEXT). */
const REPLY_LIMIT = 10_000;

/** Pieces of markup that break parsers: nesting, delimiters, entities, brackets, HTML, controls. */
const MARKUP = [
  '>',
  '> ',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '1) ',
  '# ',
  '###### ',
  '**',
  '*',
  '_',
  '__',
  '~~',
  '~',
  '`',
  '``',
  '```',
  '\n```\n',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](',
  '][',
  ']: ',
  '<',
  '>',
  '</',
  '/>',
  '|',
  '---',
  '===',
  '\\',
  '\n',
  '\n\n',
  '  \n',
  '\t',
  '    ',
  '&',
  ';',
  '#',
  '&amp;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&#39;',
  '&nbsp;',
  '&mdash;',
  '&#8211;',
  '&#x2014;',
  '&#0;',
  '&#x110000;',
  '&bogus;',
  '&amp',
  '&#',
  '&#x',
  'http://',
  'https://',
  'www.',
  'mailto:',
  'tel:',
  'javascript:',
  'JaVaScRiPt:',
  'data:text/html,',
  'vbscript:',
  '//',
  '@',
  '.example',
  'shop.example',
  'evil.example',
  'xn--bcher-kva.example',
  'bücher.example',
  'аpple.com',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src=//evil.example>',
  '<style>*{}</style>',
  '<svg onload=alert(1)>',
  '<b style="color:red" onclick=alert(1)>',
  '<!--',
  '-->',
  '<![CDATA[',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2060',
  '\ufeff',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
  'a',
  'word',
  ' ',
  'ü',
  '日本',
  '👨‍👩‍👧',
  'مرحبا',
];

/** One piece of markup, or arbitrary text. */
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...MARKUP) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12, unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: 0x10ffff })
      .map((code) => (code % 2 ? `&#${code};` : `&#x${code.toString(16)};`)),
  },
);

/** A link or an image with generated text and target. */
const link = fc
  .tuple(
    fc.constantFrom('[', '!['),
    fc.array(piece, { maxLength: 4 }),
    fc.oneof(fc.webUrl(), fc.constantFrom(...MARKUP), fc.string({ maxLength: 20 })),
    fc.option(fc.string({ maxLength: 8 })),
  )
  .map(([open, text, target, title]) => `${open}${text.join('')}](${target}${title === null ? '' : ` "${title}"`})`);

/** A piece repeated: deep nesting and long runs (`>>>>…`, `- - - …`, `****…`, `[[[[…`). */
const repeated = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 3 }), fc.integer({ min: 2, max: 3000 }))
  .map(([parts, times]) => parts.join('').repeat(times));

/**
 * Markdown-ish reply text: markup pieces, links, long repeated runs and very long lines, at most as long
 * as a reply the widget shows.
 */
export const markdownish: fc.Arbitrary<string> = fc
  .array(
    fc.oneof({ weight: 8, arbitrary: piece }, { weight: 2, arbitrary: link }, { weight: 1, arbitrary: repeated }),
    { maxLength: 60 },
  )
  .map((parts) => parts.join('').slice(0, REPLY_LIMIT));

/** A value that looks like a product: the fields the normaliser reads, with hostile or odd values. */
export const productish: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    title: fc.oneof(markdownish, fc.string(), fc.integer(), fc.constant('')),
    name: fc.oneof(fc.string(), markdownish),
    description: fc.oneof(markdownish, fc.string({ maxLength: 2000 })),
    summary: fc.string(),
    url: fc.oneof(fc.webUrl(), fc.constantFrom(...MARKUP), fc.string(), fc.constant('/p/1')),
    productUrl: fc.oneof(fc.webUrl(), fc.string()),
    link: fc.string(),
    image: fc.oneof(
      fc.webUrl(),
      fc.constantFrom(
        'data:image/png;base64,iVBORw0KGgo=',
        'data:image/svg+xml,<svg onload=alert(1)>',
        'javascript:alert(1)',
      ),
      fc.string(),
    ),
    imageUrl: fc.oneof(fc.webUrl(), fc.string()),
    price: fc.oneof(fc.double(), fc.integer(), fc.string(), markdownish),
    currency: fc.oneof(fc.constantFrom('EUR', 'USD', 'XXX', 'ZZZ', 'eur'), fc.string({ maxLength: 4 })),
  },
  { requiredKeys: [] },
);

/** Reply bodies: any JSON, the documented shapes with generated content, and markdown-ish text. */
export const replyBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  markdownish,
  fc.json(),
  fc.record(
    {
      output: fc.oneof(
        markdownish,
        fc.jsonValue(),
        fc.record({ reply: markdownish, products: fc.array(productish, { maxLength: 30 }) }),
      ),
      text: markdownish,
      reply: markdownish,
      messages: fc.array(
        fc.record({
          role: fc.constantFrom('assistant', 'user', 'bot', 'system', 'x'),
          content: fc.oneof(markdownish, fc.jsonValue()),
        }),
        { maxLength: 5 },
      ),
      products: fc.oneof(fc.array(productish, { maxLength: 30 }), productish, fc.jsonValue()),
      card: productish,
      cards: fc.array(productish, { maxLength: 5 }),
      json: fc.jsonValue(),
      suggestions: fc.array(fc.oneof(markdownish, fc.string(), fc.jsonValue()), { maxLength: 10 }),
      quickReplies: fc.array(fc.string(), { maxLength: 10 }),
    },
    { requiredKeys: [] },
  ),
  fc.array(fc.record({ json: fc.record({ output: markdownish }, { requiredKeys: [] }) }), { maxLength: 4 }),
);

/**
 * A fixture input: a string, or parts where `[unit, times]` stands for `unit` repeated (so a reply of
 * 5,000 `>` stays one line in the JSON file).
 */
export type FixtureText = string | (string | [string, number])[];

/** The text a {@link FixtureText} stands for. */
export function expand(input: FixtureText): string {
  return typeof input === 'string'
    ? input
    : input.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');
}
