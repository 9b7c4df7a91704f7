import { BUILT_IN_LANGUAGES } from '../../src/i18n/language-choice';
import type { StringTable } from '../../src/i18n/strings';

/** The built-in languages whose tables ship as files beside the script: all but English. */
export const FILE_LANGUAGES = BUILT_IN_LANGUAGES.filter((code) => code !== 'en');

/** Language `code`'s table, straight from its module, as its file would register it; rejects for an unknown one. */
export async function languageTable(code: string): Promise<StringTable> {
  const module = (await import(`../../src/i18n/languages/${code}.ts`)) as Record<string, StringTable | undefined>;
  // Each file exports its one table, named after its code in camelCase (`pt-br` exports `ptBR`).
  const table = Object.values(module)[0];
  if (!table) throw new Error(`no built-in language "${code}"`);
  return table;
}
