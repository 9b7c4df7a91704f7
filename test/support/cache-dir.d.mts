/** The folder for this project's test caches: `$XDG_CACHE_HOME/store-assistant` or `~/.cache/store-assistant`. */
export function testCacheDir(): string;
