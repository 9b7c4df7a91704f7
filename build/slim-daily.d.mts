import type { Plugin } from 'esbuild';

/** daily-js's code with the Sentry integrations it filters out by name no longer built at all. */
export function dropFilteredIntegrations(code: string): string;
/** daily-js's code with its error report to Daily's telemetry service emptied. */
export function dropErrorReports(code: string): string;
/** Resolves @daily-co/daily-js to its ES module build, applies these changes and leaves its unused methods out. */
export const slimDailyPlugin: Plugin;
