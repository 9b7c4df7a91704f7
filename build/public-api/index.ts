import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readContract, type Contract } from './contract';
import { elementDeclarations, reactDeclarations } from './declaration-files';
import { customElementsManifest, vscodeHtmlData } from './manifest';
import { REFERENCE_PAGE, referenceTables, withReferenceTables } from './readme-tables';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The files generated from the public contract, by their name in dist/. */
export function publicApiFiles(contract: Contract): Record<string, string> {
  return {
    'store-assistant.d.ts': elementDeclarations(contract),
    'react.d.ts': reactDeclarations(contract),
    'custom-elements.json': json(customElementsManifest(contract)),
    'vscode.html-custom-data.json': json(vscodeHtmlData(contract)),
  };
}

/** Writes the files generated from the contract of the sources under `root` into `outDir`; returns their names. */
export async function writePublicApi(root: string, outDir: string): Promise<string[]> {
  const files = publicApiFiles(readContract(root));
  await mkdir(outDir, { recursive: true });
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(outDir, name), text)));
  return Object.keys(files);
}

/** The reference page (docs/api.md) under `root` with its tables as the contract gives them. */
export async function referencePageWithTables(root: string): Promise<string> {
  return withReferenceTables(
    await readFile(path.join(root, REFERENCE_PAGE), 'utf8'),
    referenceTables(readContract(root)),
  );
}

/** Rewrites the tables of the reference page under `root`; returns whether anything changed. */
export async function writeReferenceTables(root: string): Promise<boolean> {
  const file = path.join(root, REFERENCE_PAGE);
  const [before, after] = await Promise.all([readFile(file, 'utf8'), referencePageWithTables(root)]);
  if (after !== before) await writeFile(file, after);
  return after !== before;
}
