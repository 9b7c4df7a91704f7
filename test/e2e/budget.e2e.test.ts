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
const SIZE_BUDGET_BYTES = 150 * 1024;
/** A language beside the script: one small request, for the visitors who read it. */
const LANGUAGE_BUDGET_BYTES = 6 * 1024;
/** The voice SDK beside the script (Vapi's and Daily's clients), loaded when a call starts. */
const VOICE_BUDGET_BYTES = 42 * 1024;
/** The markdown stack beside the script (marked, DOMPurify and the renderer), loaded once the chat is in view. */
const MARKDOWN_BUDGET_BYTES = 31 * 1024;

/** The AI SDK's and AG-UI's stream readers beside the script, loaded by a widget speaking one of them. */
const AGENTS_BUDGET_BYTES = 4 * 1024;

/** Each part's budget by its file name. */
function partBudget(file: string): number {
  if (file.includes('.lang-')) return LANGUAGE_BUDGET_BYTES;
  if (file === 'store-assistant.agents.js') return AGENTS_BUDGET_BYTES;
  return file === 'store-assistant.markdown.js' ? MARKDOWN_BUDGET_BYTES : VOICE_BUDGET_BYTES;
}

const DIST = path.join(__dirname, '../../dist');

/** The parts the build wrote beside the script: `store-assistant.<name>.js`. */
function partFiles(): string[] {
  return readdirSync(DIST).filter((file) => /^store-assistant\.[a-z0-9-]+\.js$/.test(file));
}

describe('bundle budget', () => {
  it('dist/store-assistant.js is at most 150 KB gzip, everything inside', () => {
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

  it("leaves the voice SDK, the markdown stack, the agents' stream readers and every language but English to the parts beside it, each loaded only when needed", () => {
    const parts = partFiles();
    expect(parts).toContain('store-assistant.voice.js');
    expect(parts).toContain('store-assistant.markdown.js');
    expect(parts).toContain('store-assistant.agents.js');
    const languages = readdirSync(path.join(__dirname, '../../src/i18n/languages')).map(
      (file) => `store-assistant.lang-${file.replace(/\.ts$/, '').toLowerCase()}.js`,
    );
    expect(parts.filter((file) => file.includes('.lang-')).sort()).toEqual(languages.sort());
    const inputs = Object.keys(JSON.parse(readFileSync(path.join(DIST, 'store-assistant.meta.json'), 'utf8')).inputs);
    expect(
      inputs.filter((input) =>
        /i18n[\\/]languages|@vapi-ai|@daily-co|vapi-client|node_modules[\\/](?:marked|dompurify)[\\/]|markdown[\\/]markdown(?:-limits)?\.ts$|chat[\\/](?:ai-sdk|ag-ui)[\\/]/.test(
          input,
        ),
      ),
    ).toEqual([]);
    for (const file of parts) {
      const gzip = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
      expect(gzip, `${file} is ${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(partBudget(file));
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

  it("has ReactDOM's module function and, in the markdown part, marked's initialiser in parentheses, for V8 to compile with the script", () => {
    const read = (file: string) => ({
      code: readFileSync(path.join(DIST, file), 'utf8'),
      map: JSON.parse(readFileSync(path.join(DIST, `${file}.map`), 'utf8')),
    });
    expect(EAGER_MODULES).toEqual(['react-dom/cjs/react-dom-client.production.js', 'marked/src/']);
    const script = read('store-assistant.js');
    expect(eagerModulesIn(script.code, script.map)).toEqual(['react-dom/cjs/react-dom-client.production.js']);
    const markdown = read('store-assistant.markdown.js');
    expect(eagerModulesIn(markdown.code, markdown.map)).toEqual(['marked/src/']);
  });

  it('has no dynamic chunks: the script is the whole widget but for its parts, which it loads itself', () => {
    const code = readFileSync(path.join(DIST, 'store-assistant.js'), 'utf8');
    expect(code).not.toMatch(/\bimport\(["'`]/);
  });
});
