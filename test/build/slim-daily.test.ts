import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropErrorReports, dropFilteredIntegrations } from '../../build/patches/slim-daily.mjs';

// daily-js builds Sentry's default integrations and filters three out by name; the build leaves those
// three out of the list instead. The same integrations must reach Sentry, and anything unexpected must
// stop the build rather than patch the wrong code.

const FILTER = '.filter((function(e){return!["BrowserApiErrors","Breadcrumbs","GlobalHandlers"].includes(e.name)}))';
const factories = [
  ',Aa=(e={})=>{const t={ignore:!0,...e};return{name:"InboundFilters",processEvent(){}}}',
  ',Bb=(e={})=>{const t={setTimeout:!0,...e};return{name:"BrowserApiErrors",setupOnce(){}}}',
  ',C$=(e={})=>{const t={console:!0,dom:!0,...e};return{name:"Breadcrumbs",setup(){}}}',
  ',Dd=(e={})=>{const t={onerror:!0,...e};return{name:"GlobalHandlers",setup(){}}}',
  ',Ee=()=>({name:"HttpContext",preprocessEvent(){}})',
  ',Ff=()=>({name:"BrowserSession",setupOnce(){}})',
].join('');
const list = (calls: string, filter = FILTER) =>
  `h=function(e){const t=[${calls}];return!1!==e.autoSessionTracking&&t.push(Ff()),t}({})${filter},f=1`;

describe('dropFilteredIntegrations', () => {
  it('leaves exactly the filtered integrations out of the list', () => {
    const patched = dropFilteredIntegrations(`var x${factories};${list('Aa(),Bb(),C$(),Dd(),Ee()')}`);
    expect(patched).toContain('const t=[Aa(),Ee()];return!1!==e.autoSessionTracking&&t.push(Ff())');
    expect(patched).toContain(FILTER);
  });

  it.each([
    ['the list is missing', `var x${factories};`, /found it 0 times/],
    ['the list is there twice', `var x${factories};${list('Aa(),Ee()')};${list('Aa(),Ee()')}`, /found it 2 times/],
    [
      'other names are filtered',
      `var x${factories};${list('Aa(),Bb(),Ee()', FILTER.replace('"Breadcrumbs"', '"Dedupe"'))}`,
      /now filters out/,
    ],
    [
      'a filtered factory is not found',
      `var x${factories.replace(',Dd=', ',Zz=')};${list('Aa(),Bb(),C$(),Dd(),Ee()')}`,
      /found 2 of the 3/,
    ],
  ])('refuses to patch when %s', (_, code, error) => {
    expect(() => dropFilteredIntegrations(code)).toThrow(error);
  });

  it('applies to the installed daily-js', () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve('@daily-co/daily-js/package.json'));
    const code = readFileSync(path.join(folder, 'dist/daily-esm.js'), 'utf8');
    const patched = dropFilteredIntegrations(code);
    const before = /const t=\[([^\]]+)\];return!1!==e\.autoSessionTracking/.exec(code)?.[1]?.split(',') ?? [];
    const after = /const t=\[([^\]]+)\];return!1!==e\.autoSessionTracking/.exec(patched)?.[1]?.split(',') ?? [];
    expect(before).toHaveLength(8);
    expect(after).toHaveLength(5);
    expect(before.filter((call) => !after.includes(call))).toHaveLength(3);
    expect(patched.length).toBe(code.length - 15);
  });
});

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
