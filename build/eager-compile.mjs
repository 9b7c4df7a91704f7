// @ts-check
// Marks the module functions the widget runs during its first render (and its markdown preload) for
// eager compilation.
//
// V8 compiles a function only when it is first called, except a function expression in parentheses
// (its "PIFE" heuristic: https://v8.dev/blog/preparser#pife), which it compiles with the script; and
// Chromium compiles a large script while it downloads, off the main thread. ReactDOM's module function
// (165 KB minified) was otherwise parsed on the main thread when ReactDOM is first evaluated: some
// 30 ms of a 45 ms task on a phone's CPU (npm run bench). Wrapping it in parentheses moves that parse
// into the download. The same holds for marked's initialiser when the markdown stack is preloaded.
// Other engines parse the same code as before; what runs is unchanged.
import { parse } from 'acorn';
import { decode, encode } from '@jridgewell/sourcemap-codec';

/**
 * The modules whose function is compiled eagerly: source map source paths end with these, or, ending in
 * `/`, lie in that folder. ReactDOM is evaluated when the widget first renders; marked (split into one
 * source per file by its own map) when the markdown stack is preloaded, where its initialiser's parse
 * was some 15 ms of a 30–48 ms task on a phone's CPU.
 * @type {readonly string[]}
 */
export const EAGER_MODULES = ['react-dom/cjs/react-dom-client.production.js', 'marked/src/'];

/** @typedef {import('./bundle-parts.mjs').SourceMap} SourceMap */
/**
 * A module's function in the bundle: a function expression passed as a call's argument, or one already
 * in parentheses.
 * @typedef {import('acorn').FunctionExpression | import('acorn').ArrowFunctionExpression
 *   | import('acorn').ParenthesizedExpression} ModuleFunction
 */

/**
 * Where each line of `code` starts.
 * @param {string} code
 */
function lineStarts(code) {
  const starts = [0];
  for (let index = code.indexOf('\n'); index >= 0; index = code.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/**
 * Whether a source map source is (part of) the module `spec`: a file path's end, or a folder ending in `/`.
 * @param {string} name
 * @param {string} spec
 */
function isPartOf(name, spec) {
  const file = name.replace(/\\/g, '/');
  return spec.endsWith('/') ? `/${file}`.includes(`/${spec}`) : file.endsWith(spec);
}

/**
 * The generated offsets mapped to the sources of module `spec`, in ascending order.
 * @param {string} code
 * @param {SourceMap} map
 * @param {string} spec
 * @returns {number[]}
 */
function moduleOffsets(code, map, spec) {
  const sources = new Set(map.sources.flatMap((name, index) => (isPartOf(name, spec) ? [index] : [])));
  if (sources.size === 0) return [];
  const starts = lineStarts(code);
  const offsets = [];
  for (const [line, segments] of decode(map.mappings).entries()) {
    const lineStart = starts[line] ?? 0;
    for (const segment of segments)
      if (segment.length !== 1 && sources.has(segment[1])) offsets.push(lineStart + segment[0]);
  }
  return offsets.sort((a, b) => a - b);
}

/**
 * How many of the ascending `offsets` lie in [start, end).
 * @param {number[]} offsets
 * @param {number} start
 * @param {number} end
 */
function countWithin(offsets, start, end) {
  const firstAtOrAfter = (/** @type {number} */ value) => {
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (/** @type {number} */ (offsets[middle]) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return firstAtOrAfter(end) - firstAtOrAfter(start);
}

/** How far before its wrapper function a module's code may start: `name=wrap(` (terser's short names). */
const MAX_NAME_LENGTH = 16;
/** The share of an ES module's mapped code its initialiser holds, at least (marked's: 7/8). */
const MOST = 0.5;

/**
 * Whether an AST node can be a module's function: a function expression, or one in parentheses.
 * @param {import('acorn').Node} node
 * @returns {node is ModuleFunction}
 */
function isCandidate(node) {
  return (
    node.type === 'ArrowFunctionExpression' ||
    node.type === 'FunctionExpression' ||
    node.type === 'ParenthesizedExpression'
  );
}

/**
 * The module's function: of the functions passed as a call's argument (the bundler's module wrapper is
 * one), the one holding most of the module's code, the smallest of those on a tie. A few bytes of the
 * module sit just outside it (the variable the wrapper is assigned to).
 * @param {import('acorn').Program} program
 * @param {number[]} offsets the module's generated offsets, ascending
 * @returns {ModuleFunction | null}
 */
function moduleFunction(program, offsets) {
  /** @type {ModuleFunction | null} */
  let best = null;
  let bestCount = 0;
  /** @param {unknown} node */
  const visit = (node) => {
    if (!node || typeof node !== 'object' || !('type' in node) || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression') {
      for (const argument of /** @type {import('acorn').CallExpression} */ (node).arguments) {
        if (!isCandidate(argument)) continue;
        const count = countWithin(offsets, argument.start, argument.end);
        if (
          count > bestCount ||
          (count === bestCount && best && argument.end - argument.start < best.end - best.start)
        ) {
          best = argument;
          bestCount = count;
        }
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  // Assigned in `visit`, which the type checker does not follow.
  const found = /** @type {ModuleFunction | null} */ (best);
  // A CommonJS wrapper holds all of the module's code but the name it is assigned to, just before it.
  // An ES module's wrapper (its lazy initialiser) holds its statements and classes; the bundler hoists
  // its function declarations and variable names out of it, and those are compiled on first call as
  // before. Either way the wrapper holds more of the module than all else.
  const whole =
    found !== null && (offsets[0] ?? 0) >= found.start - MAX_NAME_LENGTH && (offsets.at(-1) ?? 0) < found.end;
  const holdsTheModule = whole || bestCount > MOST * offsets.length;
  return holdsTheModule ? found : null;
}

/**
 * The source map of `code` once one character has been inserted before each of `offsets` (offsets in
 * `code`): every segment at or after an offset, on the same line, moves one column right.
 * @param {string} code
 * @param {string} mappings
 * @param {number[]} offsets
 */
function shiftMappings(code, mappings, offsets) {
  if (offsets.length === 0) return mappings;
  const starts = lineStarts(code);
  /** Per line, the columns before which a character was inserted. */
  const inserted = new Map();
  for (const offset of offsets) {
    let line = starts.length - 1;
    while (/** @type {number} */ (starts[line]) > offset) line--;
    inserted.set(line, [...(inserted.get(line) ?? []), offset - /** @type {number} */ (starts[line])]);
  }
  const lines = decode(mappings);
  for (const [line, columns] of inserted) {
    for (const segment of lines[line] ?? []) {
      segment[0] += columns.filter((/** @type {number} */ column) => column <= segment[0]).length;
    }
  }
  return encode(lines);
}

/**
 * Each of `modules` in the bundle, with the call argument that is its function (parenthesised or not) or null.
 * @param {string} code
 * @param {SourceMap} map
 * @param {readonly string[]} modules
 * @returns {Array<{ suffix: string; factory: ModuleFunction | null }>}
 */
function moduleFunctions(code, map, modules) {
  // With the parentheses kept as nodes, a wrapped function shows as a ParenthesizedExpression argument.
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'script', preserveParens: true });
  return modules.flatMap((suffix) => {
    const offsets = moduleOffsets(code, map, suffix);
    if (offsets.length === 0) return [];
    const found = moduleFunction(program, offsets);
    const isFunction = (/** @type {import('acorn').Node} */ node) =>
      node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
    const inner = found?.type === 'ParenthesizedExpression' ? found.expression : found;
    const factory = found && inner && isFunction(inner) ? found : null;
    return [{ suffix, factory }];
  });
}

/**
 * Which of `modules` have their function in parentheses in `code`, the way V8 compiles it eagerly.
 * @param {string} code
 * @param {SourceMap} map
 * @param {readonly string[]} [modules]
 * @returns {string[]}
 */
export function eagerModulesIn(code, map, modules = EAGER_MODULES) {
  return moduleFunctions(code, map, modules)
    .filter(({ factory }) => factory?.type === 'ParenthesizedExpression')
    .map(({ suffix }) => suffix);
}

/**
 * Wraps the function of each of {@link EAGER_MODULES} in `code` in parentheses and returns the new code
 * and source map. Fails when a listed module is in the bundle but its function cannot be found, so a
 * change in how the bundler wraps modules is noticed rather than silently losing the speed-up; with
 * `required: false` (a bundle that evaluates the module eagerly, unwrapped) such a module is skipped.
 * @param {string} code
 * @param {SourceMap} map
 * @param {readonly string[]} [modules]
 * @param {{ required?: boolean }} [options]
 * @returns {{ code: string; map: SourceMap; wrapped: number }}
 */
export function markEagerModules(code, map, modules = EAGER_MODULES, { required = true } = {}) {
  /** @type {Array<[number, string]>} */
  const insertions = [];
  for (const { suffix, factory } of moduleFunctions(code, map, modules)) {
    if (!factory && !required) continue;
    if (!factory) throw new Error(`eager compilation: no module function found around ${suffix}`);
    if (factory.type === 'ParenthesizedExpression') continue;
    insertions.push([factory.start, '('], [factory.end, ')']);
  }
  insertions.sort(([a], [b]) => a - b);
  let result = '';
  let from = 0;
  for (const [offset, text] of insertions) {
    result += code.slice(from, offset) + text;
    from = offset;
  }
  result += code.slice(from);
  const mappings = shiftMappings(
    code,
    map.mappings,
    insertions.map(([offset]) => offset),
  );
  return { code: result, map: { ...map, mappings }, wrapped: insertions.length / 2 };
}
