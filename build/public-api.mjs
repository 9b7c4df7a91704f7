// @ts-check
// The element's public contract, declared in src/element (attributes, members, events, css-parts,
// css-properties), turned into the files that describe it. The generator is TypeScript
// (build/public-api/), bundled here by esbuild and evaluated, as build.mjs does for the language tables.
//   node build/public-api.mjs            write dist/store-assistant.d.ts, dist/react.d.ts,
//                                          dist/custom-elements.json and dist/vscode.html-custom-data.json
//   node build/public-api.mjs --docs     rewrite the reference tables of docs/api.md (npm run docs)
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/**
 * Packages (typescript) stay outside the bundle, imported by absolute URL: a data: module cannot resolve bare names.
 * @type {import('esbuild').Plugin}
 */
const packagesByUrl = {
  name: 'packages-by-url',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:')
        ? { path: args.path, external: true }
        : { path: pathToFileURL(require.resolve(args.path)).href, external: true },
    );
  },
};

/** @type {Promise<typeof import('./public-api/index')> | undefined} */
let generator;

/** The generator's module (build/public-api/index.ts), bundled and evaluated once. */
async function loadGenerator() {
  if (!generator) {
    const { outputFiles } = await build({
      entryPoints: [path.join(root, 'build/public-api/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      plugins: [packagesByUrl],
      logLevel: 'silent',
    });
    const [bundled] = outputFiles;
    if (!bundled) throw new Error('esbuild wrote no bundle of build/public-api/index.ts');
    generator = import(`data:text/javascript;base64,${Buffer.from(bundled.text).toString('base64')}`);
  }
  return generator;
}

/** Writes the types, custom-elements.json and VS Code's HTML data into `outDir`; returns the files' names. */
export async function writePublicApi(outDir = path.join(root, 'dist')) {
  return (await loadGenerator()).writePublicApi(root, outDir);
}

/** Rewrites the reference tables of docs/api.md from the contract; returns whether they changed. */
export async function writeReferenceTables() {
  return (await loadGenerator()).writeReferenceTables(root);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--docs')) {
    console.log(
      (await writeReferenceTables()) ? 'docs/api.md: tables updated' : 'docs/api.md: tables already up to date',
    );
  } else console.log(`wrote ${(await writePublicApi()).map((name) => `dist/${name}`).join(', ')}`);
}
