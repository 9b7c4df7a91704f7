// @ts-check
// Replies an unlucky model, a buggy workflow or a prompt injection can send, each as long as the widget
// shows (10,000 characters): deep nesting, long delimiter runs, many links, entities and raw HTML. Used
// by the benchmark (the main-thread cost of rendering each) and the browser tests (none breaks the widget).

/** The longest reply text the widget shows (MAX_REPLY_TEXT in src/chat/replies/reply-parser.ts). */
export const REPLY_LIMIT = 10_000;

/** `unit` repeated to `length` characters. */
const fill = (/** @type {string} */ unit, length = REPLY_LIMIT) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
/**
 * `open` repeated, `middle`, then `close` repeated, together `length` characters.
 * @param {string} open
 * @param {string} middle
 * @param {string} close
 */
const around = (open, middle, close, length = REPLY_LIMIT) => {
  const count = Math.floor((length - middle.length) / (open.length + close.length));
  return open.repeat(count) + middle + close.repeat(count);
};
/**
 * Lines made by `line(index)` until the reply is full.
 * @param {(index: number) => string} line
 */
const lines = (line, length = REPLY_LIMIT) => {
  const out = [];
  for (let index = 0; out.join('\n').length < length; index++) out.push(line(index));
  return out.join('\n').slice(0, length);
};

/**
 * Hostile replies by name, each as long as the widget shows.
 * @type {Readonly<Record<string, string>>}
 */
export const HOSTILE_REPLIES = {
  'nested quotes': `${'>'.repeat(REPLY_LIMIT - 3)} hi`,
  'nested quotes, spaced': fill('> ', REPLY_LIMIT - 2) + 'hi',
  'nested bullets': fill('- ', REPLY_LIMIT - 2) + 'hi',
  'nested numbered items': fill('1. ', REPLY_LIMIT - 2) + 'hi',
  'quotes and lists': fill('> - ', REPLY_LIMIT - 2) + 'hi',
  'indented list staircase': lines((index) => `${' '.repeat(2 * index)}- item ${index}`),
  'quote staircase': lines((index) => `${'>'.repeat(index)} line ${index}`),
  'nested emphasis': around('*a ', 'x', ' a*'),
  'nested emphasis, strong and strikethrough': around('*a ~~a **a ', 'x', ' a** a~~ a*'),
  'stacked delimiters': around('*_', 'x', '_*'),
  'nested strong': around('**', 'x', '**'),
  'asterisk runs': around('*', 'x', '*'),
  'underscore runs': around('_', 'x', '_'),
  'openers then closers': around('*a ', '', 'b* '),
  'nested strikethrough': around('~~a ', 'x', ' a~~'),
  'nested links': around('[', 'x', '](https://a.example)'),
  'nested images': around('![', 'x', '](https://a.example/i.png)'),
  'unclosed brackets': fill('[a'),
  'backtick pairs': fill('`a` '),
  'backtick run': '`'.repeat(REPLY_LIMIT),
  'alternating bang': fill('!a'),
  'alternating underscore': fill('a_'),
  'alternating asterisk': fill('*a'),
  'http without a url': fill('http'),
  'address characters before an at': `${fill('a.b_', REPLY_LIMIT - 12)}@x.example`,
  'many links': fill('[shop.example](https://evil.example/p) '),
  'many autolinks': fill('www.a.example '),
  'link text of hosts': `[${fill('a.example ', REPLY_LIMIT - 24)}](https://b.example)`,
  'bidirectional controls in links': fill('[\u202eelpmaxe.pohs\u202c](https://x.example) '),
  entities: fill('&amp;&#8211;&mdash;&#x1F600;&nbsp;&bogus; '),
  'raw html': fill('<b onclick=alert(1)>'),
  'less-than signs': '<'.repeat(REPLY_LIMIT),
  'wide table': `|${fill('a|', REPLY_LIMIT / 2 - 2)}\n|${fill('-|', REPLY_LIMIT / 2 - 2)}`,
  'table rows': `| a | b |\n|---|---|\n${lines((index) => `| ${index} | **${index}** |`, REPLY_LIMIT - 20)}`,
  'headings and rules': lines((index) => (index % 2 ? '---' : `# heading ${index}`)),
  'one long line': fill('word '),
  'unicode controls': fill('a\u202e\u200b\u2066b\ufeff\u0000 '),
};
