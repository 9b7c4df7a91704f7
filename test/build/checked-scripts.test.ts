// @vitest-environment node
// The build's scripts, and the test helpers written as Node modules, are JavaScript that `tsc --noEmit`
// checks (tsconfig.json allows JS; `// @ts-check` opts a file in): their types live in JSDoc beside the
// code, not in hand-kept declaration files that can drift from it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const filesIn = (folder: string, ending: string) =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith(ending))
    .map((name) => `${folder}/${name}`);
const isChecked = (file: string) => readFileSync(path.join(root, file), 'utf8').startsWith('// @ts-check\n');

/** The .mjs files under build/ and test/ that a TypeScript file imports (relative specifiers only). */
function mjsImportedFromTypeScript(): string[] {
  const found = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path.join(root, file), 'utf8');
        for (const [, specifier = ''] of source.matchAll(/(?:from |import\()'(\.[^']+\.mjs)'/g)) {
          const target = path.relative(root, path.resolve(root, folder, specifier)).replace(/\\/g, '/');
          if (/^(build|test)\//.test(target) || target === 'build.mjs') found.add(target);
        }
      }
    }
  };
  visit('test');
  visit('build');
  return [...found].sort();
}

describe('build scripts are checked JavaScript', () => {
  const scripts = [
    'build.mjs',
    ...filesIn('build', '.mjs'),
    ...filesIn('build/patches', '.mjs'),
    ...filesIn('test/support', '.mjs'),
  ];

  it.each(scripts)('%s opts in to type checking', (file) => {
    expect(isChecked(file)).toBe(true);
  });

  it('checks every module a TypeScript file imports from build/ or test/', () => {
    const imported = mjsImportedFromTypeScript();
    expect(imported).toContain('test/bench/hostile-replies.mjs');
    expect(imported.filter((file) => !isChecked(file))).toEqual([]);
  });

  it('keeps no declaration file beside them', () => {
    const declarations = ['build', 'build/patches', 'test/support', 'test/bench'].flatMap((folder) =>
      filesIn(folder, '.d.mts'),
    );
    expect(declarations).toEqual([]);
    expect(existsSync(path.join(root, 'build.d.mts'))).toBe(false);
  });

  it('are part of the program tsc checks', () => {
    const config = readFileSync(path.join(root, 'tsconfig.json'), 'utf8');
    expect(config).toMatch(/"allowJs": true/);
    expect(config).toMatch(/"include": \[[^\]]*"build"[^\]]*"build\.mjs"/);
  });
});
