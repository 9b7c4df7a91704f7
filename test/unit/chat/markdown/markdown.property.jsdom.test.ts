import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ELEMENTS, MAX_NESTING } from '../../../../src/chat/markdown/markdown-limits';
import {
  ALLOWED_ATTR,
  ALLOWED_TAGS,
  renderMarkdown,
  type MarkdownOptions,
} from '../../../../src/chat/markdown/markdown';
import { expand, markdownish } from '../../../support/arbitraries';
import { TEST_TIMEOUT_MS } from '../../../support/patience';
import { checkProperty, messyFixtures } from '../../../support/property';
import { elementDepth, unsafeMarkup } from '../../../support/safe-output';

// Generated replies through the real sanitiser, in jsdom (DOMPurify is trusted only in a real DOM).
const OPTIONS: MarkdownOptions = {
  imageHosts: ['cdn.shop.example', '*.images.example'],
  pageOrigin: 'https://shop.example',
};
const allowedTags = new Set([...ALLOWED_TAGS.map((tag) => tag.toUpperCase()), 'TEMPLATE']);
const allowedAttributes = new Set([...ALLOWED_ATTR, 'referrerpolicy']);
const imageAllowed = (src: string) =>
  /^https:\/\/(?:shop\.example|cdn\.shop\.example|[^/]+\.images\.example)\//.test(src);

/**
 * Output bounds: escaping makes a character at most six (`&#39;`), a link or image adds its attributes,
 * the host note and at most the page origin to its target; every element needs markup of its own.
 */
const MAX_HTML_PER_CHARACTER = 24;
const MAX_HTML_OVERHEAD = 200;
/** Lists nest two elements per level (ul, li), inline markup one, plus a paragraph, a table's rows and cells. */
const MAX_DEPTH = 3 * MAX_NESTING + 6;

function rendered(markdown: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = renderMarkdown(markdown, OPTIONS);
  return template.content;
}

/** Every rule a rendered reply keeps; throws with what broke. */
function expectSafeAndBounded(markdown: string): void {
  const html = renderMarkdown(markdown, OPTIONS);
  expect(renderMarkdown(markdown, OPTIONS), 'the same input renders the same').toBe(html);
  const fragment = rendered(markdown);
  expect(unsafeMarkup(fragment, imageAllowed)).toEqual([]);
  const elements = [...fragment.querySelectorAll('*')];
  expect(elements.filter((element) => !allowedTags.has(element.tagName)).map((element) => element.tagName)).toEqual([]);
  expect(
    elements
      .flatMap((element) => [...element.attributes].map((attribute) => attribute.name))
      .filter((name) => !allowedAttributes.has(name)),
  ).toEqual([]);
  expect(html.length).toBeLessThanOrEqual(markdown.length * MAX_HTML_PER_CHARACTER + MAX_HTML_OVERHEAD);
  // Tables count their cells, and rows and sections add at most as many again; a reply shown as plain
  // text has a line break per line.
  expect(elements.length).toBeLessThanOrEqual(2 * MAX_ELEMENTS + 4 + (markdown.match(/\n/g)?.length ?? 0));
  expect(elementDepth(fragment)).toBeLessThanOrEqual(MAX_DEPTH);
}

describe('renderMarkdown on generated replies', () => {
  it('never throws, renders nothing unsafe, stays bounded and renders the same input the same way', () => {
    checkProperty(fc.property(markdownish, (markdown) => expectSafeAndBounded(markdown)));
  }, 600_000);

  // Each is CPU work and nothing else (the largest, a thousand quotes through jsdom's DOMPurify, takes a
  // second on an idle machine and ten with both cores busy): the limit bounds a hang, not the machine.
  it.each(messyFixtures.markdown.map((fixture) => [fixture.note, expand(fixture.input)] as const))(
    'regression: %s',
    (_, markdown) => {
      expectSafeAndBounded(markdown);
    },
    TEST_TIMEOUT_MS,
  );
});
