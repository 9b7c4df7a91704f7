import DOMPurify, { type Config } from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { makeLinkHonest } from './markdown-links';
import { markdownLimits, tooManyElements } from './markdown-limits';
import { escapeHtml, plainTextToHtml } from './visible-text';
import { allowedImageUrl, storeRequestOf, type ImagePolicy } from '../attachments/image-policy';

/** Where bot markdown may load images from (the image rule), and what relative links resolve against. */
export type MarkdownOptions = ImagePolicy;

/** The only elements bot markdown may produce: no raw HTML, forms, frames, SVG, MathML or styles. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
];
/** The only attributes: no event handlers, `style`, `class`, `id` or data attributes. */
export const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'start', 'align', 'target', 'rel'];
const LINK_PROTOCOLS = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/** A link target bot markdown may use, made absolute; null for javascript:, data: and every other scheme. */
export function safeLink(href: string, pageOrigin: string): string | null {
  try {
    const url = new URL(href, pageOrigin);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// Lets the benchmark (and anyone profiling a store page) see when the markdown stack was evaluated.
performance.mark?.('store-assistant:markdown-evaluated');

let activeOptions: MarkdownOptions = { imageHosts: [], pageOrigin: 'https://invalid.invalid' };

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  tokenizer: markdownLimits(),
  renderer: {
    // Raw HTML in a reply is shown as the text it is, never as markup.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // An image the image rule refuses shows as its alt text, so a prompt-injected reply cannot send the
    // conversation to another server (or GET one of the store's pages) through an image URL.
    image: ({ href, title, text }: Tokens.Image) => {
      const src = allowedImageUrl(href, activeOptions);
      if (src === null) return escapeHtml(text);
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(text)}"${titleAttribute}>`;
    },
  },
});

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    const link = href === null ? null : safeLink(href, activeOptions.pageOrigin);
    node.removeAttribute('target');
    node.removeAttribute('rel');
    // A link that would change the cart or sign the visitor out is shown as its text; an add it names
    // is offered as a proposal the visitor confirms (storeAddActions).
    if (link === null || storeRequestOf(link, activeOptions.pageOrigin) !== null) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('href', link);
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
    makeLinkHonest(node, link);
  } else if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src');
    const allowed = src === null ? null : allowedImageUrl(src, activeOptions);
    if (allowed === null) node.removeAttribute('src');
    else node.setAttribute('src', allowed);
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
});

const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: [...ALLOWED_ATTR, 'referrerpolicy'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Schemes are checked again in the hook; this keeps anything but web, mail and phone links out.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'script',
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'srcset', 'formaction', 'xlink:href'],
  RETURN_TRUSTED_TYPE: false,
};

/**
 * Renders bot markdown to sanitised HTML: marked, then DOMPurify with an explicit allow-list. Links open
 * in a new tab with rel="noopener noreferrer" and never mislead about where they go, and a link that would
 * change the cart or sign the visitor out shows as text (image-policy.ts); raw HTML shows as
 * text; images follow the image rule (image-policy.ts); structure nested too deep shows as text, and a reply that
 * would make more elements than a reply needs shows as plain text (see markdown-limits.ts).
 */
export function renderMarkdown(text: string, options: MarkdownOptions): string {
  activeOptions = options;
  try {
    const tokens = marked.lexer(text);
    if (tooManyElements(tokens)) return plainTextToHtml(text);
    return purifier.sanitize(marked.parser(tokens), PURIFY_CONFIG) as unknown as string;
  } finally {
    activeOptions = { imageHosts: [], pageOrigin: 'https://invalid.invalid' };
  }
}

/** Every regular expression marked's lexer runs with this instance's options (GFM, line breaks). */
function lexerExpressions(): RegExp[] {
  const found: RegExp[] = [];
  const walk = (value: unknown): void => {
    if (value instanceof RegExp) found.push(value);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) walk(item);
  };
  // A lexer puts the rules for the options on the shared tokenizer.
  void new marked.Lexer(marked.defaults);
  walk(marked.defaults.tokenizer?.rules);
  return found;
}

/** A short reply with every construct a reply commonly has. */
const WARM_UP_SAMPLE = '**a** *b* [c](https://d.example) `e`\n\n- f\n\n> g';

/**
 * The first reply's one-time cost, paid ahead in small steps. The browser compiles each of marked's
 * regular expressions (some ninety) on its first use, and marked's and DOMPurify's functions on their
 * first call: together a task of over 100 ms on a phone if the first reply paid it. Each step here runs
 * one expression, or renders one short sample, so no step is a long task.
 */
export function warmUpSteps(): Array<() => void> {
  const exercise = (expression: RegExp) => () => {
    const { lastIndex } = expression;
    // Twice on a short text: the first run compiles it, the second lets it tier up. A short text keeps
    // the run itself negligible (some rules backtrack a lot on text they are not meant for).
    for (const text of ['a', 'a']) {
      expression.lastIndex = 0;
      expression.exec(text);
    }
    expression.lastIndex = lastIndex;
  };
  let html = '';
  return [
    ...lexerExpressions().map(exercise),
    () => void (html = marked.parser(marked.lexer(WARM_UP_SAMPLE))),
    () => void purifier.sanitize(html, PURIFY_CONFIG),
    () => void renderMarkdown(WARM_UP_SAMPLE, { imageHosts: [], pageOrigin: location.origin }),
  ];
}

/** Whether this browser can sanitise; without it bot text is shown as plain text. */
export const sanitizerSupported: boolean = purifier.isSupported;
