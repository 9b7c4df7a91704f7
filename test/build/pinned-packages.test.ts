// @vitest-environment node
// The build patches third-party code by its text and file layout (build/patches/third-party-patches.mjs lists
// the packages). Each is pinned to one exact version in package.json, so that an upgrade is a change
// someone makes on purpose, and the patches' tests then run against the new code; a range would let a
// fresh install bring code no patch was checked against. docs/build.md's table names each at its pin.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EAGER_MODULES } from '../../build/eager-compile.mjs';
import { PATCHED_PACKAGES } from '../../build/patches/third-party-patches.mjs';

const packageFile = fileURLToPath(new URL('../../package.json', import.meta.url));
const manifest = JSON.parse(readFileSync(packageFile, 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const lockfile = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
const buildDoc = readFileSync(new URL('../../docs/build.md', import.meta.url), 'utf8');
const requireFromRoot = createRequire(packageFile);

/** A version with no range: `1.2.3` or `1.2.3-beta.1`. */
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** What is wrong with a patched package's declaration, or null when it is pinned to what is installed. */
function pinProblem(name: string, declared: string | undefined, installed: string | undefined): string | null {
  if (declared === undefined) return `${name} is not declared in package.json`;
  if (!EXACT.test(declared)) return `${name} is declared as "${declared}", a range: pin it to one version`;
  if (declared !== installed) return `${name} is declared as ${declared} but ${installed ?? 'nothing'} is installed`;
  return null;
}

function installedVersion(name: string): string | undefined {
  const { version } = requireFromRoot(`${name}/package.json`) as { version?: string };
  return version;
}

describe('the packages the build patches', () => {
  const names = Object.keys(PATCHED_PACKAGES);

  it.each(names)('%s is pinned to the version installed and locked', (name) => {
    const declared = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
    expect(pinProblem(name, declared, installedVersion(name))).toBeNull();
    expect(lockfile.packages[`node_modules/${name}`]?.version, `${name} in package-lock.json`).toBe(declared);
  });

  it.each(names)('%s is listed in docs/build.md at its pinned version', (name) => {
    const declared = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
    expect(buildDoc).toContain(`\`${name}\` ${declared}`);
  });

  it('include every package whose modules the build compiles eagerly', () => {
    const packagesOf = EAGER_MODULES.map((module) =>
      module
        .split('/')
        .slice(0, module.startsWith('@') ? 2 : 1)
        .join('/'),
    );
    expect(names).toEqual(expect.arrayContaining(packagesOf));
  });
});

describe('pinProblem', () => {
  it.each([
    ['^2.7.1', '2.7.1', /a range/],
    ['~19.1.10', '19.1.10', /a range/],
    ['>=1.0.0', '1.0.0', /a range/],
    ['2.7.0', '2.7.1', /declared as 2\.7\.0 but 2\.7\.1 is installed/],
    ['2.7.1', undefined, /but nothing is installed/],
  ] as const)('refuses %s with %s installed', (declared, installed, problem) => {
    expect(pinProblem('pkg', declared, installed)).toMatch(problem);
  });

  it('refuses an undeclared package and accepts an exact pin that is installed', () => {
    expect(pinProblem('pkg', undefined, '1.0.0')).toMatch(/not declared/);
    expect(pinProblem('pkg', '1.0.0-beta.2', '1.0.0-beta.2')).toBeNull();
  });
});
