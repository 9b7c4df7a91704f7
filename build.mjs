// @ts-check
// Builds dist/store-assistant.js: one minified IIFE with its source map, the stylesheet inlined as text,
// and, from the element's public contract (build/public-api.mjs), its types, custom-elements.json and
// VS Code's HTML data.
//   node build.mjs           build and print raw and gzip sizes
//   node build.mjs --icons   regenerate src/ui/icons.css from lucide-static, then build
// It then builds the demo configurator's script (build/configurator.mjs).
import { build } from 'esbuild';
import { minify } from 'terser';
import { readFile, writeFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConfigurator } from './build/configurator.mjs';
import { languageFiles } from './build/languages.mjs';
import { markEagerModules } from './build/eager-compile.mjs';
import { thirdPartyPatchesPlugin } from './build/patches/third-party-patches.mjs';
import { writeIconStylesheet } from './build/icons.mjs';
import { writePublicApi } from './build/public-api.mjs';
import { rawCssPlugin } from './build/stylesheets.mjs';
import { lazyCorePlugin } from './build/lazy-core.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(root, 'dist/store-assistant.js');
const widgetEntry = path.join(root, 'src/index.ts');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));

// The plugins below work on our own modules only; what the build changes in third-party code is in
// build/patches/third-party-patches.mjs.

/**
 * esbuild calls a CommonJS module's exports as `(0, runtime.jsx)(...)`, and the UI's 200 elements each
 * repeat that. src/ui/jsx-runtime.ts binds React's JSX functions once as ES module exports, which esbuild
 * calls directly: about 0.4 KB gzip.
 * @type {import('esbuild').Plugin}
 */
const boundJsxRuntimePlugin = {
  name: 'bound-jsx-runtime',
  setup(pluginBuild) {
    const shim = path.join(root, 'src/ui/jsx-runtime.ts');
    pluginBuild.onResolve({ filter: /^react\/jsx-runtime$/ }, (args) =>
      args.importer === shim ? undefined : { path: shim },
    );
  },
};

/**
 * A second minification pass with terser. Its frequency-ordered short names compress about 3% better
 * than esbuild's (some 6 KB gzip), and its (safe, default) compression finds about 0.9 KB more, such as
 * the strict-mode directive esbuild repeats in every lazily evaluated module.
 * @param {string} file
 * @param {{ widget?: boolean }} [options] whether `file` is the widget (whose eager modules must be found)
 */
async function reminify(file, { widget = true } = {}) {
  const [code, map] = await Promise.all([readFile(file, 'utf8'), readFile(`${file}.map`, 'utf8')]);
  const result = await minify(code, {
    compress: { ecma: 2020 },
    mangle: true,
    ecma: 2020,
    // ASCII only: the translations are escaped, so a store page that serves the script without a charset
    // (or with Latin-1) cannot garble them.
    format: { comments: false, ascii_only: true },
    sourceMap: { content: map, url: path.basename(`${file}.map`) },
  });
  // After terser, which would drop the parentheses that ask V8 to compile ReactDOM's and marked's modules with the script.
  // The benchmark's dependencies-only bundle imports marked eagerly: nothing wraps it there.
  if (typeof result.code !== 'string' || typeof result.map !== 'string')
    throw new Error(`terser returned no code or map for ${file}`);
  const eager = markEagerModules(result.code, JSON.parse(result.map), undefined, { required: widget });
  await Promise.all([writeFile(file, eager.code), writeFile(`${file}.map`, JSON.stringify(eager.map))]);
}

/**
 * React's entry files pick the production build at run time and react-dom's also hand DevTools a
 * dead-code check; importing the production CommonJS files directly skips five wrapper modules.
 */
function reactProductionEntries() {
  const folder = (/** @type {string} */ name, from = import.meta.url) =>
    path.dirname(createRequire(from).resolve(`${name}/package.json`));
  return {
    react: path.join(folder('react'), 'cjs/react.production.js'),
    'react/jsx-runtime': path.join(folder('react'), 'cjs/react-jsx-runtime.production.js'),
    'react-dom': path.join(folder('react-dom'), 'cjs/react-dom.production.js'),
    'react-dom/client': path.join(folder('react-dom'), 'cjs/react-dom-client.production.js'),
    scheduler: path.join(
      folder('scheduler', path.join(folder('react-dom'), 'index.js')),
      'cjs/scheduler.production.js',
    ),
  };
}

/**
 * The options every IIFE of the widget is built with: the main script and each part beside it.
 * @returns {import('esbuild').BuildOptions}
 */
function sharedOptions() {
  return {
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: true,
    // Stores' visitors use phones a few years old: browsers from 2022 on (they all run ES2022 natively).
    target: ['chrome100', 'safari15.4', 'firefox100', 'edge100'],
    define: {
      'process.env.NODE_ENV': '"production"',
      __STORE_ASSISTANT_VERSION__: JSON.stringify(pkg.version),
      __STORE_ASSISTANT_LANGUAGE_FILES__: JSON.stringify(languageFiles()),
    },
    alias: reactProductionEntries(),
    legalComments: 'linked',
    plugins: [rawCssPlugin, boundJsxRuntimePlugin, lazyCorePlugin, thirdPartyPatchesPlugin],
    logLevel: 'warning',
  };
}

/**
 * Builds `entry` into `file` (by default the widget into dist/store-assistant.js) and returns its sizes
 * in bytes. The benchmark builds its dependencies-only bundle through here too, so both are built alike.
 * @param {{ quiet?: boolean; entry?: string; file?: string }} [options]
 * @returns {Promise<{ raw: number; gzip: number; map: number }>}
 */
export async function buildBundle({ quiet = false, entry = widgetEntry, file = outfile } = {}) {
  const started = performance.now();
  // The widget's types and manifest are written while esbuild works.
  const publicApi = file === outfile ? writePublicApi(path.dirname(file)) : undefined;
  const { metafile } = await build({ ...sharedOptions(), entryPoints: [entry], outfile: file, metafile: true });
  if (entry === widgetEntry) {
    const carried = Object.keys(metafile.inputs).filter((input) => PART_ONLY_INPUTS.some((rule) => rule.test(input)));
    if (carried.length > 0)
      throw new Error(`the main script carries code of its parts beside it: ${carried.slice(0, 5).join(', ')}`);
  }
  // What went in, for `npm run size` (build/size-report.mjs); not needed on a store's page.
  await writeFile(file.replace(/\.js$/, '.meta.json'), JSON.stringify(metafile));
  await reminify(file, { widget: entry === widgetEntry });
  await publicApi;
  const code = await readFile(file);
  const sizes = { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, map: (await stat(`${file}.map`)).size };
  if (!quiet) {
    const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `${path.relative(root, file)}  ${kb(sizes.raw)} raw, ${kb(sizes.gzip)} gzip (map ${kb(sizes.map)}) in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return sizes;
}

/**
 * The parts of the widget that ship beside the script (src/common/parts.ts), each as
 * `dist/store-assistant.<name>.js`: the voice call's SDK, the markdown stack (marked and DOMPurify), the
 * AI SDK's and AG-UI's stream readers, and each language other than English. Each is an entry that
 * registers what it brings under its name when it runs.
 * @returns {Promise<Array<{ name: string; contents: string }>>}
 */
export async function partEntries() {
  const languages = languageFiles();
  return [
    { name: 'voice', contents: "import './src/voice/voice-part';\n" },
    { name: 'markdown', contents: "import './src/chat/markdown/markdown-part';\n" },
    { name: 'agents', contents: "import './src/chat/replies/agents-part';\n" },
    ...languages.map((code) => ({
      name: `lang-${code.toLowerCase()}`,
      contents:
        "import { registerPart } from './src/common/parts';\n" +
        `import * as language from './src/i18n/languages/${code}';\n` +
        // The module's one export, read through the namespace: the hardened __export helper
        // (build/patches/third-party-patches.mjs) defines it as a non-enumerable getter.
        `registerPart('lang-${code.toLowerCase()}', language[Object.getOwnPropertyNames(language)[0]]);\n`,
    })),
  ];
}

/** What the main script must never carry: the parts' own code, which would then be shipped twice. */
const PART_ONLY_INPUTS = [
  /[\\/]src[\\/]i18n[\\/]languages[\\/]/,
  /[\\/]src[\\/]voice[\\/]vapi-client\.ts$/,
  /[\\/]node_modules[\\/]@vapi-ai[\\/]/,
  /[\\/]node_modules[\\/]@daily-co[\\/]/,
  /[\\/]node_modules[\\/](?:marked|dompurify)[\\/]/,
  /[\\/]src[\\/]chat[\\/]markdown[\\/]markdown(?:-limits)?\.ts$/,
  /[\\/]src[\\/]chat[\\/](?:ai-sdk|ag-ui)[\\/]/,
];

/**
 * Builds every part beside `file` (the widget's script) and returns their sizes by name. Built as the
 * script is (same targets, patches and second minification), each in its own IIFE.
 * @param {{ quiet?: boolean; file?: string }} [options]
 */
export async function buildParts({ quiet = false, file = outfile } = {}) {
  /** @type {Record<string, { raw: number; gzip: number }>} */
  const sizes = {};
  for (const { name, contents } of await partEntries()) {
    const partFile = file.replace(/\.js$/, `.${name}.js`);
    const { metafile } = await build({
      ...sharedOptions(),
      stdin: { contents, resolveDir: root, sourcefile: `store-assistant.${name}.js`, loader: 'ts' },
      outfile: partFile,
      metafile: true,
    });
    await writeFile(partFile.replace(/\.js$/, '.meta.json'), JSON.stringify(metafile));
    await reminify(partFile, { widget: false });
    const code = await readFile(partFile);
    sizes[name] = { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  }
  if (!quiet) {
    const list = Object.entries(sizes).map(([name, size]) => `${name} ${(size.gzip / 1024).toFixed(1)} KB`);
    console.log(`parts beside it (gzip): ${list.join(', ')}`);
  }
  return sizes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--icons')) await writeIconStylesheet();
  await buildBundle();
  await buildParts();
  await buildConfigurator();
}
