// @ts-check
// Builds the demo's configurator page script (demo/configurator/*.ts) into demo/build/configurator.js,
// which the demo server serves at /build/configurator.js. It is not part of the widget: it drives the
// widget from the outside, as a store page would, and reuses the widget's own validation rules.
import { build } from 'esbuild';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the configurator's script is written. */
export const CONFIGURATOR_OUTFILE = path.join(root, 'demo/build/configurator.js');

/** Builds the configurator's script and its source map; returns the script's size in bytes. */
export async function buildConfigurator({ quiet = false } = {}) {
  const started = performance.now();
  await build({
    entryPoints: [path.join(root, 'demo/configurator/main.ts')],
    outfile: CONFIGURATOR_OUTFILE,
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: true,
    target: 'es2022',
    logLevel: 'warning',
  });
  const bytes = (await stat(CONFIGURATOR_OUTFILE)).size;
  if (!quiet)
    console.log(
      `${path.relative(root, CONFIGURATOR_OUTFILE)}  ${(bytes / 1024).toFixed(1)} KB in ${Math.round(performance.now() - started)} ms`,
    );
  return bytes;
}
