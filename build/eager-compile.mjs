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
import { decodeMappings } from './bundle-parts.mjs';

/**
 * The modules whose function is compiled eagerly: source map source paths end with these, or, ending in
 * `/`, lie in that folder. ReactDOM is evaluated when the widget first renders; marked (split into one
 * source per file by its own map) when the markdown stack is preloaded, where its initialiser's parse
 * was some 15 ms of a 30–48 ms task on a phone's CPU.
 */
export const EAGER_MODULES = ['react-dom/cjs/react-dom-client.production.js', 'marked/src/'];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function encodeVlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    text += BASE64[digit];
  } while (rest > 0);
  return text;
}

/** Splits the first base64 VLQ value off a segment: [value, the rest of the segment's text]. */
function splitFirstVlq(segment) {
  let value = 0;
  let shift = 0;
  for (let index = 0; index < segment.length; index++) {
    const digit = BASE64.indexOf(segment[index]);
    value += (digit & 31) << shift;
    if (!(digit & 32)) return [value & 1 ? -(value >>> 1) : value >>> 1, segment.slice(index + 1)];
    shift += 5;
  }
  throw new Error(`a broken source map segment: ${segment}`);
}

/** Where each line of `code` starts. */
function lineStarts(code) {
  const starts = [0];
  for (let index = code.indexOf('\n'); index >= 0; index = code.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** Whether a source map source is (part of) the module `spec`: a file path's end, or a folder ending in `/`. */
function isPartOf(name, spec) {
  const file = name.replace(/\\/g, '/');
  return spec.endsWith('/') ? `/${file}`.includes(`/${spec}`) : file.endsWith(spec);
}

/** The generated offsets mapped to the sources of module `spec`, in ascending order. */
function moduleOffsets(code, map, spec) {
  const sources = new Set(map.sources.flatMap((name, index) => (isPartOf(name, spec) ? [index] : [])));
  if (sources.size === 0) return [];
  const starts = lineStarts(code);
  const offsets = [];
  for (const [line, segments] of decodeMappings(map.mappings).entries()) {
    for (const [column, from] of segments) if (sources.has(from)) offsets.push(starts[line] + column);
  }
  return offsets.sort((a, b) => a - b);
}

/** How many of the ascending `offsets` lie in [start, end). */
function countWithin(offsets, start, end) {
  const firstAtOrAfter = (value) => {
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (offsets[middle] < value) low = middle + 1;
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
 * The module's function: of the functions passed as a call's argument (the bundler's module wrapper is
 * one), the one holding most of the module's code, the smallest of those on a tie. A few bytes of the
 * module sit just outside it (the variable the wrapper is assigned to).
 */
function moduleFunction(program, offsets) {
  let best = null;
  let bestCount = 0;
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression') {
      for (const argument of node.arguments) {
        if (argument.type !== 'ArrowFunctionExpression' && argument.type !== 'FunctionExpression' && argument.type !== 'ParenthesizedExpression') continue;
        const count = countWithin(offsets, argument.start, argument.end);
        if (count > bestCount || (count === bestCount && best && argument.end - argument.start < best.end - best.start)) {
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
  // A CommonJS wrapper holds all of the module's code but the name it is assigned to, just before it.
  // An ES module's wrapper (its lazy initialiser) holds its statements and classes; the bundler hoists
  // its function declarations and variable names out of it, and those are compiled on first call as
  // before. Either way the wrapper holds more of the module than all else.
  const whole = best && offsets[0] >= best.start - MAX_NAME_LENGTH && offsets.at(-1) < best.end;
  const holdsTheModule = whole || bestCount > MOST * offsets.length;
  return holdsTheModule ? best : null;
}

/**
 * The source map of `code` once one character has been inserted before each of `offsets` (offsets in
 * `code`): every segment from an offset on, on the same line, moves one column right. Segment columns
 * are relative to the segment before, so only the first segment at or after each offset changes.
 */
function shiftMappings(code, mappings, offsets) {
  const starts = lineStarts(code);
  const lines = mappings.split(';');
  /** Per line, per segment index: how many characters were inserted just before it. */
  const moves = new Map();
  for (const offset of offsets) {
    let line = starts.length - 1;
    while (starts[line] > offset) line--;
    const column = offset - starts[line];
    let at = 0;
    const segments = lines[line].split(',');
    const index = segments.findIndex((segment) => segment && (at += splitFirstVlq(segment)[0]) >= column);
    if (index < 0) continue;
    const perLine = moves.get(line) ?? new Map();
    perLine.set(index, (perLine.get(index) ?? 0) + 1);
    moves.set(line, perLine);
  }
  for (const [line, perLine] of moves) {
    const segments = lines[line].split(',');
    for (const [index, count] of perLine) {
      const [delta, rest] = splitFirstVlq(segments[index]);
      segments[index] = encodeVlq(delta + count) + rest;
    }
    lines[line] = segments.join(',');
  }
  return lines.join(';');
}

/** Each of `modules` in the bundle, with the call argument that is its function (parenthesised or not) or null. */
function moduleFunctions(code, map, modules) {
  // With the parentheses kept as nodes, a wrapped function shows as a ParenthesizedExpression argument.
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'script', preserveParens: true });
  return modules.flatMap((suffix) => {
    const offsets = moduleOffsets(code, map, suffix);
    if (offsets.length === 0) return [];
    const found = moduleFunction(program, offsets);
    const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
    const factory = found && (isFunction(found) || isFunction(found.expression)) ? found : null;
    return [{ suffix, factory }];
  });
}

/** Which of `modules` have their function in parentheses in `code`, the way V8 compiles it eagerly. */
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
 */
export function markEagerModules(code, map, modules = EAGER_MODULES, { required = true } = {}) {
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
  const mappings = shiftMappings(code, map.mappings, insertions.map(([offset]) => offset));
  return { code: result, map: { ...map, mappings }, wrapped: insertions.length / 2 };
}
