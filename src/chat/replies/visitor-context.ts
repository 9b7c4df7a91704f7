import type { SafeStorage } from '../../common/storage';
import { isJsonObject, own } from '../../common/own';
import { explicitRequest } from './request-options';
import { safeStringify } from '../../common/safe-json';

/** The visit's cached lookup, in session storage so each visit asks once. */
export const GEO_CACHE_KEY = 'store-assistant:geo';
/** Retries after the first attempt (3, with exponential back-off from 1 s up to 30 s). */
export const GEO_RETRIES = 3;
export const GEO_FIRST_DELAY_MS = 1_000;
export const GEO_MAX_DELAY_MS = 30_000;
/** Larger answers are not forwarded: the webhook wants a country, not a database. */
export const MAX_GEO_LENGTH = 4_096;

/** The wait before retry `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function geoRetryDelay(attempt: number): number {
  return Math.min(GEO_MAX_DELAY_MS, GEO_FIRST_DELAY_MS * 2 ** (attempt - 1));
}

export interface GeoLookup {
  url: string;
  fetch: typeof fetch;
  cache: SafeStorage;
  sleep: (ms: number) => Promise<void>;
}

function readCached(cache: SafeStorage, url: string): { value: unknown } | null {
  try {
    const cached: unknown = JSON.parse(cache.get(GEO_CACHE_KEY) ?? 'null');
    const value = own(cached, 'value');
    return own(cached, 'url') === url && isJsonObject(value) ? { value } : null;
  } catch {
    return null;
  }
}

async function fetchOnce(lookup: GeoLookup): Promise<Record<string, unknown>> {
  const response = await lookup.fetch(lookup.url, explicitRequest({ method: 'GET', credentials: 'omit' }));
  if (!response.ok) throw new Error(`the lookup answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_GEO_LENGTH) throw new Error('the lookup answer is too large');
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('the lookup did not answer with a JSON object');
  return value as Record<string, unknown>;
}

/**
 * The visitor context for `context.geo`: one GET per visit, retried {@link GEO_RETRIES} times with
 * exponential back-off, cached in session storage. Resolves to null when every attempt failed.
 */
export async function lookupVisitorContext(lookup: GeoLookup): Promise<unknown> {
  const cached = readCached(lookup.cache, lookup.url);
  if (cached) return cached.value;
  for (let attempt = 0; attempt <= GEO_RETRIES; attempt++) {
    if (attempt > 0) await lookup.sleep(geoRetryDelay(attempt));
    try {
      const value = await fetchOnce(lookup);
      lookup.cache.set(GEO_CACHE_KEY, safeStringify({ url: lookup.url, value }));
      return value;
    } catch {
      // try again after the back-off
    }
  }
  return null;
}

/** How long a message waits for a visitor-context lookup that is still running before it is sent without. */
export const GEO_WAIT_MS = 2_000;

/** The visit's `context.geo` for webhook requests, looked up once per `geo-url`. */
export function createVisitorContextSource(deps: {
  fetch: typeof fetch;
  sessionStorage: SafeStorage;
  sleep: (ms: number) => Promise<void>;
}) {
  let geo: { url: string; value: Promise<unknown> } | null = null;
  return {
    /** Starts the lookup when a `geo-url` is configured (once per URL); none without. */
    configure(url: string | null): void {
      if (!url) geo = null;
      else if (geo?.url !== url)
        geo = {
          url,
          value: lookupVisitorContext({ url, fetch: deps.fetch, cache: deps.sessionStorage, sleep: deps.sleep }),
        };
    },

    /** Whether requests wait for a lookup (without a geo-url they leave without waiting). */
    get configured(): boolean {
      return geo !== null;
    },

    /** The context to send, waiting at most {@link GEO_WAIT_MS} for a lookup still running. */
    async read(): Promise<{ geo: unknown } | undefined> {
      if (!geo) return undefined;
      const value = await Promise.race([geo.value, deps.sleep(GEO_WAIT_MS).then(() => null)]);
      return value === null || value === undefined ? undefined : { geo: value };
    },
  };
}
