import { describe, expect, it } from 'vitest';
import { pageLocation } from '../../../src/common/page-location';

/** A window as far as pageLocation reads it. */
const fakeWindow = (locationOrigin: string, selfOrigin: string, baseURI: string) =>
  ({ location: { origin: locationOrigin }, origin: selfOrigin, document: { baseURI } }) as unknown as Window;

describe('pageLocation', () => {
  it.each([
    [
      'a page',
      fakeWindow('https://shop.example', 'https://shop.example', 'https://shop.example/p/1'),
      { origin: 'https://shop.example', host: 'shop.example', baseUrl: 'https://shop.example/p/1' },
    ],
    [
      "an <iframe srcdoc> (its creator's origin and base)",
      fakeWindow('null', 'https://shop.example', 'https://shop.example/builder'),
      { origin: 'https://shop.example', host: 'shop.example', baseUrl: 'https://shop.example/builder' },
    ],
    [
      'a sandboxed frame (an opaque origin)',
      fakeWindow('null', 'null', 'http://127.0.0.1:8080/preview'),
      { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080', baseUrl: 'http://127.0.0.1:8080/preview' },
    ],
    [
      'a document with nothing http(s) about it',
      fakeWindow('null', 'null', 'about:blank'),
      { origin: 'null', host: '', baseUrl: 'about:blank' },
    ],
  ])('%s', (_, win, expected) => {
    expect(pageLocation(win)).toEqual(expected);
  });

  it('never throws, even when every property throws', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('denied');
        },
      },
    ) as Window;
    expect(pageLocation(hostile)).toEqual({ origin: 'null', host: '', baseUrl: 'null' });
  });
});
