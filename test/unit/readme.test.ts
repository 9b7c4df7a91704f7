import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_DOCS } from '../../src/element/attribute-docs';
import { ATTRIBUTE_NAMES } from '../../src/element/attributes';
import { EVENTS } from '../../src/element/events';
import { METHODS } from '../../src/element/methods';
import { THEME_CSS_VARIABLES } from '../../src/theme/css-variables';

// The README's reference tables are what store owners read; they must say what the code does.
const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const cell = (text: string) => text.replace(/\|/g, '\\|');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

describe('README reference tables', () => {
  it('documents exactly the attributes the element has', () => {
    expect(Object.keys(ATTRIBUTE_DOCS)).toEqual([...ATTRIBUTE_NAMES]);
  });

  it.each(Object.entries(ATTRIBUTE_DOCS))('documents attribute %s with its default', (name, { doc, default: fallback }) => {
    expect(readme).toContain(`| \`${name}\` | ${cell(fallback)} | ${cell(doc)} |`);
  });

  it.each(Object.entries(METHODS))('documents method %s', (signature, doc) => {
    expect(readme).toContain(`| \`${signature}\` | ${cell(doc)} |`);
  });

  it.each(Object.keys(EVENTS))('documents event store-assistant:%s', (name) => {
    expect(readme).toContain(`| \`store-assistant:${name}\` |`);
  });

  it.each(Object.values(THEME_CSS_VARIABLES))('documents CSS custom property %s', (property) => {
    expect(readme).toContain(`| \`${property}\` |`);
  });

  it('documents every CSS custom property the stylesheet reads from the page', () => {
    const css = ['src/ui/styles.css', 'src/ui/icons.css'].map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
    const read = new Set([...css.matchAll(/var\((--sa-[a-z-]+)/g)].map((match) => match[1]));
    const defined = new Set([...css.matchAll(/(--sa-[a-z-]+):/g)].map((match) => match[1]));
    const undocumented = [...read].filter((property) => !defined.has(property) && !readme.includes(`\`${property}\``));
    expect(undocumented).toEqual([]);
  });

  it('documents every CSS part', () => {
    const parts = new Set(
      sourceFiles(path.join(root, 'src')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/part=(?:"([^"]+)"|\{`([^`]+)`\})/g)].flatMap((match) => (match[1] ?? match[2] ?? '').split(/\s+/)),
      ),
    );
    const partsLine = readme.slice(readme.indexOf('## CSS parts'));
    for (const part of parts) {
      const names = part.includes('${') ? [part.replace(/\$\{[^}]+\}/, 'user'), part.replace(/\$\{[^}]+\}/, 'bot')] : [part];
      for (const name of names) expect(partsLine).toContain(`\`${name}\``);
    }
  });
});

describe('element methods', () => {
  it('implements every documented method', async () => {
    await import('../../src/index');
    await customElements.whenDefined('store-assistant');
    const element = customElements.get('store-assistant') as CustomElementConstructor;
    for (const signature of Object.keys(METHODS)) {
      expect(typeof (element.prototype as Record<string, unknown>)[signature.replace(/\(.*$/, '')]).toBe('function');
    }
  });
});
