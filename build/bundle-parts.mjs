// Which part of the project each byte of the built bundle comes from, read from its source map.
// build/size-report.mjs turns this into the size table.
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';

/** What the bytes mapped to no source file are: esbuild's module wrappers and helpers. */
export const RUNTIME = 'bundler runtime (module wrappers)';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes a source map's `mappings` into, per generated line, its segments as absolute
 * [column, source, original line, original column]; a segment mapped to no source has source -1.
 */
export function decodeSegments(mappings) {
  const lines = [];
  // Source, original line and original column are relative across the whole map; the column per line.
  const state = [0, 0, 0, 0];
  for (const lineText of mappings.split(';')) {
    const segments = [];
    state[0] = 0;
    for (const segmentText of lineText ? lineText.split(',') : []) {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segmentText) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      // The fifth field (a name) is not needed.
      for (let index = 0; index < fields.length && index < 4; index++) state[index] += fields[index];
      segments.push(fields.length > 1 ? [...state] : [state[0], -1, 0, 0]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Decodes a source map's `mappings` into, per generated line, its segments as [column, source or -1]. */
export function decodeMappings(mappings) {
  return decodeSegments(mappings).map((segments) => segments.map(([column, source]) => [column, source]));
}

/**
 * The part a source (a source map source or a metafile input) belongs to: an npm package by its folder
 * (`react-dom`, `@scope/name`, or `a/node_modules/b` for a second copy nested in another package, so
 * duplicates show), a folder of our src/ (`src/ui`; `src` for files directly in it), or null.
 */
export function partOf(source) {
  const file = `/${source.replace(/\\/g, '/')}`;
  const npm = /\/node_modules\/((?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*)/.exec(file);
  if (npm) return npm[1];
  const at = file.lastIndexOf('/src/');
  if (at < 0) return null;
  const inside = file.slice(at + '/src/'.length).split('/');
  return inside.length > 1 ? `src/${inside[0]}` : 'src';
}

/**
 * Gives every byte of `code` to a part through `map`: returns the part names and, per byte, the index
 * of its part. The bundle is ASCII only (the build escapes the rest), so source map columns are bytes.
 */
export function ownersOfBytes(code, map) {
  const names = [RUNTIME];
  const indexOf = (part) => (names.includes(part) ? names.indexOf(part) : names.push(part) - 1);
  const sourceOwners = map.sources.map((source) => indexOf(partOf(source) ?? RUNTIME));
  const owners = new Uint16Array(code.length);
  const lines = decodeMappings(map.mappings);
  let lineStart = 0;
  for (const [index, lineText] of code.split('\n').entries()) {
    const segments = lines[index] ?? [];
    for (const [at, [column, source]] of segments.entries()) {
      const end = at + 1 < segments.length ? segments[at + 1][0] : lineText.length + 1;
      owners.fill(source >= 0 ? sourceOwners[source] : 0, lineStart + column, lineStart + end);
    }
    lineStart += lineText.length + 1;
  }
  return { names, owners };
}

/**
 * Stylesheets imported as text are plain strings that terser inlines where they are used, so the map
 * gives their bytes to the importing module; this finds each one and gives it back to its own part.
 */
export async function claimStylesheets(code, metafile, { names, owners }) {
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^[\w-]+:(.+\.css)$/.exec(input);
    if (!match) continue;
    const { code: css } = await transform(await readFile(match[1], 'utf8'), { loader: 'css', minify: true });
    const escaped = JSON.stringify(css.trim()).slice(1, -1);
    const at = code.indexOf(escaped);
    if (at < 0) continue;
    const part = `${partOf(match[1])} stylesheets`;
    const index = names.includes(part) ? names.indexOf(part) : names.push(part) - 1;
    owners.fill(index, at, at + escaped.length);
  }
}

/** Turns per-byte owners into each part's byte ranges. */
export function rangesOf({ names, owners }) {
  const parts = new Map();
  let start = 0;
  for (let at = 1; at <= owners.length; at += 1) {
    if (at < owners.length && owners[at] === owners[start]) continue;
    const name = names[owners[start]];
    if (!parts.has(name)) parts.set(name, []);
    parts.get(name).push([start, at]);
    start = at;
  }
  return parts;
}
