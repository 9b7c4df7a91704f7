// @ts-check
// Which part of the project each byte of the built bundle comes from, read from its source map.
// build/size-report.mjs turns this into the size table.
import { decode } from '@jridgewell/sourcemap-codec';
import { transform } from 'esbuild';
import { joinedStylesheet } from './stylesheets.mjs';

/** What the bytes mapped to no source file are: esbuild's module wrappers and helpers. */
export const RUNTIME = 'bundler runtime (module wrappers)';

/**
 * A source map, as far as the build reads and writes it.
 * @typedef {{ sources: string[]; mappings: string; [key: string]: unknown }} SourceMap
 */
/**
 * Every byte of a bundle given to a part: the part names and, per byte, the index of its part.
 * @typedef {{ names: string[]; owners: Uint16Array }} Owners
 */

/**
 * Decodes a source map's `mappings` into, per generated line, its segments as absolute
 * [column, source, original line, original column]; a segment mapped to no source has source -1.
 * The name field is not needed.
 * @param {string} mappings
 * @returns {Array<Array<[number, number, number, number]>>}
 */
export function decodeSegments(mappings) {
  return decode(mappings).map((segments) =>
    segments.map((segment) =>
      segment.length === 1 ? [segment[0], -1, 0, 0] : [segment[0], segment[1], segment[2], segment[3]],
    ),
  );
}

/**
 * Decodes a source map's `mappings` into, per generated line, its segments as [column, source or -1].
 * @param {string} mappings
 * @returns {Array<Array<[number, number]>>}
 */
export function decodeMappings(mappings) {
  return decodeSegments(mappings).map((segments) => segments.map(([column, source]) => [column, source]));
}

/**
 * The part a source (a source map source or a metafile input) belongs to: an npm package by its folder
 * (`react-dom`, `@scope/name`, or `a/node_modules/b` for a second copy nested in another package, so
 * duplicates show), a folder of our src/ (`src/ui`; `src` for files directly in it), or null.
 * @param {string} source
 * @returns {string | null}
 */
export function partOf(source) {
  const file = `/${source.replace(/\\/g, '/')}`;
  const npm = /\/node_modules\/((?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*)/.exec(file);
  if (npm?.[1]) return npm[1];
  const at = file.lastIndexOf('/src/');
  if (at < 0) return null;
  const inside = file.slice(at + '/src/'.length).split('/');
  return inside.length > 1 ? `src/${inside[0]}` : 'src';
}

/**
 * Gives every byte of `code` to a part through `map`: returns the part names and, per byte, the index
 * of its part. The bundle is ASCII only (the build escapes the rest), so source map columns are bytes.
 * @param {string} code
 * @param {SourceMap} map
 * @returns {Owners}
 */
export function ownersOfBytes(code, map) {
  const names = [RUNTIME];
  const indexOf = (/** @type {string} */ part) => (names.includes(part) ? names.indexOf(part) : names.push(part) - 1);
  const sourceOwners = map.sources.map((source) => indexOf(partOf(source) ?? RUNTIME));
  const owners = new Uint16Array(code.length);
  const lines = decodeMappings(map.mappings);
  let lineStart = 0;
  for (const [index, lineText] of code.split('\n').entries()) {
    const segments = lines[index] ?? [];
    for (const [at, [column, source]] of segments.entries()) {
      const next = segments[at + 1];
      const end = next ? next[0] : lineText.length + 1;
      owners.fill(source >= 0 ? (sourceOwners[source] ?? 0) : 0, lineStart + column, lineStart + end);
    }
    lineStart += lineText.length + 1;
  }
  return { names, owners };
}

/**
 * Stylesheets imported as text are plain strings that terser inlines where they are used, so the map
 * gives their bytes to the importing module; this finds each one and gives it back to its own part.
 * @param {string} code
 * @param {{ inputs: Record<string, unknown> }} metafile esbuild's metafile of the build
 * @param {Owners} owned changed in place
 */
export async function claimStylesheets(code, metafile, { names, owners }) {
  for (const input of Object.keys(metafile.inputs)) {
    const file = /^[\w-]+:(.+\.css)$/.exec(input)?.[1];
    if (!file) continue;
    const { code: css } = await transform((await joinedStylesheet(file)).css, { loader: 'css', minify: true });
    const escaped = JSON.stringify(css.trim()).slice(1, -1);
    const at = code.indexOf(escaped);
    if (at < 0) continue;
    const part = `${partOf(file)} stylesheets`;
    const index = names.includes(part) ? names.indexOf(part) : names.push(part) - 1;
    owners.fill(index, at, at + escaped.length);
  }
}

/**
 * Turns per-byte owners into each part's [start, end) byte ranges.
 * @param {Owners} owned
 * @returns {Map<string, Array<[number, number]>>}
 */
export function rangesOf({ names, owners }) {
  /** @type {Map<string, Array<[number, number]>>} */
  const parts = new Map();
  let start = 0;
  for (let at = 1; at <= owners.length; at += 1) {
    if (at < owners.length && owners[at] === owners[start]) continue;
    const name = names[owners[start] ?? 0] ?? RUNTIME;
    let ranges = parts.get(name);
    if (!ranges) parts.set(name, (ranges = []));
    ranges.push([start, at]);
    start = at;
  }
  return parts;
}
