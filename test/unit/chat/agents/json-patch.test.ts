import { describe, expect, it } from 'vitest';
import { applyPatch } from '../../../../src/chat/ag-ui/json-patch';

// JSON Patch (RFC 6902) as AG-UI's STATE_DELTA carries it; the cases follow the RFC's appendix A.

describe('applyPatch', () => {
  it.each([
    ['adds an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { foo: 'bar', baz: 'qux' }],
    [
      'adds an array element',
      { foo: ['bar', 'baz'] },
      [{ op: 'add', path: '/foo/1', value: 'qux' }],
      { foo: ['bar', 'qux', 'baz'] },
    ],
    ['appends with -', { foo: [1] }, [{ op: 'add', path: '/foo/-', value: 2 }], { foo: [1, 2] }],
    ['removes an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
    [
      'removes an array element',
      { foo: ['bar', 'qux', 'baz'] },
      [{ op: 'remove', path: '/foo/1' }],
      { foo: ['bar', 'baz'] },
    ],
    [
      'replaces a value',
      { baz: 'qux', foo: 'bar' },
      [{ op: 'replace', path: '/baz', value: 'boo' }],
      { baz: 'boo', foo: 'bar' },
    ],
    [
      'moves a value',
      { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
      [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
      { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
    ],
    ['copies a value', { foo: [1] }, [{ op: 'copy', from: '/foo', path: '/bar' }], { foo: [1], bar: [1] }],
    [
      'passes a test',
      { baz: 'qux' },
      [
        { op: 'test', path: '/baz', value: 'qux' },
        { op: 'add', path: '/ok', value: true },
      ],
      { baz: 'qux', ok: true },
    ],
    [
      'reads ~0 and ~1 in a key',
      { 'a/b': 1, 'm~n': 2 },
      [
        { op: 'replace', path: '/a~1b', value: 3 },
        { op: 'remove', path: '/m~0n' },
      ],
      { 'a/b': 3 },
    ],
    ['replaces the whole document', { a: 1 }, [{ op: 'replace', path: '', value: { b: 2 } }], { b: 2 }],
  ])('%s', (_, document, patch, expected) => {
    expect(applyPatch(document, patch)).toEqual(expected);
  });

  it.each([
    [
      'a failed test',
      [
        { op: 'add', path: '/x', value: 1 },
        { op: 'test', path: '/baz', value: 'other' },
      ],
    ],
    ['a path that is not there', [{ op: 'remove', path: '/nope' }]],
    ['an index past the end', [{ op: 'add', path: '/list/5', value: 1 }]],
    ['an unknown operation', [{ op: 'merge', path: '/baz', value: 1 }]],
    ['a path without its slash', [{ op: 'add', path: 'baz', value: 1 }]],
  ])('%s changes nothing: the patch applies whole or not at all', (_, patch) => {
    const document = { baz: 'qux', list: [1] };
    expect(applyPatch(document, patch)).toEqual({ baz: 'qux', list: [1] });
  });

  it('never reaches a prototype', () => {
    const patched = applyPatch({}, [{ op: 'add', path: '/__proto__/polluted', value: true }]);
    expect(patched).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(applyPatch({ a: 1 }, [{ op: 'add', path: '/constructor/prototype/x', value: 1 }])).toEqual({ a: 1 });
    const replaced = applyPatch({ a: 1 }, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(Object.getPrototypeOf(replaced)).toBe(Object.prototype);
    expect((replaced as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves the document it was given as it was', () => {
    const document = { list: [1] };
    applyPatch(document, [{ op: 'add', path: '/list/-', value: 2 }]);
    expect(document).toEqual({ list: [1] });
  });

  it('a patch that is not a list changes nothing', () => {
    expect(applyPatch({ a: 1 }, { op: 'remove', path: '/a' })).toEqual({ a: 1 });
  });
});
