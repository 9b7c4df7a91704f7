import { Tokenizer, walkTokens, type Token, type TokenizerObject, type Tokens } from 'marked';

/**
 * How deep quotes and lists may nest in a reply, and, counted separately, emphasis, strikethrough and
 * links. Real replies rarely go past three; anything deeper is shown as the text it is written in.
 */
export const MAX_NESTING = 8;

/** The most characters one step of inline text reads (see {@link markdownLimits}). */
export const TEXT_WINDOW = 256;

/**
 * The most elements one reply renders. Each costs the sanitiser and the layout time, and a reply of a
 * few screens needs a few hundred; a reply that would make more (thousands of `*a*`, hundreds of links, a
 * table thousands of cells wide) shows as plain text.
 */
export const MAX_ELEMENTS = 1_000;

/** Tokens that render as text rather than as an element. */
const TEXT_TOKENS = new Set(['text', 'escape', 'space', 'def', 'html']);
/** Links and images count twice: each target is parsed and checked twice, and a link's text read for hosts. */
const CHECKED_TOKENS = new Set(['link', 'image']);

/** Whether `tokens` would render more than {@link MAX_ELEMENTS} elements (a table counts its cells). */
export function tooManyElements(tokens: Token[]): boolean {
  let count = 0;
  walkTokens(tokens, (token) => {
    if (TEXT_TOKENS.has(token.type)) return;
    if (token.type === 'table')
      count += (token as Tokens.Table).header.length * ((token as Tokens.Table).rows.length + 1);
    else count += CHECKED_TOKENS.has(token.type) ? 2 : 1;
  });
  return count > MAX_ELEMENTS;
}

/** The tokenizers that call the lexer again on their own content: each is one level of nesting. */
const NESTING_TOKENIZERS = ['blockquote', 'list', 'emStrong', 'del', 'link', 'reflink'] as const;

type TokenizerMethod = (this: Tokenizer, ...args: unknown[]) => unknown;

/**
 * marked's tokenizers with two limits, so no reply within the size limit costs more than a few
 * milliseconds or overflows the stack:
 * - Nesting stops at {@link MAX_NESTING}. marked lexes nested structure by recursion, so a few thousand
 *   `>` would overflow the stack. At the cap a tokenizer finds nothing, so the lexer reads the line as a
 *   paragraph (or the delimiter as text), as it reads any line that starts no structure. Block nesting is
 *   done before inline content is lexed, so the two share one counter without adding up.
 * - Inline text reads at most {@link TEXT_WINDOW} characters per step, cut after a space when there is
 *   one (no link or address holds a space); a bare e-mail address is looked for only where an `@`
 *   follows within that window (a local part has at most 64 characters). marked's text and address
 *   rules read a whole run of address characters at every step, so a long run of `*`, `_`, `!` or
 *   letters took time growing with the square of its length.
 */
export function markdownLimits(): TokenizerObject {
  let depth = 0;
  const limited: Record<string, TokenizerMethod> = {};
  for (const name of NESTING_TOKENIZERS) {
    const tokenize = Tokenizer.prototype[name] as TokenizerMethod;
    limited[name] = function (...args) {
      if (depth >= MAX_NESTING) return undefined;
      depth += 1;
      try {
        return tokenize.apply(this, args);
      } finally {
        depth -= 1;
      }
    };
  }
  limited.inlineText = function (src) {
    let text = src as string;
    if (text.length > TEXT_WINDOW) {
      const space = text.lastIndexOf(' ', TEXT_WINDOW - 1);
      text = text.slice(0, space > 0 ? space + 1 : TEXT_WINDOW);
    }
    return Tokenizer.prototype.inlineText.call(this, text);
  };
  limited.url = function (src) {
    const text = src as string;
    const mayStartUrl = /^(?:https?:|ftp:|www\.|mailto:|xmpp:)/i.test(text) || text.slice(0, TEXT_WINDOW).includes('@');
    return mayStartUrl ? Tokenizer.prototype.url.call(this, text) : undefined;
  };
  return limited as TokenizerObject;
}
