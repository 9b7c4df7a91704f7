/** One part of the bundle: an npm package, a folder of src/ or the bundler runtime. */
export interface PartSize {
  part: string;
  /** The installed version, for npm packages. */
  version: string;
  /** Minified bytes in the shipped file. */
  raw: number;
  /** What the part adds to the gzipped bundle, in bytes. */
  gzip: number;
}

export interface SizeReport {
  total: { raw: number; gzip: number };
  rows: PartSize[];
  shared: number;
  packages: string[];
}

/** The npm packages the build's metafile lists as inputs, by name, with their installed versions. */
export function packagesOfMetafile(metafile: { inputs: Record<string, unknown> }): Promise<Map<string, string>>;
/** Measures a built bundle next to its `.map` and `.meta.json`. */
export function measureParts(file: string): Promise<SizeReport>;
/** The measurement as docs/performance.md's Markdown table. */
export function markdownTable(report: SizeReport): string;
/** The package names a table written by `markdownTable` lists. */
export function packagesInTable(markdown: string): string[];
/** A page's generated size table (docs/performance.md), or null without its markers. */
export function sizeTable(page: string): string | null;
