import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lazyCorePlugin } from '../../build/lazy-core.mjs';
import { rawCssPlugin } from '../../build/stylesheets.mjs';

// Only the first view runs first: in the built script, the script's own task evaluates the element's
// definition alone; the first view's modules (the attributes' parsing, the theme, the language, the
// launcher drawn in plain DOM) when an element first draws (firstViewCode), and the store, the features,
// React and the rest when an element first needs them (elementCore; build/lazy-core.mjs). The script is
// built here as build.mjs builds it, without minifying, and the modules its top level initialises are
// followed through their lazy initialisers.
const root = path.resolve(__dirname, '../..');

/** Each lazily initialised module (ES or CommonJS): its source path and the initialisers it calls. */
function lazyModules(lines: string[]): Map<string, { source: string; calls: string[] }> {
  const modules = new Map<string, { source: string; calls: string[] }>();
  let source = '';
  for (const [index, line] of lines.entries()) {
    source = /^ {2}\/\/ ((?:src|node_modules)\/\S+)/.exec(line)?.[1] ?? source;
    const init = /^ {2}var ((?:init|require)_\w+) = __(?:esm|commonJS)\(\{/.exec(line)?.[1];
    if (!init) continue;
    const calls: string[] = [];
    for (let next = index + 1; !/^ {2}\}\);/.test(lines[next] ?? '  });'); next++)
      calls.push(
        ...[...(lines[next] ?? '').matchAll(/\b((?:init|require)_\w+)\(\)/g)].map((match) => match[1] as string),
      );
    modules.set(init, { source, calls });
  }
  return modules;
}

/** The built script (as build.mjs builds it, unminified): its lines and its lazily initialised modules. */
async function buildScript() {
  const result = await build({
    entryPoints: [path.join(root, 'src/index.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    define: {
      'process.env.NODE_ENV': '"production"',
      __STORE_ASSISTANT_VERSION__: '"test"',
      __STORE_ASSISTANT_LANGUAGE_FILES__: '[]',
    },
    plugins: [rawCssPlugin, lazyCorePlugin],
    logLevel: 'silent',
  });
  const lines = (result.outputFiles[0]?.text ?? '').split('\n');
  const modules = lazyModules(lines);
  /** Adds to `evaluated` every initialiser that calling those `code` calls would evaluate. */
  const evaluate = (code: string, evaluated: Set<string>) => {
    const visit = (init: string) => {
      if (evaluated.has(init)) return;
      evaluated.add(init);
      modules.get(init)?.calls.forEach(visit);
    };
    for (const match of code.matchAll(/\b((?:init|require)_\w+)\(\)/g)) visit(match[1] as string);
  };
  const sourceOf = (init: string) => modules.get(init)?.source ?? init;
  return { lines, modules, evaluate, sourceOf };
}

let built: ReturnType<typeof buildScript> | null = null;
/** The built script, built once for every test here. */
const builtScript = () => (built ??= buildScript());

/** The source paths of the modules the script's top level evaluates, and those it leaves for later. */
async function evaluatedWithTheScript(): Promise<{ now: string[]; later: string[] }> {
  const { lines, modules, evaluate, sourceOf } = await builtScript();
  const evaluated = new Set<string>();
  // The script's own top level: statements at the IIFE's first indentation, outside every initialiser.
  evaluate(lines.filter((text) => /^ {2}\S/.test(text)).join('\n'), evaluated);
  return {
    now: [...evaluated].map(sourceOf),
    later: [...modules.keys()].filter((init) => !evaluated.has(init)).map(sourceOf),
  };
}

/**
 * The modules each part of the core evaluates in turn (elementCoreInParts), after the script's own; and
 * those the whole core evaluates at once (elementCore), for comparison.
 */
async function coreParts(): Promise<{ parts: string[][]; whole: string[] }> {
  const { lines, evaluate, sourceOf } = await builtScript();
  const topLevel = lines.filter((text) => /^ {2}\S/.test(text)).join('\n');
  /** A function of the built script: from its first line to its closing brace at the same indentation. */
  const functionText = (index: number) => {
    const end = lines.findIndex((next, at) => at > index && next === '  }');
    return lines.slice(index, end).join('\n');
  };
  const newlyEvaluated = (code: string, evaluated: Set<string>) => {
    const before = new Set(evaluated);
    evaluate(code, evaluated);
    return [...evaluated].filter((init) => !before.has(init)).map(sourceOf);
  };
  const evaluated = new Set<string>();
  evaluate(topLevel, evaluated);
  const parts = lines.flatMap((line, index) =>
    /^ {2}function corePart\d+\(\)/.test(line) ? [newlyEvaluated(functionText(index), evaluated)] : [],
  );
  const atOnce = new Set<string>();
  evaluate(topLevel, atOnce);
  const whole = newlyEvaluated(functionText(lines.findIndex((line) => line === '  function elementCore() {')), atOnce);
  return { parts, whole };
}

/** The modules the first view's code evaluates (firstViewCode), after the script's own. */
async function firstViewPart(): Promise<{ firstView: string[] }> {
  const { lines, evaluate, sourceOf } = await builtScript();
  const evaluated = new Set<string>();
  evaluate(lines.filter((text) => /^ {2}\S/.test(text)).join('\n'), evaluated);
  const start = lines.findIndex((line) => line === '  function firstViewCode() {');
  const end = lines.findIndex((next, at) => at > start && next === '  }');
  const before = new Set(evaluated);
  evaluate(lines.slice(start, end).join('\n'), evaluated);
  return { firstView: [...evaluated].filter((init) => !before.has(init)).map(sourceOf) };
}

describe('the modules the built script evaluates when it runs', () => {
  it('are the element’s definition alone: not even the first view’s', async () => {
    const { now, later } = await evaluatedWithTheScript();
    expect(later.length).toBeGreaterThan(100);
    const firstViews = ['src/element/attributes.ts', 'src/i18n/strings.ts', 'src/theme/theme.ts'];
    expect(later).toEqual(
      expect.arrayContaining([
        ...firstViews,
        'src/element/launcher-shell.ts',
        'src/app/assistant.ts',
        'src/element/element-core.ts',
        'src/ui/app.tsx',
        'node_modules/react/cjs/react.production.js',
      ]),
    );
    // The element, the names it observes and the few helpers its definition calls; nothing it draws with.
    // ('' is no module: the build's own constant, the list of language files.)
    const definition =
      /^src\/(?:element\/(?:store-assistant-element|attribute-names|element-events|globals)|common\/(?:next-task|page-location|storage|version))\.tsx?$/;
    expect(now.filter((source) => source !== '' && !definition.test(source))).toEqual([]);
    expect(now).toContain('src/element/attribute-names.ts');
  }, 30_000);

  it('are the first view’s when an element first draws: no store, no feature, no React, no view', async () => {
    const { firstView } = await firstViewPart();
    // The plumbing works: the first view's own modules are evaluated, and only they. (The theme's image
    // policy, which checks a saved theme's logo, is the chat's module the first view needs.)
    expect(firstView).toEqual(
      expect.arrayContaining(['src/element/attributes.ts', 'src/i18n/strings.ts', 'src/element/launcher-shell.ts']),
    );
    const heavy = firstView.filter((source) =>
      /^(?:node_modules\/|src\/ui\/(?!launcher-label)|src\/app\/(?:assistant|deps)\.ts|src\/(?:chat\/(?!attachments\/image-policy)|commerce\/|customer\/customer-slice|analytics\/|transcript\/)|src\/voice\/voice-slice|src\/handoff\/handoff-slice|src\/element\/(?:element-core|element-root|deferred-react)\.)/.test(
        source,
      ),
    );
    expect(heavy).toEqual([]);
  }, 30_000);

  it('are evaluated in three parts when set up in idle time: the store, the views, the rest', async () => {
    const { parts, whole } = await coreParts();
    const { later } = await evaluatedWithTheScript();
    expect(parts).toHaveLength(3);
    const [store, views, rest] = parts as [string[], string[], string[]];
    expect(views).toEqual(expect.arrayContaining(['src/ui/app.tsx', 'node_modules/react/cjs/react.production.js']));
    expect(store).toEqual(expect.arrayContaining(['src/app/assistant.ts', 'src/chat/chat-slice.ts']));
    expect(rest).toEqual(expect.arrayContaining(['src/element/element-core.ts']));
    // Together the parts evaluate what the whole core would at once, and neither of the first two is a sliver.
    expect([...store, ...views, ...rest].sort()).toEqual([...whole].sort());
    expect(whole.length).toBeGreaterThan(100);
    for (const part of [store, views]) expect(part.length).toBeGreaterThan(later.length / 5);
  }, 30_000);
});
