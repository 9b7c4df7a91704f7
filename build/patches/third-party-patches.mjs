// @ts-check
// Every change the widget's build makes to third-party code, in one esbuild plugin, so that an upgrade
// of @vapi-ai/web or esbuild has one place to check. test/build/third-party-patches.test.ts reads the
// upstream code and fails, naming the patch to revisit, when it no longer matches what a patch assumes;
// the build itself fails when a patch finds nothing to patch. docs/build.md lists every change, these
// and the few made elsewhere (React's production entries, eager compilation), with what each saves.
//
// 1. @vapi-ai/web's generated REST client (its dist/client.js, imported as './client') becomes
//    src/voice/vapi-api-client.ts. The SDK calls one endpoint of a client for the whole Vapi API:
//    about 4.6 KB gzip (35 KB minified) saved on every store page.
// 2. The `events` polyfill, when @vapi-ai/web imports it, becomes src/voice/event-emitter.ts, which has
//    the EventEmitter methods the SDK (and src/voice/vapi-client.ts) call, for a fifth of the size.
// 3. esbuild's `__export` helper, which builds module namespace objects, walks them with `for...in`: that
//    also visits properties a store page added to Object.prototype and then fails on them ("Getter must
//    be a function"), so one polluted prototype would stop the widget. It is rewritten to walk own keys.
// 4. @daily-co/daily-js's error reports to Daily's telemetry service are emptied, and its Sentry client
//    leaves the voice part with them (build/patches/slim-daily.mjs, with its own checks).
// 5. @daily-co/daily-js's methods that nothing in the widget can call (prebuilt-UI frames, dial-out,
//    live streaming, diagnostics...) are left out of its classes, and with them what only they used,
//    such as the Bowser user-agent parser (build/patches/daily-unused-methods.mjs, with its own checks).
// 6. ReactDOM's entry module keeps only the internals its client module reads (nothing in the widget
//    imports `react-dom` itself).
// 7. React's module keeps only the exports the widget's modules and ReactDOM read. For both, the rest of
//    the API and the code only it used leave the bundle (build/patches/react-exports.mjs, which fails the build
//    when a module reads an export left out).
//
// Neither swap can be an esbuild `alias` (that takes package names, not a relative './client', and would
// apply to every importer of `events`), and esbuild has no option for its helpers.
import { reactExportsPlugin } from './react-exports.mjs';
import { slimDailyPlugin } from './slim-daily.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Our modules that stand in for third-party ones. */
export const REPLACEMENTS = {
  vapiClient: path.join(root, 'src/voice/vapi-api-client.ts'),
  events: path.join(root, 'src/voice/event-emitter.ts'),
};

/**
 * The packages whose code the build patches, swaps out, or finds by its text or file layout, with what
 * relies on it. package.json pins each to one exact version (no ^ or ~), so an upgrade is a deliberate
 * change that the patches' tests then check (test/build/pinned-packages.test.ts keeps the pins exact and
 * equal to what is installed; docs/build.md says how to upgrade one).
 * @type {Readonly<Record<string, string>>}
 */
export const PATCHED_PACKAGES = {
  '@vapi-ai/web': "its './client' and 'events' imports swapped for our modules (patches 1, 2)",
  '@daily-co/daily-js': 'its minified ES module build cut by text: error reports, unused methods (4, 5)',
  esbuild: 'its minified __export helper rewritten (patch 3); its module wrappers found by build/eager-compile.mjs',
  react: 'its production CommonJS files imported by path (build.mjs); its module cut to the exports read (7)',
  'react-dom':
    'its production files imported by path (build.mjs); its entry module cut to its internals (6); its client module compiled eagerly (eager-compile)',
  scheduler: "its production CommonJS file imported by path (build.mjs), beside react-dom's",
  marked: 'its initialiser compiled eagerly, found by its source files (build/eager-compile.mjs)',
};

const VAPI_PACKAGE = `${path.sep}@vapi-ai${path.sep}`;
const VAPI_DIST = `${VAPI_PACKAGE}web${path.sep}dist${path.sep}`;

/** esbuild's minified `__export` helper loop: `for(var k in all)define(target,k,{get:all[k],enumerable:!0})`. */
const EXPORT_HELPER_LOOP = /for\(var ([\w$]+) in ([\w$]+)\)([\w$]+)\(([\w$]+),\1,\{get:\2\[\1\],enumerable:!0\}\)/g;

/**
 * Rewrites esbuild's `__export` helper in `code` (minified output) to define own keys only. The rewrite
 * has the same length, padded with spaces, so a source map of `code` stays exact. Throws unless the
 * helper occurs exactly once, or `code` has no such helper at all, so an esbuild that emits it
 * differently fails the build.
 * @param {string} code
 * @param {string} [file] named in the error
 */
export function hardenNamespaceHelper(code, file = 'the bundle') {
  const matches = code.match(EXPORT_HELPER_LOOP) ?? [];
  // A bundle that builds no module namespace (a language part, say) has no helper at all: nothing to
  // harden. A getter defined enumerable is how the helper looks, so one left unmatched fails the build.
  if (matches.length === 0 && !/\{get:[\w$]+\[[\w$]+\],enumerable:!0\}/.test(code)) return code;
  if (matches.length !== 1) {
    throw new Error(
      `expected esbuild's __export helper once in ${file}, found it ${matches.length} times: see build/patches/third-party-patches.mjs`,
    );
  }
  /** @type {(whole: string, key: string, all: string, define: string, target: string) => string} */
  const harden = (whole, key, all, define, target) => {
    const safe = `Object.keys(${all}).map(${key}=>${define}(${target},${key},{get:${all}[${key}]}))`;
    if (safe.length > whole.length) throw new Error('the hardened __export helper is longer than the original');
    return safe.padEnd(whole.length, ' ');
  };
  return code.replace(EXPORT_HELPER_LOOP, harden);
}

/**
 * Hardens the JavaScript a build produced: in memory with `write: false`, else in its `outfile`.
 * @param {import('esbuild').BuildResult} result
 * @param {import('esbuild').BuildOptions} options
 */
async function hardenBuildOutput(result, options) {
  if (result.outputFiles) {
    // In place: esbuild hands on this array, not a new one.
    for (const [index, output] of result.outputFiles.entries()) {
      // An in-memory build without `outfile` names its one script "<stdout>".
      if (!output.path.endsWith('.js') && output.path !== '<stdout>') continue;
      const text = hardenNamespaceHelper(output.text, output.path);
      result.outputFiles[index] = {
        path: output.path,
        hash: output.hash,
        contents: new TextEncoder().encode(text),
        text,
      };
    }
    return;
  }
  if (!options.outfile) throw new Error('third-party-patches needs `outfile` (or `write: false`)');
  await writeFile(options.outfile, hardenNamespaceHelper(await readFile(options.outfile, 'utf8'), options.outfile));
}

/**
 * The esbuild plugin applying every patch listed above.
 * @type {import('esbuild').Plugin}
 */
export const thirdPartyPatchesPlugin = {
  name: 'third-party-patches',
  setup(pluginBuild) {
    // daily-js's ES module build without its error reports and unused methods (build/patches/slim-daily.mjs).
    slimDailyPlugin.setup(pluginBuild);
    // React's and ReactDOM's entry modules, cut down to the exports the bundle reads (build/patches/react-exports.mjs).
    reactExportsPlugin.setup(pluginBuild);
    let vapiBundled = false;
    /** @type {Set<string>} */
    const swapped = new Set();
    pluginBuild.onStart(() => {
      vapiBundled = false;
      swapped.clear();
    });
    pluginBuild.onLoad({ filter: /[\\/]@vapi-ai[\\/]web[\\/]dist[\\/]vapi\.js$/ }, () => {
      vapiBundled = true;
      return undefined;
    });
    pluginBuild.onResolve({ filter: /^\.\/client$/ }, (args) => {
      if (!args.importer.includes(VAPI_DIST)) return undefined;
      swapped.add('./client');
      return { path: REPLACEMENTS.vapiClient };
    });
    pluginBuild.onResolve({ filter: /^events$/ }, (args) => {
      if (!args.importer.includes(VAPI_PACKAGE)) return undefined;
      swapped.add('events');
      return { path: REPLACEMENTS.events };
    });
    pluginBuild.onEnd(async (result) => {
      if (result.errors.length > 0) return undefined;
      const missed = vapiBundled ? ['./client', 'events'].filter((specifier) => !swapped.has(specifier)) : [];
      if (missed.length > 0) {
        const text = `@vapi-ai/web no longer imports ${missed.map((specifier) => `'${specifier}'`).join(' or ')}: its replacement would be dead and the original bundled; see build/patches/third-party-patches.mjs`;
        return { errors: [{ text }] };
      }
      await hardenBuildOutput(result, pluginBuild.initialOptions);
      return undefined;
    });
  },
};
