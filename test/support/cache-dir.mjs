// @ts-check
// Where the tests keep what they unpack or install outside the repository: Chromium unpacked from its
// npm package, and the n8n install of the real-n8n suite. Both are large and slow to make, so they are
// kept across runs and across fresh clones.
import { readdir, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The folder for this project's test caches: `$XDG_CACHE_HOME/store-assistant`, or
 * `~/.cache/store-assistant` when XDG_CACHE_HOME is unset (the XDG base-directory default).
 */
export function testCacheDir() {
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'store-assistant');
}

/**
 * Removes `<cache>/<name>.partial-*` folders older than `maxAgeMs`: scratch folders of an install or
 * unpacking that was killed before it could clean up. Younger ones may belong to a run still going.
 * @param {string} name
 * @param {number} maxAgeMs
 */
export async function removeStalePartials(name, maxAgeMs) {
  const dir = testCacheDir();
  const entries = await readdir(dir).catch(() => []);
  const stale = [];
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.partial-`)) continue;
    const info = await stat(path.join(dir, entry)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > maxAgeMs) stale.push(path.join(dir, entry));
  }
  await Promise.all(stale.map((folder) => rm(folder, { recursive: true, force: true })));
}
