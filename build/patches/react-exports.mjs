// @ts-check
// React's and ReactDOM's entry modules each export their whole API as CommonJS, which the bundler cannot
// shake: every export is kept, with all the code behind it, whether the widget reads it or not. These
// modules are cut down to the exports the bundle's modules read (build/patches/third-party-patches.mjs, patches
// 6 and 7), and the minifier then drops the code only the others used:
// - react-dom.production.js is bundled only because ReactDOM's client module requires it, for the
//   internals the two share; nothing in the widget imports `react-dom` itself (createPortal, flushSync,
//   preload... leave);
// - react.production.js keeps the components, hooks and internals the widget and ReactDOM read
//   (Children, cloneElement, lazy, cache, forwardRef and the hooks the widget never calls leave).
// The build reads every module that imports either and fails, naming it, when one reads an export left
// out (or takes the module whole), so a new import of React cannot meet a missing export at run time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'acorn';

/** The one export of ReactDOM's entry module that its client module reads: the internals they share. */
export const DOM_INTERNALS = '__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

/** What a module reads of another that it takes whole (a namespace or default import, or passed on). */
export const WHOLE_MODULE = 'the module itself';

/**
 * The modules cut down, by the specifier they are imported with: the file the build takes for it, and
 * the exports kept. React's list is what the widget's modules (src/) and ReactDOM's read of it today;
 * a module reading another makes the build fail until the export is added here.
 * @type {ReadonlyArray<{ specifier: string; file: RegExp; keep: readonly string[] }>}
 */
export const REDUCED_MODULES = [
  {
    specifier: 'react-dom',
    file: /[\\/]react-dom[\\/]cjs[\\/]react-dom\.production\.js$/,
    keep: [DOM_INTERNALS],
  },
  {
    specifier: 'react',
    file: /[\\/]react[\\/]cjs[\\/]react\.production\.js$/,
    keep: [
      '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
      'version',
      'Component',
      'Fragment',
      'createContext',
      'createElement',
      'memo',
      'startTransition',
      'useCallback',
      'useContext',
      'useDeferredValue',
      'useEffect',
      'useId',
      'useLayoutEffect',
      'useMemo',
      'useRef',
      'useState',
      'useSyncExternalStore',
    ],
  },
];

const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Calls `visit` with every node of an acorn tree and its parent.
 * @param {any} node
 * @param {(node: any, parent: any) => void} visit
 * @param {any} [parent]
 */
function walk(node, visit, parent = null) {
  visit(node, parent);
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (child && typeof child.type === 'string') walk(child, visit, node);
  }
}

/**
 * What a CommonJS module reads of the module it requires as `specifier`: the members read of the
 * variable it binds `require(specifier)` to, or {@link WHOLE_MODULE} when it uses the module otherwise
 * (passes it on, requires it without binding it); nothing when it does not require it.
 * @param {string} source
 * @param {string} specifier
 * @returns {string[]}
 */
export function membersRead(source, specifier) {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  /** @type {Set<string>} */
  const bindings = new Set();
  let whole = false;
  walk(program, (node, parent) => {
    const required =
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      node.callee.name === 'require' &&
      node.arguments[0]?.value === specifier;
    if (!required) return;
    if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') bindings.add(parent.id.name);
    else whole = true;
  });
  /** @type {Set<string>} */
  const members = new Set();
  walk(program, (node, parent) => {
    if (node.type !== 'Identifier' || !bindings.has(node.name)) return;
    if (parent?.type === 'MemberExpression' && parent.object === node && !parent.computed)
      members.add(parent.property.name);
    else if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
    else if (parent?.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand) return;
    else if (!(parent?.type === 'VariableDeclarator' && parent.id === node)) whole = true;
  });
  return whole ? [WHOLE_MODULE] : [...members].sort();
}

/**
 * What an ES module (TypeScript of src/) imports by name from `specifier`, types left out, or
 * {@link WHOLE_MODULE} for a namespace, default, side-effect or dynamic import, or a re-export.
 * @param {string} source
 * @param {string} specifier
 * @returns {string[]}
 */
export function namesImported(source, specifier) {
  const from = `['"]${escape(specifier)}['"]`;
  /** @type {Set<string>} */
  const names = new Set();
  for (const [, kind, clause] of source.matchAll(
    new RegExp(`\\b(import|export)\\s+([^;]*?)\\s*from\\s*${from}`, 'g'),
  )) {
    const bindings = clause ?? '';
    if (/^type\s/.test(bindings)) continue;
    const named = /^\{([^}]*)\}$/.exec(bindings.trim());
    if (kind === 'export' || !named) return [WHOLE_MODULE];
    for (const item of (named[1] ?? '').split(',')) {
      const name = item.trim();
      if (name && !/^type\s/.test(name)) names.add(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  if (new RegExp(`\\bimport\\s*(?:\\(\\s*)?${from}`).test(source)) return [WHOLE_MODULE];
  return [...names].sort();
}

/**
 * A CommonJS module with only the exports `keep`: every other `exports.<name> = ...` statement of its
 * top level is cut. Throws unless it finds every export kept, and one to cut.
 * @param {string} source
 * @param {readonly string[]} keep
 * @param {string} file named in the error
 */
export function onlyExports(source, keep, file) {
  /** @type {Array<[number, number]>} */
  const cuts = [];
  const found = new Set();
  for (const statement of parse(source, { ecmaVersion: 'latest', sourceType: 'script' }).body) {
    const assigned = statement.type === 'ExpressionStatement' ? statement.expression : null;
    if (assigned?.type !== 'AssignmentExpression' || assigned.left.type !== 'MemberExpression') continue;
    const { object, property } = assigned.left;
    if (object.type !== 'Identifier' || object.name !== 'exports' || property.type !== 'Identifier') continue;
    if (keep.includes(property.name)) found.add(property.name);
    else cuts.push([statement.start, statement.end]);
  }
  const missing = keep.filter((name) => !found.has(name));
  if (missing.length > 0 || cuts.length === 0)
    throw new Error(
      `${file} no longer exports ${missing.join(', ') || 'more than the build keeps'} as before: see build/patches/react-exports.mjs`,
    );
  let kept = source;
  for (const [start, end] of cuts.reverse()) kept = kept.slice(0, start) + kept.slice(end);
  return kept;
}

/**
 * What `importer` reads of `specifier`, by its kind: a CommonJS file of a package, or an ES module.
 * @param {string} importer
 * @param {string} specifier
 * @param {string} [stdin] the build's entry text, when it is the importer
 */
async function readOf(importer, specifier, stdin = '') {
  const source = importer === '<stdin>' ? stdin : await readFile(importer, 'utf8');
  return importer.includes(`${path.sep}node_modules${path.sep}`)
    ? membersRead(source, specifier)
    : namesImported(source, specifier);
}

/**
 * The plugin: cuts the modules down as they load, and fails the build when a module that imports one
 * reads an export left out.
 * @type {import('esbuild').Plugin}
 */
export const reactExportsPlugin = {
  name: 'react-exports',
  setup(pluginBuild) {
    /** @type {Array<{ specifier: string; importer: string }>} */
    let imports = [];
    pluginBuild.onStart(() => {
      imports = [];
    });
    const specifiers = new RegExp(`^(?:${REDUCED_MODULES.map(({ specifier }) => escape(specifier)).join('|')})$`);
    pluginBuild.onResolve({ filter: specifiers }, (args) => {
      imports.push({ specifier: args.path, importer: args.importer });
      return undefined;
    });
    for (const { file, keep } of REDUCED_MODULES) {
      pluginBuild.onLoad({ filter: file }, async (args) => ({
        contents: onlyExports(await readFile(args.path, 'utf8'), keep, path.basename(args.path)),
        loader: 'js',
      }));
    }
    pluginBuild.onEnd(async (result) => {
      if (result.errors.length > 0) return undefined;
      /** @type {import('esbuild').PartialMessage[]} */
      const errors = [];
      for (const { specifier, importer } of imports) {
        const keep = REDUCED_MODULES.find((module) => module.specifier === specifier)?.keep ?? [];
        const stdin = pluginBuild.initialOptions.stdin?.contents;
        const read = await readOf(importer, specifier, typeof stdin === 'string' ? stdin : '');
        const left = read.filter((name) => !keep.includes(name));
        if (left.length > 0)
          errors.push({
            text: `${importer} reads ${left.join(', ')} of ${specifier}, which the build leaves out: see build/patches/react-exports.mjs`,
          });
      }
      return { errors };
    });
  },
};
