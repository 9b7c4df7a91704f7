import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TEST_TIMEOUT_MS } from '../support/patience';

// The shape of src/ that docs/architecture.md describes, checked on every test run: folders form a
// graph without cycles, each folder imports only the layers below it, and no function grows past what a
// reader can hold in their head.
const root = path.resolve(__dirname, '../..');
const src = path.join(root, 'src');

/** Longest function body allowed in src/, in lines (declaration line to closing brace). */
const MAX_FUNCTION_LINES = 80;

/** Everything below the composition layers. */
const COMPOSED = [
  'common',
  'i18n',
  'transcript',
  'theme',
  'chat',
  'voice',
  'commerce',
  'analytics',
  'handoff',
  'customer',
  'invite',
] as const;

/**
 * Which folders each folder may import. `common` is the leaf; feature folders never import `app`; `app`
 * composes the features; `ui` and `element` sit on top. The top-level file (index.ts)
 * may import anything.
 */
const ALLOWED: Record<string, readonly string[]> = {
  common: [],
  i18n: ['common'],
  transcript: ['common'],
  theme: ['common', 'i18n'],
  chat: ['common', 'i18n', 'transcript'],
  voice: ['common', 'i18n', 'transcript'],
  // Commerce reads the chat's product and message types; the chat never imports commerce (app/ passes
  // the page and cart facts in).
  commerce: ['common', 'i18n', 'chat'],
  analytics: ['common'],
  handoff: ['common', 'i18n'],
  customer: ['common', 'i18n'],
  invite: ['common'],
  // The composition layers: app/ composes every feature, ui/ renders them and calls app/, element/ wraps it all.
  app: COMPOSED,
  ui: [...COMPOSED, 'app'],
  element: [...COMPOSED, 'app', 'ui'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = sourceFiles(src);

/** The src/ files `file` imports (static and dynamic imports, type-only ones included). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g),
  ].map((match) => match[1] ?? match[2] ?? '');
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\?raw$/, '')))
    .flatMap((target) =>
      [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]
        .filter((candidate) => files.includes(candidate))
        .slice(0, 1),
    );
}

const folderOf = (file: string) => {
  const relative = path.relative(src, file).split(path.sep);
  return relative.length > 1 ? (relative[0] as string) : '.';
};

/** The first cycle found in `graph`, as the list of nodes around it, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const fileGraph = new Map(files.map((file) => [file, new Set(importsOf(file))]));

describe('the shape of src/', () => {
  it('has no import cycle between files', () => {
    const cycle = findCycle(fileGraph);
    expect(cycle?.map((file) => path.relative(src, file)) ?? null).toBeNull();
  });

  it('has no import cycle between folders', () => {
    const folderGraph = new Map<string, Set<string>>();
    for (const [file, targets] of fileGraph) {
      const from = folderOf(file);
      const edges = folderGraph.get(from) ?? new Set<string>();
      for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
      folderGraph.set(from, edges);
    }
    expect(findCycle(folderGraph)).toBeNull();
  });

  it.each(Object.entries(ALLOWED))('lets %s import only the layers below it', (folder, allowed) => {
    const offending = [...fileGraph]
      .filter(([file]) => folderOf(file) === folder)
      .flatMap(([file, targets]) =>
        [...targets]
          .filter((target) => folderOf(target) !== folder && !allowed.includes(folderOf(target)))
          .map((target) => `${path.relative(src, file)} -> ${path.relative(src, target)}`),
      );
    expect(offending).toEqual([]);
  });

  it('knows every folder of src/', () => {
    const folders = new Set(files.map(folderOf));
    folders.delete('.');
    expect([...folders].filter((folder) => !(folder in ALLOWED))).toEqual([]);
  });

  // Parsing every source file is CPU work alone: a second or two idle, several with both cores busy.
  it('gives no two files the same name, in any two folders', () => {
    // One name per thing: a name that means two things (two `events`, two `teaser`) sends a reader to the wrong file.
    const everyFile = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? everyFile(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const byName = new Map<string, string[]>();
    for (const file of everyFile(src)) {
      const name = path.basename(file).replace(/(\.d)?\.[^.]+$/, '');
      byName.set(name, [...(byName.get(name) ?? []), path.relative(src, file)]);
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('merges actions in app/ without silent overrides: no action object is spread', () => {
    // In `{ ...chat.actions, sendMessage }` a later key replaces an earlier one unseen; app/merge-actions.ts's
    // mergeActions refuses a name given twice. An action object is one named `…actions`, or what a
    // `…Actions()` or `create…()` function returns.
    const lastName = (node: ts.Expression): string => {
      if (ts.isIdentifier(node)) return node.text;
      if (ts.isPropertyAccessExpression(node)) return node.name.text;
      if (ts.isCallExpression(node)) return lastName(node.expression);
      if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return lastName(node.expression);
      return '';
    };
    const spreads: string[] = [];
    for (const file of files.filter((file) => folderOf(file) === 'app' && !file.endsWith('merge-actions.ts'))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isSpreadAssignment(node)) {
          const name = lastName(node.expression);
          const called = ts.isCallExpression(node.expression);
          if (/actions$/i.test(name) || (called && /^create/.test(name))) {
            const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
            spreads.push(`${path.relative(src, file)}:${line} ...${node.expression.getText(source)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(spreads).toEqual([]);
  });

  it(`has no function longer than ${MAX_FUNCTION_LINES} lines`, { timeout: TEST_TIMEOUT_MS }, () => {
    const tooLong: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > MAX_FUNCTION_LINES)
            tooLong.push(`${path.relative(src, file)}:${start + 1} (${end - start + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(tooLong).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  /** Every folder of src/ that holds a source file, as `chat/replies/`. */
  const folders = [
    ...new Set(files.map((file) => path.relative(src, path.dirname(file)).split(path.sep).join('/'))),
  ].filter(Boolean);
  /** The folders the table names, from rows that start with | `folder/` |. */
  const documented = [...doc.matchAll(/^\| *`([a-z0-9/-]+)\/` *\|/gm)].map((match) => match[1] as string);

  it('has a row for every folder of src/', () => {
    expect(folders.filter((folder) => !documented.includes(folder))).toEqual([]);
  });

  it('names no folder that src/ does not have', () => {
    expect(documented.filter((folder) => !folders.includes(folder) && !existsSync(path.join(src, folder)))).toEqual([]);
  });
});

describe('references in comments and docs', () => {
  /** Every text file of the repository that people read: sources, scripts, tests, docs. */
  function tracked(dir: string): string[] {
    return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory())
        return ['node_modules', 'dist', 'screenshots', 'fixtures'].includes(entry.name) ? [] : tracked(relative);
      return /\.(ts|tsx|mjs|mts|md|css|html)$/.test(entry.name) ? [relative] : [];
    });
  }
  const texts = ['src', 'build', 'test', 'demo', 'docs']
    .flatMap(tracked)
    .concat(['README.md', 'CONTRIBUTING.md', 'build.mjs'].filter((file) => existsSync(path.join(root, file))));

  it('cite no document the repository does not have', () => {
    const citations = texts.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bSPEC §|\bSPEC\.md\b|\bDESIGN\.md\b/.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(citations).toEqual([]);
  });

  /** What the build and the benchmarks write: named in docs, absent from a fresh clone. */
  const generated = ['dist/', 'demo/build/', 'test/bench/results/', 'test/engines/screenshots/'];

  it('point only at files and folders that exist', () => {
    const pathPattern = /(?<![\w./-])((?:src|test|build|demo|docs)\/[\w./-]*[\w/])/g;
    const missing = texts.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(pathPattern)]
        .map((match) => (match[1] as string).replace(/\/$/, ''))
        .filter(
          (reference) => !reference.includes('*') && !generated.some((folder) => `${reference}/`.startsWith(folder)),
        )
        .filter((reference) => !existsSync(path.join(root, reference)))
        .map((reference) => `${file}: ${reference}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
