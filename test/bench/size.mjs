// Size: the main script's gzip size against the budget, the parts beside it, and our own code's share (bundle minus the
// dependencies built the same way).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle, buildParts } from '../../build.mjs';

/** The size budget: 150 KB gzip (KiB, as the CI check counts them). */
export const SIZE_BUDGET_BYTES = 150 * 1024;

const here = path.dirname(fileURLToPath(import.meta.url));

export async function benchSize() {
  const bundle = await buildBundle({ quiet: true });
  const parts = await buildParts({ quiet: true });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-assistant-deps-'));
  try {
    const deps = await buildBundle({
      quiet: true,
      entry: path.join(here, 'dependencies-entry.ts'),
      file: path.join(dir, 'deps.js'),
    });
    const ours = bundle.gzip - deps.gzip;
    const kib = (bytes) => Number((bytes / 1024).toFixed(1));
    return [
      {
        group: 'size',
        name: 'bundle, gzip',
        value: kib(bundle.gzip),
        unit: 'KB',
        budget: { max: SIZE_BUDGET_BYTES / 1024 },
        pass: bundle.gzip <= SIZE_BUDGET_BYTES,
      },
      { group: 'size', name: 'bundle, raw', value: kib(bundle.raw), unit: 'KB' },
      { group: 'size', name: 'dependencies, gzip', value: kib(deps.gzip), unit: 'KB' },
      { group: 'size', name: 'our own code, gzip', value: kib(ours), unit: 'KB' },
      { group: 'size', name: 'our own code, share', value: Number(((ours / bundle.gzip) * 100).toFixed(1)), unit: '%' },
      {
        group: 'size',
        name: 'voice part beside it (when a call starts), gzip',
        value: kib(parts.voice?.gzip ?? 0),
        unit: 'KB',
      },
      {
        group: 'size',
        name: 'markdown part beside it (once the chat is in view), gzip',
        value: kib(parts.markdown?.gzip ?? 0),
        unit: 'KB',
      },
      {
        group: 'size',
        name: 'largest language beside it (for its readers), gzip',
        value: kib(
          Math.max(
            ...Object.entries(parts)
              .filter(([name]) => name.startsWith('lang-'))
              .map(([, size]) => size.gzip),
          ),
        ),
        unit: 'KB',
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
