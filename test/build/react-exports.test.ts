// @vitest-environment node
// React's and ReactDOM's entry modules are cut down to the exports the bundle reads
// (build/patches/react-exports.mjs). These tests read React as installed and the widget's own imports of it, and
// fail when an upgrade or a new import no longer matches what the cut assumes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  DOM_INTERNALS,
  membersRead,
  namesImported,
  onlyExports,
  REDUCED_MODULES,
  WHOLE_MODULE,
} from '../../build/patches/react-exports.mjs';
import { thirdPartyPatchesPlugin } from '../../build/patches/third-party-patches.mjs';
import { BUILD_TIMEOUT_MS } from '../support/patience';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reactFile = path.join(root, 'node_modules/react/cjs/react.production.js');
const reactDomFile = path.join(root, 'node_modules/react-dom/cjs/react-dom.production.js');
const reactDomClientFile = path.join(root, 'node_modules/react-dom/cjs/react-dom-client.production.js');
const read = (file: string) => readFileSync(file, 'utf8');
const kept = (specifier: string) => REDUCED_MODULES.find((module) => module.specifier === specifier)?.keep ?? [];

/** A CommonJS module's exports, run in a fresh scope; `require("react")` answers `react`. */
function exportsOf(source: string, react: unknown = {}): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string) => {
    if (name !== 'react') throw new Error(`unexpected require("${name}")`);
    return react;
  };
  vm.runInNewContext(source, { module, exports: module.exports, require, console });
  return module.exports;
}

/** Every TypeScript file of src/. */
function sourceFiles(folder = path.join(root, 'src')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('what the bundle reads of React and ReactDOM', () => {
  it("ReactDOM's client module reads the internals of its entry module, and React's internals and version", () => {
    const client = read(reactDomClientFile);
    expect(membersRead(client, 'react-dom')).toEqual([DOM_INTERNALS]);
    expect(membersRead(client, 'react').every((name) => kept('react').includes(name))).toBe(true);
    expect(membersRead(read(reactDomFile), 'react').every((name) => kept('react').includes(name))).toBe(true);
  });

  it('the widget imports from React only exports the build keeps, and nothing from react-dom but its client', () => {
    const imports = sourceFiles().flatMap((file) => {
      const source = read(file);
      return [
        ...namesImported(source, 'react').filter((name) => !kept('react').includes(name)),
        ...namesImported(source, 'react-dom').map((name) => `react-dom's ${name}`),
      ].map((name) => `${path.relative(root, file)}: ${name}`);
    });
    expect(imports).toEqual([]);
  });

  it('reads imports and requires as the build does', () => {
    const imports = "import { useState, type Ref, memo as m } from 'react';\nimport type { ReactNode } from 'react';";
    expect(namesImported(imports, 'react')).toEqual(['memo', 'useState']);
    for (const whole of [
      "import * as React from 'react';",
      "import React from 'react';",
      "export { memo } from 'react';",
    ])
      expect(namesImported(whole, 'react')).toEqual([WHOLE_MODULE]);
    expect(namesImported("const later = import('react');", 'react')).toEqual([WHOLE_MODULE]);
    expect(membersRead('var React = require("react");\nReact.useState(React.version);', 'react')).toEqual([
      'useState',
      'version',
    ]);
    expect(membersRead('var React = require("react");\nuse(React);', 'react')).toEqual([WHOLE_MODULE]);
    expect(membersRead('require("react").useReducer();', 'react')).toEqual([WHOLE_MODULE]);
  });
});

describe('the modules cut down', () => {
  it("ReactDOM's entry module keeps its internals as they are, and no other export", () => {
    const source = read(reactDomFile);
    const react = { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { T: null } };
    const whole = exportsOf(source, react);
    const cut = exportsOf(onlyExports(source, kept('react-dom'), 'react-dom.production.js'), react);
    expect(Object.keys(whole)).toEqual(expect.arrayContaining(['createPortal', 'flushSync', 'preload']));
    expect(Object.keys(cut)).toEqual([DOM_INTERNALS]);
    const shape = (internals: unknown) => JSON.stringify(internals, (_key, value: unknown) => typeof value);
    expect(shape(cut[DOM_INTERNALS])).toBe(shape(whole[DOM_INTERNALS]));
  });

  it("React's module keeps exactly the exports the build lists, each as it was", () => {
    const source = read(reactFile);
    const whole = exportsOf(source);
    const cut = exportsOf(onlyExports(source, kept('react'), 'react.production.js'));
    expect(Object.keys(whole)).toEqual(expect.arrayContaining(['Children', 'cloneElement', 'lazy', 'useReducer']));
    expect(Object.keys(cut).sort()).toEqual([...kept('react')].sort());
    for (const name of kept('react')) expect([name, typeof cut[name]]).toEqual([name, typeof whole[name]]);
    expect(cut.version).toBe(whole.version);
    const element = (react: Record<string, unknown>) =>
      (react.createElement as (type: string, props: object, child: string) => unknown)('p', { id: 'a' }, 'text');
    expect(element(cut)).toEqual(element(whole));
  });

  it('fails on a module that no longer exports what is kept', () => {
    expect(() => onlyExports('exports.other = 1;', ['useState'], 'react.production.js')).toThrow(
      /react\.production\.js no longer exports useState/,
    );
  });
});

describe('a build', { timeout: BUILD_TIMEOUT_MS }, () => {
  /** Bundles `contents` the way the widget's build takes React (its production files, the patches). */
  const bundle = (contents: string) =>
    build({
      bundle: true,
      write: false,
      logLevel: 'silent',
      alias: { react: reactFile, 'react-dom': reactDomFile },
      plugins: [thirdPartyPatchesPlugin],
      stdin: { contents, resolveDir: root },
    });

  it('of a module reading an export of React that is left out fails, naming it', async () => {
    await expect(bundle("import { useReducer } from 'react';\nglobalThis.use = useReducer;\n")).rejects.toThrow(
      /reads useReducer of react, which the build leaves out/,
    );
  });

  it('of a module importing react-dom itself fails', async () => {
    await expect(bundle("import { flushSync } from 'react-dom';\nglobalThis.flush = flushSync;\n")).rejects.toThrow(
      /reads flushSync of react-dom/,
    );
  });

  it('of a module reading what is kept works', async () => {
    const result = await bundle(
      "import { useState, version } from 'react';\nglobalThis.react = [useState, version];\n",
    );
    expect(result.errors).toEqual([]);
    expect(result.outputFiles?.[0]?.text).not.toContain('cloneElement');
  });
});
