/** What the bytes mapped to no source file are: esbuild's module wrappers and helpers. */
export const RUNTIME: string;
/** A source map's `mappings`, per generated line: segments as [column, source index or -1, original line, original column]. */
export function decodeSegments(mappings: string): Array<Array<[number, number, number, number]>>;
/** A source map's `mappings`, per generated line: segments as [column, source index or -1 when unmapped]. */
export function decodeMappings(mappings: string): Array<Array<[number, number]>>;
/** The part a source belongs to: `react-dom`, `@scope/name`, `src/ui`, `src`, or null (not a file). */
export function partOf(source: string): string | null;
/** Every byte of `code` given to a part through `map`: the part names and, per byte, its part's index. */
export function ownersOfBytes(code: string, map: { sources: string[]; mappings: string }): { names: string[]; owners: Uint16Array };
/** Per part, the [start, end) byte ranges it owns. */
export function rangesOf(owned: { names: string[]; owners: Uint16Array }): Map<string, Array<[number, number]>>;
