import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../../src/common/storage';
import { GEO_CACHE_KEY, lookupVisitorContext } from '../../../../src/chat/replies/visitor-context';
import { fakeFetch, jsonReply } from '../../../support/fetch';

describe('lookupVisitorContext', () => {
  it('GETs the URL once and caches the answer for the visit', async () => {
    const { fetch, requests } = fakeFetch(() => jsonReply({ country: 'DE', city: 'Berlin' }));
    const cache = memoryStorage();
    const sleep = vi.fn(async () => undefined);
    const lookup = { url: 'https://geo.example/json', fetch, cache, sleep };
    expect(await lookupVisitorContext(lookup)).toEqual({ country: 'DE', city: 'Berlin' });
    expect(await lookupVisitorContext(lookup)).toEqual({ country: 'DE', city: 'Berlin' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(cache.get(GEO_CACHE_KEY)).toContain('Berlin');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries 3 times with exponential back-off from 1 s, then gives up with null', async () => {
    const { fetch, requests } = fakeFetch(() => new Response('busy', { status: 503 }));
    const delays: number[] = [];
    const result = await lookupVisitorContext({
      url: 'https://geo.example/json',
      fetch,
      cache: memoryStorage(),
      sleep: async (ms) => void delays.push(ms),
    });
    expect(result).toBeNull();
    expect(requests).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('succeeds on a retry', async () => {
    let attempts = 0;
    const { fetch } = fakeFetch(() =>
      ++attempts < 3 ? Promise.reject(new TypeError('offline')) : jsonReply({ country: 'FR' }),
    );
    expect(
      await lookupVisitorContext({
        url: 'https://geo.example/json',
        fetch,
        cache: memoryStorage(),
        sleep: async () => undefined,
      }),
    ).toEqual({ country: 'FR' });
  });

  it.each([
    ['an array', jsonReply([1, 2])],
    ['a string', jsonReply('DE')],
    ['HTML', new Response('<html>', { status: 200 })],
    ['a huge body', jsonReply({ blob: 'x'.repeat(10_000) })],
  ])('does not forward %s', async (_, response) => {
    const { fetch } = fakeFetch(() => response.clone());
    expect(
      await lookupVisitorContext({
        url: 'https://geo.example/json',
        fetch,
        cache: memoryStorage(),
        sleep: async () => undefined,
      }),
    ).toBeNull();
  });

  it('ignores a cache written for another URL', async () => {
    const cache = memoryStorage({
      [GEO_CACHE_KEY]: JSON.stringify({ url: 'https://other.example', value: { country: 'XX' } }),
    });
    const { fetch } = fakeFetch(() => jsonReply({ country: 'DE' }));
    expect(
      await lookupVisitorContext({ url: 'https://geo.example/json', fetch, cache, sleep: async () => undefined }),
    ).toEqual({ country: 'DE' });
  });
});
