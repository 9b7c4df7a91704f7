import { afterEach, describe, expect, it } from 'vitest';
import { explicitRequest } from '../../../../src/chat/replies/request-options';

/** Every member of the Fetch standard's RequestInit that the browser reads (duplex only matters for streams we never send). */
const MEMBERS = [
  'method',
  'headers',
  'body',
  'signal',
  'credentials',
  'mode',
  'cache',
  'redirect',
  'referrer',
  'referrerPolicy',
  'integrity',
  'keepalive',
  'priority',
  'window',
] as const;

const prototype = Object.prototype as unknown as Record<string, unknown>;

describe('fetch options for a hostile page', () => {
  afterEach(() => {
    for (const member of MEMBERS) delete prototype[member];
  });

  it.each([
    ['the webhook POST', { method: 'POST', credentials: 'same-origin', body: '{}' }],
    ['the visitor-context GET', { method: 'GET', credentials: 'omit' }],
  ] as const)('%s sets every member as its own property', (_name, init) => {
    const options = explicitRequest(init) as Record<string, unknown>;
    expect(MEMBERS.filter((member) => !Object.prototype.hasOwnProperty.call(options, member))).toEqual([]);
    expect(Object.getPrototypeOf(options)).toBe(Object.prototype);
  });

  it('values a page put on Object.prototype change nothing', () => {
    Object.assign(prototype, {
      integrity: 'sha256-AAAA',
      keepalive: true,
      body: 'leak',
      mode: 'no-cors',
      referrer: 'https://evil.example/',
    });
    const options = explicitRequest({ method: 'GET', credentials: 'omit' });
    expect({
      integrity: options.integrity,
      keepalive: options.keepalive,
      body: options.body,
      mode: options.mode,
      referrer: options.referrer,
    }).toEqual({
      integrity: '',
      keepalive: false,
      body: null,
      mode: 'cors',
      referrer: 'about:client',
    });
  });

  it('what the caller gives wins over the defaults', () => {
    const signal = new AbortController().signal;
    const options = explicitRequest({ method: 'POST', credentials: 'same-origin', body: 'x', signal });
    expect([options.method, options.credentials, options.body, options.signal]).toEqual([
      'POST',
      'same-origin',
      'x',
      signal,
    ]);
  });
});
