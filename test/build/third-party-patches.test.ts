// @vitest-environment node
// The build patches third-party code (build/patches/third-party-patches.mjs). These tests read that code as
// installed and fail, saying which patch to revisit, when an upgrade of @vapi-ai/web or esbuild no
// longer matches what a patch assumes.
import { EventEmitter as NodeEventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build, type BuildOptions } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hardenNamespaceHelper,
  REPLACEMENTS,
  thirdPartyPatchesPlugin,
} from '../../build/patches/third-party-patches.mjs';
import { EventEmitter } from '../../src/voice/event-emitter';
import { client } from '../../src/voice/vapi-api-client';
import { BUILD_TIMEOUT_MS } from '../support/patience';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vapiDist = path.join(root, 'node_modules/@vapi-ai/web/dist');
const readVapi = (file: string) => readFile(path.join(vapiDist, file), 'utf8');

/** The variable a CommonJS module binds `require(specifier)` to (TypeScript's `const x_1 = require(...)`). */
function requireBinding(source: string, specifier: string): string | undefined {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`const (\\w+) = (?:__importDefault\\()?require\\("${escaped}"\\)\\)?;`).exec(source)?.[1];
}

function occurrences(source: string, pattern: RegExp): string[] {
  return Array.from(source.matchAll(pattern), (match) => match[1] ?? match[0]);
}

describe("@vapi-ai/web's REST client, replaced by src/voice/vapi-api-client.ts", () => {
  let vapiSource = '';
  let clientBinding = '';
  beforeAll(async () => {
    vapiSource = await readVapi('vapi.js');
    clientBinding = requireBinding(vapiSource, './client') ?? '';
  });

  it("is still imported as './client' by dist/vapi.js", () => {
    expect(
      clientBinding,
      "@vapi-ai/web's dist/vapi.js no longer requires './client': the swap in build/patches/third-party-patches.mjs matches nothing",
    ).not.toBe('');
  });

  it('is used only through the members our replacement implements', () => {
    const uses = new Set(
      occurrences(vapiSource, new RegExp(`\\b${clientBinding}\\.client((?:\\.\\w+)+)`, 'g')).map((chain) =>
        chain.slice(1),
      ),
    );
    expect(
      [...uses].sort(),
      "@vapi-ai/web's dist/vapi.js uses other parts of its REST client: implement them in src/voice/vapi-api-client.ts",
    ).toEqual(['baseUrl', 'call.callControllerCreateWebCall', 'setSecurityData']);
    // Every mention but the `require` is a member use counted above: the client is not handed elsewhere.
    const mentions = occurrences(vapiSource, new RegExp(`\\b${clientBinding}\\b`, 'g')).length;
    const memberUses = occurrences(vapiSource, new RegExp(`\\b${clientBinding}\\.client\\.\\w`, 'g')).length;
    expect(mentions - 1, `dist/vapi.js uses ${clientBinding} other than through its members`).toBe(memberUses);
    for (const chain of uses) {
      const member = chain
        .split('.')
        .reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], client);
      expect(member, `src/voice/vapi-api-client.ts lacks client.${chain}`).toBeDefined();
    }
  });

  describe('sends the request the generated client sends', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      client.setSecurityData(null);
      client.baseUrl = 'https://api.vapi.ai';
    });

    it('to the same endpoint, with the bearer token', async () => {
      const [api, generatedClient] = await Promise.all([readVapi('api.js'), readVapi('client.js')]);
      const endpoint =
        /callControllerCreateWebCall: \(data, params = \{\}\) => this\.request\(\{\s*path: `([^`]+)`,\s*method: "(\w+)",\s*body: data,\s*secure: true,\s*type: ContentType\.Json,\s*format: "json",/.exec(
          api,
        );
      expect(
        endpoint,
        "callControllerCreateWebCall in @vapi-ai/web's dist/api.js changed: compare it with src/voice/vapi-api-client.ts",
      ).not.toBeNull();
      expect(generatedClient, "@vapi-ai/web's dist/client.js no longer sends the public key as a bearer token").toMatch(
        /Authorization: `Bearer \$\{securityData\}`/,
      );
      const [, apiPath, method] = endpoint ?? [];

      const fetchStub = vi.fn(async () => new Response(JSON.stringify({ id: 'call-1' }), { status: 201 }));
      vi.stubGlobal('fetch', fetchStub);
      client.baseUrl = 'https://vapi.example';
      client.setSecurityData('public-key');
      const response = await client.call.callControllerCreateWebCall({ assistantId: 'a1' });
      expect(fetchStub).toHaveBeenCalledWith(
        `https://vapi.example${apiPath}`,
        expect.objectContaining({
          method,
          body: JSON.stringify({ assistantId: 'a1' }),
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer public-key' },
        }),
      );
      expect(response.data).toEqual({ id: 'call-1' });
    });

    it('and, like it, throws the response with `error` set when the status is not OK', async () => {
      vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'bad key' }), { status: 401 }));
      await expect(client.call.callControllerCreateWebCall({})).rejects.toMatchObject({
        status: 401,
        data: null,
        error: { message: 'bad key' },
      });
    });
  });
});

describe('the `events` polyfill, replaced by src/voice/event-emitter.ts when @vapi-ai/web imports it', () => {
  const emitterMethods = Object.getOwnPropertyNames(NodeEventEmitter.prototype).filter(
    (name) => name !== 'constructor',
  );

  it("is still imported by dist/vapi.js, and only as the SDK's base class", async () => {
    const source = await readVapi('vapi.js');
    const binding = requireBinding(source, 'events');
    expect(
      binding,
      "@vapi-ai/web's dist/vapi.js no longer requires 'events': the swap in build/patches/third-party-patches.mjs matches nothing",
    ).toBeDefined();
    const uses = occurrences(source, new RegExp(`\\b${binding}\\b(?:\\.\\w+)?`, 'g'));
    expect(uses, `dist/vapi.js uses ${binding} beyond \`extends ${binding}.default\``).toEqual([
      binding,
      `${binding}.default`,
    ]);
    expect(source).toMatch(new RegExp(`class \\w+ extends ${binding}\\.default \\{`));
  });

  it('is called only through the methods our emitter provides', async () => {
    const sdkCalls = occurrences(await readVapi('vapi.js'), /\b(?:this|super)\.(\w+)\(/g);
    const ourCalls = occurrences(
      await readFile(path.join(root, 'src/voice/vapi-client.ts'), 'utf8'),
      /\bvapi\.(\w+)\(/g,
    );
    const used = [...new Set([...sdkCalls, ...ourCalls])].filter((name) => emitterMethods.includes(name)).sort();
    expect(
      used.length,
      'found no EventEmitter call in dist/vapi.js: this check no longer reads it right',
    ).toBeGreaterThan(0);
    const missing = used.filter(
      (name) => typeof (EventEmitter.prototype as unknown as Record<string, unknown>)[name] !== 'function',
    );
    expect(
      missing,
      'EventEmitter methods the Vapi SDK (or src/voice/vapi-client.ts) calls that src/voice/event-emitter.ts lacks',
    ).toEqual([]);
  });
});

describe('the plugin on a real build', { timeout: BUILD_TIMEOUT_MS }, () => {
  const options: BuildOptions = {
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
    plugins: [thirdPartyPatchesPlugin],
  };
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'third-party-patches-'));
    await writeFile(path.join(dir, 'parts.js'), 'export const first = 1;\nexport const second = 2;\n');
    await writeFile(
      path.join(dir, 'namespace.js'),
      "import * as parts from './parts.js';\nglobalThis.parts = parts;\n",
    );
    await writeFile(path.join(dir, 'plain.js'), 'globalThis.parts = 1;\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('bundles @vapi-ai/web with our client and emitter instead of its own', async () => {
    const result = await build({
      ...options,
      stdin: { contents: "import Vapi from '@vapi-ai/web';\nglobalThis.Vapi = Vapi;\n", resolveDir: root },
      metafile: true,
    });
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
    expect(inputs).toEqual(
      expect.arrayContaining([
        relative(REPLACEMENTS.vapiClient),
        relative(REPLACEMENTS.events),
        'node_modules/@vapi-ai/web/dist/vapi.js',
      ]),
    );
    expect(
      inputs.filter((input) => /@vapi-ai\/web\/dist\/(?:client|api)\.js$|node_modules\/events\//.test(input)),
    ).toEqual([]);
  });

  /** Runs a bundle in a fresh global scope whose Object.prototype a page has polluted; returns its `parts`. */
  function runOnPollutedPage(code: string): Record<string, unknown> {
    const context = vm.createContext({});
    vm.runInContext("Object.prototype.polluted = 'by the page';", context);
    vm.runInContext(code, context);
    // The hardened helper defines the exports as non-enumerable, like the original did before rewriting.
    const { parts } = context as { parts: Record<string, unknown> };
    return Object.fromEntries(Object.getOwnPropertyNames(parts).map((name) => [name, parts[name]]));
  }

  it('esbuild still emits the `__export` helper the patch rewrites, and it still needs the patch', async () => {
    const unpatched = await build({ ...options, entryPoints: [path.join(dir, 'namespace.js')], plugins: [] });
    const code = unpatched.outputFiles?.[0]?.text ?? '';
    expect(
      () => runOnPollutedPage(code),
      "esbuild's __export helper no longer fails on a polluted Object.prototype: the rewrite in build/patches/third-party-patches.mjs may go",
    ).toThrow(/Getter must be a function/);
    const hardened = hardenNamespaceHelper(code);
    expect(hardened).toHaveLength(code.length);
    expect(runOnPollutedPage(hardened)).toEqual({ first: 1, second: 2 });
  });

  it('hardens the bundle it builds', async () => {
    const result = await build({ ...options, entryPoints: [path.join(dir, 'namespace.js')] });
    expect(runOnPollutedPage(result.outputFiles?.[0]?.text ?? '')).toEqual({ first: 1, second: 2 });
  });

  it('leaves a bundle with no module namespace as it is', async () => {
    const plain = await build({ ...options, entryPoints: [path.join(dir, 'plain.js')], plugins: [] });
    const code = plain.outputFiles?.[0]?.text ?? '';
    expect(hardenNamespaceHelper(code)).toBe(code);
  });

  it('fails the build when the helper is there in another shape than the patch expects', () => {
    const reshaped =
      'var d=Object.defineProperty,x=(t,a)=>{for(const k of Object.keys(a))d(t,k,{get:a[k],enumerable:!0})};';
    expect(() => hardenNamespaceHelper(reshaped)).toThrow(/expected esbuild's __export helper once/);
  });
});
