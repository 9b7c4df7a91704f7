// @ts-check
// Build-time changes to @daily-co/daily-js (the WebRTC client @vapi-ai/web calls through) that keep its
// behaviour and take bytes out of the bundle. It ships pre-bundled: one minified file with its own copy
// of the Sentry browser SDK, which it uses to report a call's fatal errors to Daily.
import { readFile } from 'node:fs/promises';
import { dropUnusedMethods, namesWord, UNUSED_DAILY_METHODS } from './daily-unused-methods.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The start of daily-js's method that reports a call's fatal errors to Daily's error-telemetry service. */
const ERROR_REPORT_METHOD = '{key:"_maybeSendToSentry",value:function(e){';

/**
 * daily-js reports a call's fatal errors (failed joins, ejections) to Daily's own error-telemetry
 * service, with the call's URL, the browser and the page's origin: from a store's page, to a third party
 * the store never chose. This empties that method, so nothing is sent and the Sentry SDK daily-js
 * carries for it leaves the bundle (about 18 KB gzip). The widget still shows the failure and emits
 * its own `store-assistant:error`. Throws when the method is not found exactly once.
 * @param {string} code
 */
export function dropErrorReports(code) {
  const start = code.indexOf(ERROR_REPORT_METHOD);
  if (start < 0 || code.indexOf(ERROR_REPORT_METHOD, start + 1) >= 0)
    throw new Error('daily-js: expected its _maybeSendToSentry method once');
  let depth = 1;
  let end = start + ERROR_REPORT_METHOD.length;
  for (; end < code.length && depth > 0; end += 1) {
    if (code[end] === '{') depth += 1;
    else if (code[end] === '}') depth -= 1;
  }
  if (depth !== 0) throw new Error('daily-js: the _maybeSendToSentry method does not close');
  return `${code.slice(0, start)}${ERROR_REPORT_METHOD}}${code.slice(end)}`;
}

/**
 * Resolves `@daily-co/daily-js` to its ES module build (the package's `main` is a webpack UMD file,
 * which esbuild would pick because @vapi-ai/web `require`s it): module scope lets the bundler drop
 * what nothing uses. Then applies `dropErrorReports` and
 * `dropUnusedMethods` (build/patches/daily-unused-methods.mjs), and fails the build when @vapi-ai/web names a
 * method that leaves.
 * @type {import('esbuild').Plugin}
 */
export const slimDailyPlugin = {
  name: 'slim-daily',
  setup(pluginBuild) {
    const folder = path.dirname(createRequire(import.meta.url).resolve('@daily-co/daily-js/package.json'));
    const moduleBuild = path.join(folder, 'dist/daily-esm.js');
    pluginBuild.onResolve({ filter: /^@daily-co\/daily-js$/ }, () => ({ path: moduleBuild }));
    pluginBuild.onLoad({ filter: /[\\/]daily-esm\.js$/ }, async (args) =>
      args.path === moduleBuild
        ? {
            contents: dropUnusedMethods(dropErrorReports(await readFile(args.path, 'utf8'))),
            loader: 'js',
          }
        : undefined,
    );
    // Checked only: the file loads as usual.
    pluginBuild.onLoad({ filter: /[\\/]@vapi-ai[\\/]web[\\/]dist[\\/][\w-]+\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      const named = UNUSED_DAILY_METHODS.filter((name) => namesWord(code, name));
      if (named.length > 0) {
        const file = path.relative(process.cwd(), args.path);
        return {
          errors: [
            {
              text: `${file} names daily-js methods the build leaves out (${named.join(', ')}): see build/patches/daily-unused-methods.mjs`,
            },
          ],
        };
      }
      return undefined;
    });
  },
};
