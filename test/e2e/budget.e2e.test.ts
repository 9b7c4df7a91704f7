import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../build/public-api/contract';
import { publicApiFiles } from '../../build/public-api/index';
import { EAGER_MODULES, eagerModulesIn } from '../../build/eager-compile.mjs';
import { packagesInTable, packagesOfMetafile, sizeTable } from '../../build/size-report.mjs';

// The size budget is checked on every test run, on the bundle the browser tests use (built by the e2e
// global setup). `npm run bench` measures the rest of the performance budgets.
const SIZE_BUDGET_BYTES = 185 * 1024;
/** A language beside the script: one small request, for the visitors who read it. */
const LANGUAGE_BUDGET_BYTES = 6 * 1024;
/** The voice SDK beside the script (Vapi's and Daily's clients), loaded when a call starts. */
const VOICE_BUDGET_BYTES = 42 * 1024;

const DIST = path.join(__dirname, '../../dist');

/** The parts the build wrote beside the script: `store-assistant.<name>.js`. */
function partFiles(): string[] {
  return readdirSync(DIST).filter((file) => /^store-assistant\.[a-z0-9-]+\.js$/.test(file));
}

describe('bundle budget', () => {
  it('dist/store-assistant.js is at most 185 KB gzip, everything inside', () => {
    const code = readFileSync(path.join(__dirname, '../../dist/store-assistant.js'));
    const gzip = gzipSync(code, { level: 9 }).length;
    expect(gzip, `bundle is ${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(SIZE_BUDGET_BYTES);
  });

  it('is plain ASCII, so a page served without a charset (or as Latin-1) cannot garble the translations', () => {
    for (const file of ['store-assistant.js', ...partFiles()]) {
      const code = readFileSync(path.join(DIST, file));
      const firstNonAscii = code.findIndex((byte) => byte > 0x7f);
      expect(firstNonAscii, `${file}: non-ASCII byte at ${firstNonAscii}`).toBe(-1);
    }
  });

  it('leaves the voice SDK and every language but English to the parts beside it, each loaded only when needed', () => {
    const parts = partFiles();
    expect(parts).toContain('store-assistant.voice.js');
    const languages = readdirSync(path.join(__dirname, '../../src/i18n/languages')).map(
      (file) => `store-assistant.lang-${file.replace(/\.ts$/, '').toLowerCase()}.js`,
    );
    expect(parts.filter((file) => file.includes('.lang-')).sort()).toEqual(languages.sort());
    const inputs = Object.keys(JSON.parse(readFileSync(path.join(DIST, 'store-assistant.meta.json'), 'utf8')).inputs);
    expect(inputs.filter((input) => /i18n[\\/]languages|@vapi-ai|@daily-co|vapi-client/.test(input))).toEqual([]);
    for (const file of parts) {
      const gzip = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
      const budget = file.includes('.lang-') ? LANGUAGE_BUDGET_BYTES : VOICE_BUDGET_BYTES;
      expect(gzip, `${file} is ${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(budget);
    }
  });

  it("ships the element's types next to it", () => {
    const shipped = readFileSync(path.join(__dirname, '../../dist/store-assistant.d.ts'), 'utf8');
    expect(shipped).toBe(publicApiFiles(readContract(path.join(__dirname, '../..')))['store-assistant.d.ts']);
    expect(shipped).toContain("'store-assistant': StoreAssistantElement;");
  });

  it('is listed package by package in docs/performance.md (npm run size -- --write rewrites the table)', async () => {
    const metafile = JSON.parse(readFileSync(path.join(__dirname, '../../dist/store-assistant.meta.json'), 'utf8'));
    const bundled = [...(await packagesOfMetafile(metafile)).keys()].sort();
    const table = sizeTable(readFileSync(path.join(__dirname, '../../docs/performance.md'), 'utf8'));
    expect(table, 'docs/performance.md has no size table markers').not.toBeNull();
    expect(bundled).toContain('react-dom');
    expect(packagesInTable(table ?? '').sort()).toEqual(bundled);
  });

  it("has ReactDOM's module function and marked's initialiser in parentheses, for V8 to compile with the script", () => {
    const code = readFileSync(path.join(__dirname, '../../dist/store-assistant.js'), 'utf8');
    const map = JSON.parse(readFileSync(path.join(__dirname, '../../dist/store-assistant.js.map'), 'utf8'));
    expect(EAGER_MODULES).toContain('react-dom/cjs/react-dom-client.production.js');
    expect(EAGER_MODULES).toContain('marked/src/');
    expect(eagerModulesIn(code, map)).toEqual(EAGER_MODULES);
  });

  it('has no dynamic chunks: the script is the whole widget but for its parts, which it loads itself', () => {
    const code = readFileSync(path.join(DIST, 'store-assistant.js'), 'utf8');
    expect(code).not.toMatch(/\bimport\(["'`]/);
  });
});
