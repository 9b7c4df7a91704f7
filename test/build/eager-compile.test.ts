// The build puts ReactDOM's module function and marked's initialiser in parentheses, so V8 compiles them
// with the script (while it downloads) instead of on the main thread when they are first evaluated
// (build/eager-compile.mjs). These tests build a small bundle the way the widget's is built (esbuild's
// CommonJS wrappers and ES module initialisers, minified, with a source map) and check that the wrapping
// changes nothing that runs and nothing the map says.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { minify } from 'terser';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeSegments } from '../../build/bundle-parts.mjs';
import { eagerModulesIn, markEagerModules } from '../../build/eager-compile.mjs';

const folder = mkdtempSync(path.join(os.tmpdir(), 'eager-compile-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const BIG = 'fake-dom/cjs/client.js';
const SMALL = 'fake-scheduler/index.js';
/** An ES module package of several files, named by its folder (as marked is). */
const ESM_FOLDER = 'fake-markdown/src/';

/** A bundle of an entry that requires two CommonJS packages, built and minified like the widget's. */
async function bundle(): Promise<{ code: string; map: { sources: string[]; mappings: string } }> {
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  };
  write(`node_modules/${SMALL}`, "'use strict';\nexports.now = function now() { return 41; };\n");
  write(
    `node_modules/${BIG}`,
    "'use strict';\nvar scheduler = require('fake-scheduler');\nfunction render(label) {\n  return label + ':' + (scheduler.now() + 1);\n}\nexports.createRoot = function createRoot() {\n  return { render: render };\n};\n",
  );
  // One file, as marked ships (its own source map names the files it was built from). Its class and rule
  // table are built by its initialiser; its function declaration is hoisted out of it.
  write(
    `node_modules/${ESM_FOLDER}index.js`,
    "export const rules = { word: /[a-z]+/g, space: new RegExp('\\\\s+') };\nexport function count(text) {\n  return (text.match(rules.word) || []).length;\n}\nexport class Lexer {\n  constructor(prefix) {\n    this.prefix = prefix;\n  }\n  lex(text) {\n    return text.split(rules.space).map((part) => this.prefix + part.length);\n  }\n  total(text) {\n    return count(text) + this.lex(text).length;\n  }\n}\nexport const shared = new Lexer('n');\n",
  );
  // A second lazily evaluated ES module, so the bundler's initialiser helper is shared (as in the widget) rather than inlined.
  write('node_modules/fake-sanitizer/index.js', "export const allowed = new Set(['b', 'i']);\n");
  write(
    'entry.js',
    "const later = () => import('fake-dom/cjs/client.js');\nconst words = () => import('fake-markdown/src/index.js');\nconst clean = () => import('fake-sanitizer/index.js');\nglobalThis.result = Promise.all([later(), words(), clean()]).then(([dom, md, sanitizer]) => dom.createRoot().render('root') + '|' + (md.shared.total('two words') + sanitizer.allowed.size));\n",
  );
  const out = path.join(folder, 'out.js');
  await build({
    entryPoints: [path.join(folder, 'entry.js')],
    outfile: out,
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: true,
    logLevel: 'silent',
    absWorkingDir: folder,
  });
  const { readFileSync } = await import('node:fs');
  const result = await minify(readFileSync(out, 'utf8'), {
    compress: { ecma: 2020 },
    mangle: true,
    ecma: 2020,
    sourceMap: { content: readFileSync(`${out}.map`, 'utf8') },
  });
  return { code: result.code as string, map: JSON.parse(result.map as string) };
}

/** Runs a bundle and returns what it computed. */
async function run(code: string): Promise<unknown> {
  const sandbox: { result?: Promise<unknown> } = {};
  runInNewContext(code, sandbox);
  return sandbox.result;
}

/** The original position (source, line, column) of the generated text `needle`, through `map`. */
function originalOf(code: string, map: { sources: string[]; mappings: string }, needle: string): string {
  const offset = code.indexOf(needle);
  const lineIndex = code.slice(0, offset).split('\n').length - 1;
  const column = offset - (code.lastIndexOf('\n', offset - 1) + 1);
  const lines = decodeSegments(map.mappings);
  const segment = lines[lineIndex]?.filter(([at]) => at <= column).at(-1);
  if (!segment) throw new Error(`nothing maps ${needle}`);
  return `${map.sources[segment[1]]}:${segment[2]}:${segment[3]}+${column - segment[0]}`;
}

describe('markEagerModules', () => {
  it('puts the listed module function in parentheses, and only that one', async () => {
    const input = await bundle();
    expect(eagerModulesIn(input.code, input.map, [BIG, SMALL])).toEqual([]);
    const output = markEagerModules(input.code, input.map, [BIG]);
    expect(output.wrapped).toBe(1);
    expect(output.code.length).toBe(input.code.length + 2);
    expect(eagerModulesIn(output.code, output.map, [BIG, SMALL])).toEqual([BIG]);
  });

  it('changes nothing that runs', async () => {
    const input = await bundle();
    const output = markEagerModules(input.code, input.map, [BIG, SMALL]);
    expect(output.wrapped).toBe(2);
    expect(await run(input.code)).toBe('root:42|6');
    expect(await run(output.code)).toBe('root:42|6');
  });

  it('keeps every position the source map gives, before, inside and after the wrapped function', async () => {
    const input = await bundle();
    const output = markEagerModules(input.code, input.map, [BIG]);
    // Before the wrapped function (the small module), its first and last statements, and after it (the entry).
    for (const needle of ['return 41', 'var t=', 'return e+', 'createRoot=', 'render("root")']) {
      expect(input.code).toContain(needle);
      expect(originalOf(output.code, output.map, needle), needle).toBe(originalOf(input.code, input.map, needle));
    }
  });

  it("wraps an ES module's initialiser, named by the module's folder, and it runs the same", async () => {
    const input = await bundle();
    expect(eagerModulesIn(input.code, input.map, [ESM_FOLDER])).toEqual([]);
    const output = markEagerModules(input.code, input.map, [ESM_FOLDER]);
    expect(output.wrapped).toBe(1);
    expect(eagerModulesIn(output.code, output.map, [BIG, ESM_FOLDER])).toEqual([ESM_FOLDER]);
    expect(await run(output.code)).toBe('root:42|6');
    for (const needle of ['new RegExp', 'this.prefix=', '.length)'])
      expect(originalOf(output.code, output.map, needle), needle).toBe(originalOf(input.code, input.map, needle));
  });

  it('is idempotent, and leaves a bundle without the module alone', async () => {
    const input = await bundle();
    const once = markEagerModules(input.code, input.map, [BIG]);
    const twice = markEagerModules(once.code, once.map, [BIG]);
    expect(twice.code).toBe(once.code);
    expect(markEagerModules(input.code, input.map, ['not-bundled/index.js']).code).toBe(input.code);
  });

  it('fails, naming the module, when its code is not inside a wrapper function', async () => {
    const input = await bundle();
    // The entry's own code is hoisted into the bundle's scope, not wrapped in a module function.
    expect(() => markEagerModules(input.code, input.map, ['entry.js'])).toThrow(
      /no module function found around entry\.js/,
    );
    // Unless the bundle is one that evaluates the module eagerly (the benchmark's dependencies-only bundle).
    expect(markEagerModules(input.code, input.map, ['entry.js'], { required: false }).code).toBe(input.code);
  });
});
