// Where the tests keep what they unpack or install outside the repository: Chromium unpacked from its
// npm package, and the n8n install of the real-n8n suite. Both are large and slow to make, so they are
// kept across runs and across fresh clones.
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
