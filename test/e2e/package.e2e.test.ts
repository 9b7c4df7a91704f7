import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContract } from '../../build/public-api/contract';

// The npm package as a developer gets it: packed, installed from the tarball into a project outside
// this repository, bundled, and type-checked in a React 19 project. It packs the dist/ the e2e global
// setup has just built with `node build.mjs`, which is also the package's `prepack`: scripts are
// skipped here so the bundle the other browser tests load is not rebuilt under them.
const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The topic pages ship with the README, so its links to docs/ also work in node_modules and on a CDN
// that serves the package's files; docs/architecture.md is about the sources, which do not ship.
const TOPIC_PAGES = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md') && name !== 'architecture.md')
  .map((name) => `docs/${name}`);

const SHIPPED = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  ...TOPIC_PAGES,
  'dist/custom-elements.json',
  'dist/react.d.ts',
  'dist/store-assistant.d.ts',
  'dist/store-assistant.js',
  'dist/store-assistant.js.LEGAL.txt',
  'dist/store-assistant.js.map',
  // The parts beside the script (the voice SDK, each language but English), each with its source map.
  ...readdirSync(path.join(root, 'dist'))
    .filter((name) => /^store-assistant\.[a-z0-9-]+\.js(?:\.map|\.LEGAL\.txt)?$/.test(name))
    .map((name) => `dist/${name}`),
  'dist/vscode.html-custom-data.json',
  'package.json',
  // The n8n workflows a store imports (docs/shopify.md, docs/woocommerce.md, docs/any-store.md).
  ...readdirSync(path.join(root, 'workflows'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `workflows/${name}`),
];

let scratch = '';
let project = '';
let packed: { filename: string; files: { path: string }[] };

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'store-assistant-package-'));
  [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], root)) as [
    typeof packed,
  ];
  project = path.join(scratch, 'shop');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  // The package has no dependencies, so installing the tarball needs no network.
  npm(
    ['install', path.join(scratch, packed.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    project,
  );
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('ships the script, its map, licences, types, manifests, README, docs pages, n8n workflows, CHANGELOG and LICENSE, and nothing else', () => {
    expect(TOPIC_PAGES).toContain('docs/webhook.md');
    expect(SHIPPED).toContain('workflows/shopify.json');
    expect(packed.files.map((file) => file.path).sort()).toEqual([...SHIPPED].sort());
  });

  it('says where everything is, and that importing it defines the element', () => {
    expect(pkg).not.toHaveProperty('private');
    expect(pkg).not.toHaveProperty('dependencies');
    expect(pkg).toMatchObject({
      license: 'MIT',
      main: 'dist/store-assistant.js',
      types: 'dist/store-assistant.d.ts',
      unpkg: 'dist/store-assistant.js',
      jsdelivr: 'dist/store-assistant.js',
      customElements: 'dist/custom-elements.json',
      sideEffects: true,
      exports: {
        '.': { types: './dist/store-assistant.d.ts', default: './dist/store-assistant.js' },
        './voice': './dist/store-assistant.voice.js',
        './markdown': './dist/store-assistant.markdown.js',
        './agents': './dist/store-assistant.agents.js',
        './lang-*': './dist/store-assistant.lang-*.js',
        './react': { types: './dist/react.d.ts' },
      },
      scripts: { prepack: 'node build.mjs' },
    });
    expect(readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} store-assistant contributors\n/,
    );
  });

  it('installs from the tarball into a project outside the repository', () => {
    const installed = path.join(project, 'node_modules/store-assistant');
    expect(readFileSync(path.join(installed, 'dist/store-assistant.js'))).toEqual(
      readFileSync(path.join(root, 'dist/store-assistant.js')),
    );
    expect(
      JSON.parse(readFileSync(path.join(installed, 'dist/custom-elements.json'), 'utf8')).modules[0].declarations[0]
        .tagName,
    ).toBe('store-assistant');
  });

  it("bundles with `import 'store-assistant'`", async () => {
    writeFileSync(path.join(project, 'main.js'), "import 'store-assistant';\n");
    const result = await build({
      absWorkingDir: project,
      entryPoints: ['main.js'],
      bundle: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile.inputs)).toContain('node_modules/store-assistant/dist/store-assistant.js');
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('"store-assistant"');
    expect(code).toContain(JSON.stringify(pkg.version));
  });

  it("bundles the parts a bundled page needs with `import 'store-assistant/voice'`, `'store-assistant/markdown'` and `'store-assistant/lang-de'`", async () => {
    writeFileSync(
      path.join(project, 'parts.js'),
      "import 'store-assistant';\nimport 'store-assistant/voice';\nimport 'store-assistant/markdown';\nimport 'store-assistant/lang-de';\n",
    );
    const result = await build({
      absWorkingDir: project,
      entryPoints: ['parts.js'],
      bundle: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile.inputs)).toEqual(
      expect.arrayContaining([
        'node_modules/store-assistant/dist/store-assistant.voice.js',
        'node_modules/store-assistant/dist/store-assistant.markdown.js',
        'node_modules/store-assistant/dist/store-assistant.lang-de.js',
      ]),
    );
  });

  it('keeps the documentation out of the script: it lives in the types and manifests', () => {
    const code = readFileSync(path.join(root, 'dist/store-assistant.js'), 'utf8');
    const contract = readContract(root);
    const docs = [
      ...contract.attributes.map((attribute) => attribute.doc),
      ...contract.members.map((member) => member.description),
      ...contract.events.map((event) => event.when),
      ...contract.cssParts.map((part) => part.description),
      ...contract.cssProperties.map((property) => property.setFrom),
    ].filter((text) => text.length > 20);
    expect(docs.filter((text) => code.includes(text))).toEqual([]);
  });
});

/** A React 19 component using the element as its documentation says, with the types the package ships. */
const WIDGET = `import 'store-assistant';
import type {} from 'store-assistant/react';
import type { StoreAssistantElement, StoreAssistantMessage } from 'store-assistant';

export function Assistant({ onReply }: { onReply: (text: string) => void }) {
  const attach = (element: StoreAssistantElement | null) => {
    element?.addEventListener('store-assistant:message', (event) => onReply(event.detail.content));
  };
  return (
    <store-assistant
      ref={attach}
      webhook-url="https://shop.example/webhook/store-assistant"
      mode="floating"
      position="bottom-left"
      typing-speed="0"
      class="assistant"
      onstore-assistant:message={(event) => onReply(event.detail.content)}
      onstore-assistant:call-end={(event) => onReply(String(event.detail.seconds))}
    />
  );
}

export const messages: StoreAssistantMessage[] = [];
document.querySelector('store-assistant')?.addEventListener('store-assistant:message', (event) => messages.push(event.detail));
`;

/** Wrong uses, each of which must be exactly one type error, the one given. */
const MISTAKES: Record<string, [jsx: string, error: RegExp]> = {
  'a detail field that does not exist': [
    `<store-assistant onstore-assistant:message={(event) => event.detail.text} />`,
    /'text' does not exist on type 'StoreAssistantMessage'/,
  ],
  'a listener reading a wrong detail field': [
    `<store-assistant ref={(element) => element?.addEventListener('store-assistant:error', (event) => event.detail.code)} />`,
    /'code' does not exist on type 'StoreAssistantErrorDetail'/,
  ],
  'a mode that does not exist': [`<store-assistant mode="sidebar" />`, /"sidebar"' is not assignable/],
  'the property name instead of the attribute': [
    `<store-assistant webhookUrl="https://shop.example/hook" />`,
    /'webhookUrl' does not exist/,
  ],
  'a number where the attribute takes text': [
    `<store-assistant typing-speed={0} />`,
    /'number' is not assignable to type 'string'/,
  ],
  'the open attribute, which React would assign to the open() method': [
    `<store-assistant open />`,
    /'open' does not exist/,
  ],
};

/** Type-checks `files` (name to source) in the scratch project; returns each file's errors. */
function typeErrors(files: Record<string, string>): Record<string, string[]> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(project, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(project, name)),
    {
      strict: true,
      noEmit: true,
      jsx: ts.JsxEmit.ReactJSX,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    },
  );
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = diagnostic.file ? path.relative(project, diagnostic.file.fileName) : '(global)';
    (errors[name] ??= []).push(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
  }
  return errors;
}

describe('the package in a React 19 project', () => {
  it(
    'types <store-assistant> in JSX, its attributes and its events, and rejects each mistake',
    { timeout: 120_000 },
    () => {
      // React's types come from this repository's node_modules: no network, and the versions the tests pin.
      mkdirSync(path.join(project, 'node_modules/@types'), { recursive: true });
      symlinkSync(path.join(root, 'node_modules/@types/react'), path.join(project, 'node_modules/@types/react'), 'dir');
      const mistakes = Object.values(MISTAKES).map(([jsx], index) => [
        `mistake-${index}.tsx`,
        `import type {} from 'store-assistant/react';\nexport const element = ${jsx};\n`,
      ]);
      const errors = typeErrors(Object.fromEntries([['widget.tsx', WIDGET], ...mistakes]));
      expect(errors['widget.tsx']).toEqual([]);
      expect(
        Object.entries(errors).filter(
          ([name, list]) => !name.startsWith('mistake-') && name !== 'widget.tsx' && list.length > 0,
        ),
      ).toEqual([]);
      Object.entries(MISTAKES).forEach(([mistake, [, error]], index) => {
        expect(errors[`mistake-${index}.tsx`], mistake).toHaveLength(1);
        expect(errors[`mistake-${index}.tsx`]?.[0], mistake).toMatch(error);
      });
    },
  );
});
