import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build, transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { joinedStylesheet, rawCssPlugin } from '../../build/stylesheets.mjs';

// The widget's stylesheet is one file a view or component in src/ui/styles/, listed in src/ui/styles.css
// in the cascade's order. The build and the tests must read one text: the parts joined in that order,
// each followed by the blank line that separated the sections of the one file they were cut from.
const root = path.resolve(__dirname, '../..');
const list = readFileSync(path.join(root, 'src/ui/styles.css'), 'utf8');
const listed = [...list.matchAll(/^@import '\.\/styles\/([\w-]+\.css)';$/gm)].map((match) => match[1] as string);
const folder = path.join(root, 'src/ui/styles');
const expected = listed.map((name) => readFileSync(path.join(folder, name), 'utf8')).join('\n');

describe('the stylesheet in parts', () => {
  it('lists every file of src/ui/styles/ once, and only those', () => {
    const files = readdirSync(folder).filter((file) => file.endsWith('.css'));
    expect(listed.length).toBeGreaterThan(1);
    expect([...listed].sort()).toEqual([...files].sort());
    expect(new Set(listed).size).toBe(listed.length);
    // Nothing but comments and the list: a rule written here would be lost to the join.
    const rest = list.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^@import '[^']+';$/gm, '');
    expect(rest.trim()).toBe('');
  });

  it('keeps each part whole: its own line break at the end, no blank line at either end', () => {
    for (const name of listed) {
      const text = readFileSync(path.join(folder, name), 'utf8');
      expect({ name, ends: text.endsWith('}\n') || text.endsWith('*/\n'), blank: /^\s*\n|\n\n$/.test(text) }).toEqual({
        name,
        ends: true,
        blank: false,
      });
    }
  });

  it('is the text the size report and the tests read: the parts in the listed order', async () => {
    expect((await joinedStylesheet(path.join(root, 'src/ui/styles.css'))).css).toBe(expected);
  });

  it('is the text the build minifies: the parts in the listed order', async () => {
    const result = await build({
      stdin: { contents: "import css from './src/ui/styles.css?raw'; export default css;", resolveDir: root },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'stylesheet',
      plugins: [rawCssPlugin],
      logLevel: 'silent',
    });
    const { code } = await transform(expected, { loader: 'css', minify: true });
    const built = new Function(`${result.outputFiles[0]?.text}; return stylesheet.default;`)() as string;
    expect(built).toBe(code.trim());
  });
});
