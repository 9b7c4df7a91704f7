import type { Plugin } from 'esbuild';

/** Resolves @daily-co/daily-js to its ES module build. */
export const slimDailyPlugin: Plugin;
