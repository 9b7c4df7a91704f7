// @ts-check
// The built script evaluates the element's core (src/element/element-core.ts: the store, the features,
// React and the views) when the element first asks for it, not when the script runs.
//
// esbuild evaluates an ES module's top level with the script, except a module reached through `require()`
// or `import()`, which it wraps in a lazy initialiser (with everything it imports that the script's own
// top level does not). `import()` would make the element wait for a promise; `require()` is synchronous,
// so a method called before the core is there (`open()`, `sendMessage()`) still works at once. Source and
// tests keep the plain import of src/element/lazy-core.ts; only the build swaps it for this. The set-up
// that runs in idle time evaluates the core in parts (`elementCoreInParts`), each in a task of its own.
//
// The first view's own code (src/element/first-view-code.ts: the attributes' parsing, the launcher and the
// inline card drawn in plain DOM, the theme's colours) is reached the same way, through
// src/element/lazy-first-view.ts: the script's own task defines the element and evaluates nothing else,
// which matters most where DevTools' debugger is on (Lighthouse), as it compiles the script on the main
// thread in that same task.
import path from 'node:path';

/** The module whose plain import of the core becomes a `require()` in the built script. */
const LAZY_CORE = /[\\/]src[\\/]element[\\/]lazy-core\.ts$/;
/** The module whose plain import of the first view's code becomes a `require()` in the built script. */
const LAZY_FIRST_VIEW = /[\\/]src[\\/]element[\\/]lazy-first-view\.ts$/;

/** The modules the core is evaluated through, in turn: each brings what it imports that is not yet evaluated. */
export const CORE_PARTS = ['../app/assistant', './element-root', './element-core'];

/** @type {import('esbuild').Plugin} */
export const lazyCorePlugin = {
  name: 'lazy-core',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: LAZY_CORE }, (args) => ({
      contents: [
        '/* Built from src/element/lazy-core.ts: the core is evaluated on the first call. */',
        // esbuild's require() of a bundled module copies its exports into a new object on every call: once is enough.
        'let core;',
        "export function elementCore() { return (core ??= require('./element-core')); }",
        // The core evaluated in three steps (the store and its features, the views and React, the rest), so
        // that a set-up running each in a task of its own has no long task.
        ...CORE_PARTS.map((part, index) => `function corePart${index}() { return require('${part}'); }`),
        `export function elementCoreInParts() { return [${CORE_PARTS.map((_, index) => `corePart${index}`).join(', ')}]; }`,
      ].join('\n'),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
    pluginBuild.onLoad({ filter: LAZY_FIRST_VIEW }, (args) => ({
      contents: [
        "/* Built from src/element/lazy-first-view.ts: the first view's code is evaluated on the first call. */",
        'let code;',
        "export function firstViewCode() { return (code ??= require('./first-view-code')); }",
      ].join('\n'),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};
