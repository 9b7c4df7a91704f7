import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyCorePlugin } from '../../build/lazy-core.mjs';

// The build's lazy accessors (build/lazy-core.mjs): `elementCore()` and `firstViewCode()` evaluate their
// module on the first call and hand back that same module on every later one (the core's parts, steps of
// the set-up whose result is not used, only evaluate). esbuild's `require()` of a bundled ES module copies its exports into a new object on each
// call, and the first view's code is asked for on every attribute change and theme, the core on every
// announced event. Built here from stand-in modules at the paths the plugin rewrites, which count their
// evaluations.
const folder = mkdtempSync(path.join(os.tmpdir(), 'lazy-accessors-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const counted = (name: string) =>
  `globalThis.evaluated.push(${JSON.stringify(name)});\nexport const name = ${JSON.stringify(name)};\n`;
const files: Record<string, string> = {
  'src/element/lazy-core.ts': 'export {};\n',
  'src/element/lazy-first-view.ts': 'export {};\n',
  'src/element/element-core.ts': `import '../app/assistant';\nimport './element-root';\n${counted('core')}`,
  'src/element/element-root.tsx': counted('root'),
  'src/app/assistant.ts': counted('assistant'),
  'src/element/first-view-code.ts': counted('first view'),
  'src/index.ts': `import { elementCore, elementCoreInParts } from './element/lazy-core';
import { firstViewCode } from './element/lazy-first-view';
const g = globalThis as unknown as Record<string, unknown>;
g.evaluatedBefore = [...(g.evaluated as string[])];
const [firstView, againFirstView] = [firstViewCode(), firstViewCode()];
elementCoreInParts().forEach((part) => [part(), part()]);
const [core, againCore] = [elementCore(), elementCore()];
g.same = { firstView: firstView === againFirstView, core: core === againCore };
`,
};

async function runBuilt(): Promise<Record<string, unknown>> {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  const result = await build({
    entryPoints: [path.join(folder, 'src/index.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    plugins: [lazyCorePlugin],
    logLevel: 'silent',
  });
  const context: Record<string, unknown> = { evaluated: [] };
  context.globalThis = context;
  runInNewContext(result.outputFiles[0]?.text ?? '', context);
  return context;
}

describe('the built lazy accessors', () => {
  it('evaluate each module once, on the first call, and return that module on every call', async () => {
    const context = await runBuilt();
    expect(context.evaluatedBefore).toEqual([]);
    expect(context.same).toEqual({ firstView: true, core: true });
    expect(context.evaluated).toEqual(['first view', 'assistant', 'root', 'core']);
  });
});
