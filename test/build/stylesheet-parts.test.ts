import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build, transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { joinedStylesheet, rawCssPlugin } from '../../build/stylesheets.mjs';

// The widget's stylesheet is one file a view or component in src/ui/styles/, listed in the cascade's
// order by two lists: src/ui/first-view.css (what the launcher drawn first needs, adopted first) and
// src/ui/styles.css (the rest, adopted after it); the generated icon sprites sit beside them in src/ui/.
// The build and the tests must read one text per list: its parts joined in that order, each followed by
// the blank line that separated the sections of the one file they were cut from.
const root = path.resolve(__dirname, '../..');
const ui = path.join(root, 'src/ui');
const folder = path.join(ui, 'styles');
const LISTS = ['first-view.css', 'styles.css'];
const listedIn = (list: string) =>
  [...readFileSync(path.join(ui, list), 'utf8').matchAll(/^@import '\.\/([\w/-]+\.css)';$/gm)].map(
    (match) => match[1] as string,
  );
const expectedJoin = (list: string) =>
  listedIn(list)
    .map((name) => readFileSync(path.join(ui, name), 'utf8'))
    .join('\n');
const listedParts = LISTS.flatMap(listedIn).filter((name) => name.startsWith('styles/'));

describe('the stylesheet in parts', () => {
  it('lists every file of src/ui/styles/ once, in one of the two lists, and only those', () => {
    const files = readdirSync(folder).filter((file) => file.endsWith('.css'));
    expect(listedParts.length).toBeGreaterThan(1);
    expect(listedParts.map((name) => name.replace('styles/', '')).sort()).toEqual([...files].sort());
    expect(new Set(listedParts).size).toBe(listedParts.length);
    for (const list of LISTS) {
      // Nothing but comments and the list: a rule written here would be lost to the join.
      const text = readFileSync(path.join(ui, list), 'utf8');
      const rest = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^@import '[^']+';$/gm, '');
      expect({ list, rest: rest.trim() }).toEqual({ list, rest: '' });
    }
  });

  it('has the icons’ sprite in the rest, not in the first view’s (the launcher drawn first draws its icon inline)', () => {
    expect(listedIn('first-view.css')).not.toContain('icons.css');
    expect(listedIn('styles.css')).toContain('icons.css');
  });

  it('keeps each part whole: its own line break at the end, no blank line at either end', () => {
    for (const name of listedParts) {
      const text = readFileSync(path.join(ui, name), 'utf8');
      expect({ name, ends: text.endsWith('}\n') || text.endsWith('*/\n'), blank: /^\s*\n|\n\n$/.test(text) }).toEqual({
        name,
        ends: true,
        blank: false,
      });
    }
  });

  it.each(LISTS)('%s is the text the size report and the tests read: the parts in the listed order', async (list) => {
    expect((await joinedStylesheet(path.join(ui, list))).css).toBe(expectedJoin(list));
  });

  it.each(LISTS)('%s is the text the build minifies: the parts in the listed order', async (list) => {
    const result = await build({
      stdin: { contents: `import css from './src/ui/${list}?raw'; export default css;`, resolveDir: root },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'stylesheet',
      plugins: [rawCssPlugin],
      logLevel: 'silent',
    });
    const { code } = await transform(expectedJoin(list), { loader: 'css', minify: true });
    const built = new Function(`${result.outputFiles[0]?.text}; return stylesheet.default;`)() as string;
    expect(built).toBe(code.trim());
  });
});
