/** The folder for this project's test caches: `$XDG_CACHE_HOME/store-assistant` or `~/.cache/store-assistant`. */
export function testCacheDir(): string;
/** Removes `<cache>/<name>.partial-*` scratch folders older than `maxAgeMs`, left by a killed run. */
export function removeStalePartials(name: string, maxAgeMs: number): Promise<void>;
