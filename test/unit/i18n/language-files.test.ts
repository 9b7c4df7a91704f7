import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../src/i18n/languages/de';
import { createLanguageFiles } from '../../../src/i18n/language-files';
import type { StringTable } from '../../../src/i18n/strings';

const src = path.resolve(__dirname, '../../../src');

function page(load: (name: string) => Promise<StringTable>) {
  const onPage = new Map<string, StringTable>();
  const lines: string[] = [];
  const access = {
    loaded: (name: string) => onPage.get(name),
    load: vi.fn(load),
    warn: (line: string) => void lines.push(line),
  };
  return { files: createLanguageFiles(access), access, onPage, lines };
}

describe("a page's language files", () => {
  it('asks for each file once, however often and by however many widgets it is wanted', async () => {
    const { files, access } = page(async () => de);
    const first = files.loadLanguage('de');
    expect(files.loadLanguage('de')).toBe(first);
    expect(await first).toBe(de);
    expect(access.load).toHaveBeenCalledTimes(1);
    expect(access.load).toHaveBeenCalledWith('lang-de');
  });

  it('gives a table already on the page at once, without a request', () => {
    const { files, access, onPage } = page(async () => de);
    onPage.set('lang-de', de);
    expect(files.loadLanguage('de')).toBe(de);
    expect(access.load).not.toHaveBeenCalled();
  });

  it('does not ask again for a file that failed', async () => {
    const { files, access } = page(() => Promise.reject(new Error('404')));
    await expect(files.loadLanguage('ar')).rejects.toThrow('404');
    await expect(files.loadLanguage('ar')).rejects.toThrow('404');
    expect(access.load).toHaveBeenCalledTimes(1);
  });

  it('counts a file that registered no string table as failed', async () => {
    const { files } = page(async () => undefined as unknown as StringTable);
    await expect(files.loadLanguage('de')).rejects.toThrow('did not register a string table');
  });

  it('writes one console line per language that fell back', () => {
    const { files, lines } = page(async () => de);
    files.warnLanguageFallback('de');
    files.warnLanguageFallback('de');
    files.warnLanguageFallback('ar');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('[store-assistant]');
    expect(lines[0]).toContain('store-assistant.lang-de.js');
  });
});

describe('the script', () => {
  /** Every source file under `dir`, by path. */
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('imports no language table: each ships as its own file', () => {
    const importers = sources(src).filter(
      (file) =>
        !file.includes(`${path.sep}languages${path.sep}`) &&
        /from '[./]*(?:i18n\/)?languages\//.test(readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
