/** A source map, as far as these functions read and write it. */
interface SourceMap {
  sources: string[];
  mappings: string;
  [key: string]: unknown;
}
/** The modules whose function is compiled eagerly (source map source paths end with these, or lie in a folder ending in `/`). */
export const EAGER_MODULES: readonly string[];
/** `code` with the function of each of `modules` in parentheses, its source map moved to match, and how many were wrapped. */
export function markEagerModules(code: string, map: SourceMap, modules?: readonly string[], options?: { required?: boolean }): { code: string; map: SourceMap; wrapped: number };
/** Which of `modules` have their function in parentheses in `code`. */
export function eagerModulesIn(code: string, map: SourceMap, modules?: readonly string[]): string[];
