// @ts-check
// The built script evaluates the element's core (src/element/element-core.ts: the store, the features,
// React and the views) when the element first asks for it, not when the script runs.
//
// esbuild evaluates an ES module's top level with the script, except a module reached through `require()`
// or `import()`, which it wraps in a lazy initialiser (with everything it imports that the script's own
// top level does not). `import()` would make the element wait for a promise; `require()` is synchronous,
// so a method called before the core is there (`open()`, `sendMessage()`) still works at once. Source and
// tests keep the plain import of src/element/lazy-core.ts; only the build swaps it for this.
import path from 'node:path';

/** The module whose plain import of the core becomes a `require()` in the built script. */
const LAZY_CORE = /[\\/]src[\\/]element[\\/]lazy-core\.ts$/;

/** @type {import('esbuild').Plugin} */
export const lazyCorePlugin = {
  name: 'lazy-core',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: LAZY_CORE }, (args) => ({
      contents: [
        '/* Built from src/element/lazy-core.ts: the core is evaluated on the first call. */',
        "export function elementCore() { return require('./element-core'); }",
      ].join('\n'),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};
