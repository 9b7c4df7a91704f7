// The configurator's explanations of refused values (demo/configurator/element-rules.ts): the verdict
// is the element's own, the wording the configurator's.
import { describe, expect, it } from 'vitest';
import {
  backgroundRefusal,
  checkImage,
  cleanText,
  colourRefusal,
  readAsElement,
} from '../../demo/configurator/element-rules';

describe('colour and background refusals', () => {
  it.each([
    ['#0f766e', null],
    ['red; background: url(https://evil.example/x.png)', 'may not contain ;'],
    ['rgb(1 2 3', 'has a ( without its )'],
    ['rgb(1 2 3))', 'has a ) without its ('],
    ['foo(1)', 'uses foo(), which is not a colour'],
    ['a!b', 'may only use letters, digits, spaces and # % . , ( ) / + -'],
    ['#'.padEnd(301, 'a'), 'is longer than 300 characters'],
    ['linear-gradient(red, blue)', 'is not a colour'],
  ])('colour %s', (value, refusal) => expect(colourRefusal(value)).toBe(refusal));

  it.each([
    ['linear-gradient(135deg, #134e4a 0%, #f59e0b 100%)', null],
    ['#fff7ed', null],
    ['qwerty1', 'is neither a colour nor a gradient'],
    ['linear-gradient(red, blue), linear-gradient(red, blue)', 'is not one gradient'],
    ['red linear-gradient(red, blue)', 'is not one gradient'],
    ['var(--x)', 'may not contain var('],
  ])('background %s', (value, refusal) => expect(backgroundRefusal(value)).toBe(refusal));
});

describe('image addresses', () => {
  it.each([
    ['https://cdn.example/logo.png', { url: 'https://cdn.example/logo.png' }],
    ['javascript:alert(1)', { problem: 'must start with https: (or be a data:image or a path on this site)' }],
    ['data:text/html,hi', { problem: expect.stringContaining('is a data: address the assistant cannot show') }],
    [
      `https://cdn.example/${'a'.repeat(64 * 1024)}`,
      { problem: 'is longer than 64 KB: use a smaller image or an https: address' },
    ],
  ])('%s', (value, expected) => expect(checkImage(value)).toEqual(expected));

  it('accepts a path on this (plain http) site, warning that a store on another site refuses it', () => {
    expect(location.protocol).toBe('http:');
    expect(checkImage('/assets/images/logo.svg')).toEqual({
      url: `${location.origin}/assets/images/logo.svg`,
      warning: expect.stringContaining('is on this site over plain http'),
    });
  });
});

describe('the element as the judge', () => {
  it.each([
    ['webhook-url', '/api/chat', true],
    ['webhook-url', 'ftp://example.com/hook', false],
    ['vapi-public-key', 'pk_live-1', true],
    ['vapi-public-key', 'bad key!', false],
    ['store-domain', 'shop.example', true],
    ['store-domain', 'https://shop.example', false],
    ['typing-speed', '1000', true],
    ['typing-speed', '5000', false],
  ] as const)('%s="%s" accepted: %s', (name, value, accepted) =>
    expect(readAsElement(name, value).accepted).toBe(accepted),
  );

  it('reads the value as the element does', () => {
    expect(readAsElement('image-hosts', 'CDN.example, bad_host!').config.imageHosts).toEqual(['cdn.example']);
    expect(readAsElement('typing-speed', '08').config.typingSpeed).toBe(8);
  });

  it('cleans texts as the element does', () => {
    expect(cleanText('  Harbour\u0001 & Pine \n')).toBe('Harbour & Pine');
    expect(cleanText('\u0007 ')).toBe('');
  });
});
