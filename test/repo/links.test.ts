import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is short and sends its readers to docs/ for everything else: a link that leads nowhere
// (a page renamed, a heading reworded) would strand them. Every relative link of the README, the
// contributing guide and the pages under docs/ must name a file that exists, and an `#anchor` into one
// of our markdown files a heading it has.
const root = path.resolve(__dirname, '../..');
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Inline code: a run of backticks, the code, and a run of the same length (` ```json ` is one span). */
const CODE_SPAN = /(?<!`)(`+)(?!`)([^\n]*?[^`\n])\1(?!`)/g;

/** The text outside fenced code blocks and inline code, where markdown links are links. */
function prose(markdown: string): string {
  return markdown
    .split(/^```.*$/m)
    .filter((_, index) => index % 2 === 0)
    .join('\n')
    .replace(CODE_SPAN, '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown.replace(CODE_SPAN, '$2')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = (heading as string)
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** The relative link targets of a markdown page: `[text](target)`, `<img src>` and `<a href>`. */
export function relativeLinks(markdown: string): string[] {
  const text = prose(markdown);
  const targets = [
    ...text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g),
    ...text.matchAll(/\s(?:src|href)="([^"]+)"/g),
  ].map((match) => match[1] as string);
  return targets.filter((target) => !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(target));
}

/** What is wrong with each relative link of the page `file` (a path under `root`), as `file: target`. */
export function brokenLinks(root: string, file: string, markdown: string): string[] {
  return relativeLinks(markdown).flatMap((target) => {
    const [pathPart = '', anchor] = target.split('#');
    if (!pathPart) return headingAnchors(markdown).has(anchor ?? '') ? [] : [`${file}: ${target} (no such heading)`];
    const resolved = path.join(path.dirname(path.join(root, file)), decodeURIComponent(pathPart));
    if (!existsSync(resolved)) return [`${file}: ${target} (no such file)`];
    if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) return [];
    return headingAnchors(readFileSync(resolved, 'utf8')).has(anchor) ? [] : [`${file}: ${target} (no such heading)`];
  });
}

describe('links in the README, CONTRIBUTING.md and docs/', () => {
  it('covers the README, the contributing guide and the topic pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/webhook.md', 'docs/api.md']));
  });

  it.each(pages)('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(root, file, readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });

  it('the README links to every topic page', () => {
    const linked = relativeLinks(readFileSync(path.join(root, 'README.md'), 'utf8')).map(
      (target) => target.split('#')[0],
    );
    const topics = pages.filter((file) => file.startsWith('docs/') && file !== 'docs/architecture.md');
    expect(topics.filter((file) => !linked.includes(file))).toEqual([]);
  });
});

describe('the link check', () => {
  const page = [
    '# Quick start',
    '## Quick start',
    '## Cart and Content-Security-Policy',
    '## `persist` and **consent**',
    '[ok](#quick-start) [ok](#quick-start-1) [ok](#cart-and-content-security-policy) [ok](#persist-and-consent)',
    '[ok](README.md) [ok](docs/api.md#events) <img src="docs/screenshots/chat-phone.png"> [web](https://example.com/x)',
    '[gone](guides/missing.md) [gone](#no-such-heading) [gone](README.md#no-such-section) <img src="nope.png">',
    '`[code](not-a-link.md)` and ` ```json ` then `![](/cart/add?id=1)`',
    '```',
    '[fenced](not-a-link-either.md)',
    '```',
  ].join('\n');

  it('names each link to a missing file or heading, and nothing else', () => {
    expect(brokenLinks(root, 'page.md', page)).toEqual([
      'page.md: guides/missing.md (no such file)',
      'page.md: #no-such-heading (no such heading)',
      'page.md: README.md#no-such-section (no such heading)',
      'page.md: nope.png (no such file)',
    ]);
  });
});
