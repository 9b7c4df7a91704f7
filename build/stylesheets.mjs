// @ts-check
// The widget's stylesheet is one file a view or component in src/ui/styles/; src/ui/styles.css lists
// them, in the cascade's order, as @import lines. A constructed stylesheet cannot @import, so the build
// (build.mjs), the size report (build/bundle-parts.mjs) and the tests (vitest.config.ts) all read the
// one text these join them into.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';

const IMPORT = /^@import '(\.\/[\w/-]+\.css)';$/;

/**
 * The files a stylesheet's CSS import lines name, in order, as absolute paths; empty for a stylesheet
 * with none. Anything else beside them (other than comments) is refused: the list is a list.
 * @param {string} file
 * @param {string} text the file's text
 * @returns {string[]}
 */
export function listedStylesheets(file, text) {
  const lines = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (!lines.some((line) => line.startsWith('@import'))) return [];
  return lines.map((line) => {
    const listed = IMPORT.exec(line)?.[1];
    if (!listed) throw new Error(`${file}: a list of stylesheets holds only lines @import './name.css'; not: ${line}`);
    return path.resolve(path.dirname(file), listed);
  });
}

/**
 * The stylesheet `file` as one text: the files it lists, in order, each followed by a blank line but
 * the last (each part ends with its own line break); a stylesheet that lists none, as it is.
 * @param {string} file
 * @returns {Promise<{ css: string; parts: string[] }>}
 */
export async function joinedStylesheet(file) {
  const text = await readFile(file, 'utf8');
  const parts = listedStylesheets(file, text);
  if (parts.length === 0) return { css: text, parts };
  const texts = await Promise.all(parts.map((part) => readFile(part, 'utf8')));
  return { css: texts.join('\n'), parts };
}

/**
 * `import css from './x.css?raw'` gives the minified stylesheet as a string, the files a list of CSS
 * import lines names joined first (above; the tests' Vite configuration does the same).
 * @type {import('esbuild').Plugin}
 */
export const rawCssPlugin = {
  name: 'raw-css',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\.css\?raw$/ }, (args) => ({
      path: path.join(args.resolveDir, args.path.replace(/\?raw$/, '')),
      namespace: 'raw-css',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'raw-css' }, async (args) => {
      const { css, parts } = await joinedStylesheet(args.path);
      const { code } = await transform(css, { loader: 'css', minify: true });
      return { contents: code.trim(), loader: 'text', watchFiles: parts };
    });
  },
};
