import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../build/public-api/contract';
import { elementDeclarations } from '../../build/public-api/declaration-files';

// The declaration file (dist/store-assistant.d.ts, generated from the contract and the source types) as
// a store's developer uses it: on its own (no other file of this project), in a strict project, typing
// the element, its methods and its events. Mistakes must be type errors.
const DECLARATIONS = elementDeclarations(readContract(path.join(__dirname, '../..')));

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
};

/**
 * Type-checks each snippet as its own file next to the declaration file, all in one program (checking
 * the DOM library takes seconds); returns each snippet's errors, with the text of their line.
 */
function typeErrors(snippets: Record<string, string>): Record<string, string[]> {
  const files: Record<string, string> = { '/project/store-assistant.d.ts': DECLARATIONS };
  for (const [name, code] of Object.entries(snippets)) files[`/project/${name}.ts`] = code;
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  host.directoryExists = (name) => name === '/project' || ts.sys.directoryExists(name);
  const program = ts.createProgram(Object.keys(files), options, host);
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(snippets).map((name) => [name, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = diagnostic.file ? path.basename(diagnostic.file.fileName, '.ts') : '(global)';
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.text.split('\n')[diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line]?.trim()
        : '';
    (errors[name] ??= []).push(`${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
  }
  return errors;
}

const USE = `import type { StoreAssistantAttributes, StoreAssistantTheme } from './store-assistant';
const widget = document.querySelector('store-assistant');
if (widget) {
  widget.open();
  widget.startChat('Hi');
  const sent: boolean = widget.sendMessage('Do you ship to Canada?');
  const theme: StoreAssistantTheme = JSON.parse(widget.exportTheme());
  widget.importTheme({ accentColor: theme.accentColor });
  void widget.startCall().then(() => widget.setMuted(true));
  widget.addEventListener('store-assistant:message', (event) => console.log(event.detail.sender, event.detail.content.length, sent));
  widget.addEventListener('store-assistant:call-end', (event) => console.log(event.detail.seconds, event.detail.transcript[0]?.role));
  widget.addEventListener('click', (event) => console.log(event.clientX));
}
document.addEventListener('store-assistant:error', (event) => console.log(event.detail.source));
const version: string | undefined = window.StoreAssistant?.version;
console.log(version);
const attributes: StoreAssistantAttributes = { 'webhook-url': '/chat', mode: 'floating', persist: 'session', open: true };
console.log(attributes);
`;

const MISTAKES: Record<string, string> = {
  'a method that does not exist': `document.querySelector('store-assistant')?.openChat();`,
  'a wrong argument': `document.querySelector('store-assistant')?.sendMessage(42);`,
  'a detail field that does not exist': `document.querySelector('store-assistant')?.addEventListener('store-assistant:message', (event) => event.detail.text);`,
  'a wrong error source': `document.addEventListener('store-assistant:error', (event) => { if (event.detail.source === 'network') return; });`,
  'a theme field that does not exist': `document.querySelector('store-assistant')?.importTheme({ fontFamily: 'serif' });`,
  'a mode that does not exist': `import type { StoreAssistantAttributes } from './store-assistant';\nexport const attributes: StoreAssistantAttributes = { mode: 'sidebar' };`,
};

describe('dist/store-assistant.d.ts, used on its own in a strict project', () => {
  // One program for every snippet: a type check of the DOM library takes seconds on a busy machine.
  it(
    'types the element, its methods, its events and window.StoreAssistant, and rejects each mistake',
    { timeout: 60_000 },
    () => {
      const snippets = Object.fromEntries([
        ['correct', USE],
        ...Object.values(MISTAKES).map((code, index) => [`mistake-${index}`, code]),
      ]);
      const errors = typeErrors(snippets);
      expect(errors.correct).toEqual([]);
      expect(errors['(global)'] ?? []).toEqual([]);
      Object.keys(MISTAKES).forEach((mistake, index) => expect(errors[`mistake-${index}`], mistake).toHaveLength(1));
    },
  );
});
