import type { Plugin } from 'esbuild';

/** Our modules that stand in for third-party ones (absolute paths). */
export const REPLACEMENTS: { vapiClient: string; events: string };

/** Rewrites esbuild's minified `__export` helper to define own keys only; throws unless it occurs exactly once. */
export function hardenNamespaceHelper(code: string, file?: string): string;

/** The esbuild plugin applying every patch of third-party code (see build/third-party-patches.mjs). */
export const thirdPartyPatchesPlugin: Plugin;
