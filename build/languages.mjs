// @ts-check
// The built-in languages other than English are the files of src/i18n/languages/: the build makes each
// a part beside the script, and tells the script which there are (__STORE_ASSISTANT_LANGUAGE_FILES__,
// defined by build.mjs and by the test configuration), so a language is offered exactly when its file is there.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n/languages');

/**
 * The language files' names without `.ts` ("de", "pt-br"), sorted.
 * @returns {string[]}
 */
export function languageFiles() {
  return readdirSync(folder)
    .filter((file) => /^[a-z]{2,3}(?:-[a-z0-9]+)*\.ts$/i.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}
