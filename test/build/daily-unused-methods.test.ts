// @vitest-environment happy-dom
// The build leaves out the daily-js methods nothing in the widget can call (build/patches/daily-unused-methods.mjs).
// These tests fail, naming that patch, when an upgrade of daily-js or @vapi-ai/web, or a change of our
// own sources, makes one of them reachable, or when the cut would take anything else with it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { dropUnusedMethods, namesWord, UNUSED_DAILY_METHODS } from '../../build/patches/daily-unused-methods.mjs';
import { slimDailyPlugin } from '../../build/patches/slim-daily.mjs';
import { BUILD_TIMEOUT_MS } from '../support/patience';

const root = path.resolve(import.meta.dirname, '../..');
const dailyFolder = path.dirname(createRequire(import.meta.url).resolve('@daily-co/daily-js/package.json'));
const dailyModule = path.join(dailyFolder, 'dist/daily-esm.js');
const vapiDist = path.join(root, 'node_modules/@vapi-ai/web/dist');

/** Every file under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );
}

describe('dropUnusedMethods', () => {
  const method = (name: string, body = 'return 1') => `{key:"${name}",value:function(){${body}}}`;
  const classOf = (...methods: string[]) => `o(r,[${methods.join(',')}]);`;

  it.each([
    ['the first of a list', classOf(method('gone'), method('kept')), classOf(method('kept'))],
    ['one in the middle', classOf(method('a'), method('gone'), method('b')), classOf(method('a'), method('b'))],
    ['the last of a list', classOf(method('kept'), method('gone')), classOf(method('kept'))],
    ['a getter', classOf(method('kept'), '{key:"gone",get:function(){return{a:1}}}'), classOf(method('kept'))],
    [
      'every class that has it',
      `${classOf(method('gone'), method('a'))}${classOf(method('b'), method('gone'))}`,
      `${classOf(method('a'))}${classOf(method('b'))}`,
    ],
    [
      'one with nested braces',
      classOf(method('gone', 'if(x){return{y:{z:1}}}'), method('kept')),
      classOf(method('kept')),
    ],
  ])('removes %s and nothing else', (_, code, expected) => {
    expect(dropUnusedMethods(code, ['gone'])).toBe(expected);
  });

  it.each([
    ['the method is missing', classOf(method('kept')), /expected a gone method, found none/],
    [
      'the code that stays still calls it',
      classOf(method('kept', 'return this.gone()'), method('gone')),
      /daily-js now uses gone/,
    ],
    [
      'a string in it holds a brace, so the cut cannot be proven',
      classOf(method('gone', 'return"}"'), method('kept')),
      /could not cut its gone method cleanly/,
    ],
    ['it is not in a method list', `x=${method('gone')};`, /not in a method list/],
  ])('refuses when %s', (_, code, error) => {
    expect(() => dropUnusedMethods(code, ['gone'])).toThrow(error);
  });
});

describe('the daily-js methods the build leaves out', { timeout: BUILD_TIMEOUT_MS }, () => {
  it('are named nowhere in @vapi-ai/web, which alone holds the call object', () => {
    const named = filesUnder(vapiDist)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) =>
        UNUSED_DAILY_METHODS.filter((name) => namesWord(readFileSync(file, 'utf8'), name)).map(
          (name) => `${path.basename(file)}: ${name}`,
        ),
      );
    expect(named, '@vapi-ai/web calls daily-js methods that build/patches/daily-unused-methods.mjs leaves out').toEqual(
      [],
    );
  });

  it('are named nowhere in our sources', () => {
    const named = filesUnder(path.join(root, 'src'))
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        UNUSED_DAILY_METHODS.filter((name) => namesWord(readFileSync(file, 'utf8'), name)).map(
          (name) => `${path.relative(root, file)}: ${name}`,
        ),
      );
    expect(named, 'our sources name daily-js methods that build/patches/daily-unused-methods.mjs leaves out').toEqual(
      [],
    );
  });

  it('are each defined in the installed daily-js, and named nowhere else in it', () => {
    const code = readFileSync(dailyModule, 'utf8');
    expect(
      UNUSED_DAILY_METHODS.filter((name) => !code.includes(`{key:"${name}",`)),
      'no longer in daily-js: take them off the list',
    ).toEqual([]);
    expect(() => dropUnusedMethods(code)).not.toThrow();
  });

  /** Evaluates daily-js, as the build bundles it with `plugins`, and returns its default export. */
  async function evaluateDaily(plugins: Plugin[]): Promise<{ prototype: object }> {
    const stdin = {
      contents: `import Daily from ${JSON.stringify(dailyModule)};\nexport default Daily;`,
      resolveDir: root,
    };
    const result = await build({
      stdin,
      bundle: true,
      format: 'iife',
      globalName: 'dailyUnderTest',
      write: false,
      logLevel: 'silent',
      plugins,
    });
    // Runs the bundle just built, as a script on the page would.
    return (
      new Function(`${result.outputFiles[0]?.text ?? ''};return dailyUnderTest.default;`) as () => { prototype: object }
    )();
  }

  it('are all the bundled call object loses: every other method stays', async () => {
    const [original, slim] = await Promise.all([evaluateDaily([]), evaluateDaily([slimDailyPlugin])]);
    const methods = (daily: { prototype: object }) => [
      ...Object.getOwnPropertyNames(daily),
      ...Object.getOwnPropertyNames(daily.prototype),
    ];
    const lost = methods(original).filter((name) => !methods(slim).includes(name));
    expect(lost.sort()).toEqual([...UNUSED_DAILY_METHODS].sort());
    expect(methods(slim)).toEqual(
      expect.arrayContaining(['createCallObject', 'join', 'leave', 'destroy', 'startLocalAudioLevelObserver']),
    );
  });

  it('fail the build when a @vapi-ai/web file names one', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'daily-unused-'));
    const sdkFile = path.join(folder, 'node_modules/@vapi-ai/web/dist/vapi.js');
    mkdirSync(path.dirname(sdkFile), { recursive: true });
    writeFileSync(sdkFile, 'exports.dial = (call) => call.startDialOut({ phoneNumber: "+1" });\n');
    try {
      await expect(
        build({ entryPoints: [sdkFile], bundle: true, write: false, logLevel: 'silent', plugins: [slimDailyPlugin] }),
      ).rejects.toThrow(/names daily-js methods the build leaves out \(startDialOut\)/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
