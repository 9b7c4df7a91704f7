import { describe, expect, it } from 'vitest';
import { dropErrorReports } from '../../build/patches/slim-daily.mjs';

describe('dropErrorReports', () => {
  const method = (body: string) => `{key:"_maybeSendToSentry",value:function(e){${body}}}`;

  it('empties the error-report method, braces inside it and all, and leaves the rest', () => {
    const code = `a={x:1};${method('if(e){report({a:{b:1}})}')};b={y:2}`;
    expect(dropErrorReports(code)).toBe(`a={x:1};${method('')};b={y:2}`);
  });

  it('finds the method in the installed daily-js', async () => {
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const path = await import('node:path');
    const folder = path.dirname(createRequire(import.meta.url).resolve('@daily-co/daily-js/package.json'));
    const patched = dropErrorReports(await readFile(path.join(folder, 'dist/daily-esm.js'), 'utf8'));
    expect(patched).toContain(method(''));
  });

  it.each([
    ['missing', 'nothing here'],
    ['twice', `${method('a()')}${method('b()')}`],
    ['unclosed', '{key:"_maybeSendToSentry",value:function(e){if(e){'],
  ])('refuses daily-js code where the method is %s', (_, code) => {
    expect(() => dropErrorReports(code)).toThrow(/daily-js/);
  });
});
