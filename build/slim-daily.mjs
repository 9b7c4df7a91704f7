// Build-time changes to @daily-co/daily-js (the WebRTC client @vapi-ai/web calls through) that keep its
// behaviour and take bytes out of the bundle. It ships pre-bundled: one minified file with its own copy
// of the Sentry browser SDK, which it uses to report a call's fatal errors to Daily.
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Resolves `@daily-co/daily-js` to its ES module build (the package's `main` is a webpack UMD file,
 * which esbuild would pick because @vapi-ai/web `require`s it): module scope lets the bundler drop
 * what nothing uses.
 */
export const slimDailyPlugin = {
  name: 'slim-daily',
  setup(pluginBuild) {
    const folder = path.dirname(createRequire(import.meta.url).resolve('@daily-co/daily-js/package.json'));
    const moduleBuild = path.join(folder, 'dist/daily-esm.js');
    pluginBuild.onResolve({ filter: /^@daily-co\/daily-js$/ }, () => ({ path: moduleBuild }));
  },
};
