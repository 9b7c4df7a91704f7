// @ts-check
// Launching Chromium, shared by the browser tests and the benchmarks.
//
// The browser comes from the npm registry: the devDependency @sparticuz/chromium ships a headless
// Chromium build for Linux x64 as one brotli-compressed file, which is unpacked once into the test
// cache and reused. CHROME_PATH overrides it with any Chromium or Chrome binary. No other browser on
// the machine is ever looked at, so a run means the same browser on every machine.
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium } from 'playwright-core';
import { removeStalePartials, testCacheDir } from './cache-dir.mjs';

const BUNDLED_PACKAGE = '@sparticuz/chromium';

/** Flags that keep headless Chromium off the network it cannot reach here and out of the sandbox it cannot use as root. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The package's own folder: its entry point sits at a depth that has changed between releases. */
function bundledPackageDir() {
  let entry;
  try {
    entry = createRequire(import.meta.url).resolve(BUNDLED_PACKAGE);
  } catch {
    throw new Error(
      `The devDependency ${BUNDLED_PACKAGE}, which provides the test browser, is not installed. ` +
        'Run "npm ci" (or "npm install"), or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === BUNDLED_PACKAGE) return dir;
  }
  throw new Error(`Could not find the folder of ${BUNDLED_PACKAGE} above ${entry}.`);
}

/**
 * Unpacks the package's Chromium into `<test cache>/chromium-<version>/chromium`, or reuses it. The file
 * is written in a scratch folder that is renamed into place only when complete, so an interrupted run
 * never leaves a half-written browser where the next run would pick it up.
 *
 * The package's own `executablePath()` is not used: it unpacks to `/tmp/chromium` and reuses whatever
 * binary is found there, whichever version or project put it there.
 */
async function unpackBundledChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `${BUNDLED_PACKAGE} has a Chromium build for Linux x64 only, and this machine is ${process.platform} ${process.arch}. ` +
        'Point CHROME_PATH at a Chromium or Chrome binary, for example ' +
        'CHROME_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test on macOS.',
    );
  }
  const packageDir = bundledPackageDir();
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const cacheDir = testCacheDir();
  const targetDir = path.join(cacheDir, `chromium-${version}`);
  const executable = path.join(targetDir, 'chromium');
  if (existsSync(executable)) return executable;

  await mkdir(cacheDir, { recursive: true });
  await removeStalePartials(`chromium-${version}`, 10 * 60_000);
  const scratchDir = await mkdtemp(path.join(cacheDir, `chromium-${version}.partial-`));
  try {
    await pipeline(
      createReadStream(path.join(packageDir, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(path.join(scratchDir, 'chromium'), { mode: 0o755 }),
    );
    await rename(scratchDir, targetDir);
  } catch (error) {
    // Another process may have put the same version in place first; its copy is as good as ours.
    if (!existsSync(executable)) throw error;
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
  return executable;
}

/** The Chromium the tests run: CHROME_PATH when set, otherwise the one from the npm package, unpacked on first use. */
export async function chromiumExecutablePath() {
  const override = process.env.CHROME_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROME_PATH is set to ${override}, which does not exist.`);
    return override;
  }
  return unpackBundledChromium();
}

/**
 * Launches Chromium with the project's flags plus `extraArgs`, or fails saying why: browser tests never skip silently.
 * @param {string[]} [extraArgs]
 */
export async function launchChromium(extraArgs = []) {
  const executablePath = await chromiumExecutablePath();
  return chromium.launch({ executablePath, args: [...CHROME_ARGS, ...extraArgs] });
}
