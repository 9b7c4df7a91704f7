import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeStalePartials, testCacheDir } from '../../support/cache-dir.mjs';

/**
 * The n8n release the suite runs. n8n 2.x needs Node 24; the 1.123 line is the last that runs on the
 * Node 20 this project supports.
 */
export const N8N_VERSION = '1.123.81';

/** How long installing n8n may take before the suite gives up (it is some 2,000 packages). */
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** Written last, so a folder without it is a half-finished install. */
const MARKER = 'store-assistant-install.json';

/** Written first into a scratch folder: the process that is installing into it. */
const OWNER = 'store-assistant-owner.json';

/** How often a run that found another run's install under way looks for its marker. */
const INSTALL_POLL_MS = 2_000;

/** A usable n8n: its folder, and the script that `n8n` runs. */
export interface N8nInstall {
  dir: string;
  bin: string;
  /** Whether this call installed it (false: reused from the cache). */
  installed: boolean;
  /** Seconds the install took, 0 when reused. */
  seconds: number;
}

/** Where `version` is (or will be) installed: `<test cache>/n8n-<version>`. */
export function n8nInstallDir(version = N8N_VERSION): string {
  return path.join(testCacheDir(), `n8n-${version}`);
}

function isComplete(dir: string, version: string): boolean {
  const marker = path.join(dir, MARKER);
  if (!existsSync(marker) || !existsSync(binOf(dir))) return false;
  return (JSON.parse(readFileSync(marker, 'utf8')) as { version?: string }).version === version;
}

function binOf(dir: string): string {
  return path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** Runs npm in `cwd`, failing with its output's tail when it exits non-zero or outlives `deadline`. */
function npm(args: string[], cwd: string, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), Math.max(0, deadline - Date.now()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `npm ${args.join(' ')} ${signal ? `was stopped (${signal}): over the ${INSTALL_TIMEOUT_MS / 60_000}-minute limit` : `exited with ${code}`}\n${output}`,
          ),
        );
    });
  });
}

/**
 * The package.json of the install folder. n8n depends on an `xlsx` tarball that is not in the npm
 * registry, so the registry's last published xlsx replaces it.
 */
function installManifest(version: string): string {
  return `${JSON.stringify({ private: true, description: 'n8n for the store-assistant end-to-end suite', dependencies: { n8n: version }, overrides: { xlsx: '0.18.5' } }, null, 2)}\n`;
}

/**
 * Installs n8n `version` from the npm registry into the test cache, or reuses it. Idempotent: the install
 * runs in a scratch folder that is renamed into place only once complete and marked, so an interrupted
 * install is never mistaken for a finished one (a folder without the marker is removed and redone, and
 * the scratch folder of a killed install is removed by the next one).
 *
 * Install scripts are skipped (the native `isolated-vm` does not build on Node 20, and the suite runs
 * n8n's legacy expression engine instead); only `sqlite3`, the database driver, is then built.
 */
export async function ensureN8n(version = N8N_VERSION): Promise<N8nInstall> {
  const dir = n8nInstallDir(version);
  if (isComplete(dir, version)) return { dir, bin: binOf(dir), installed: false, seconds: 0 };
  if (installUnderWay(version)) {
    const started = Date.now();
    await finishOf(dir, version, started + INSTALL_TIMEOUT_MS);
    if (isComplete(dir, version)) return { dir, bin: binOf(dir), installed: true, seconds: secondsSince(started) };
  }

  const started = Date.now();
  const deadline = started + INSTALL_TIMEOUT_MS;
  const cache = path.dirname(dir);
  await mkdir(cache, { recursive: true });
  await removeStalePartials(`n8n-${version}`, INSTALL_TIMEOUT_MS);
  const scratch = await mkdtemp(path.join(cache, `n8n-${version}.partial-`));
  try {
    // Written whole, then named: a run that looks in between sees either no owner or a readable one.
    await writeFile(path.join(scratch, `${OWNER}.tmp`), JSON.stringify({ pid: process.pid }));
    await rename(path.join(scratch, `${OWNER}.tmp`), path.join(scratch, OWNER));
    await writeFile(path.join(scratch, 'package.json'), installManifest(version));
    await npm(
      ['install', '--ignore-scripts', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'],
      scratch,
      deadline,
    );
    // Built from source: its prebuilt binaries are downloaded from outside the npm registry.
    await npm(['rebuild', 'sqlite3', '--build-from-source', '--loglevel=error'], scratch, deadline);
    await writeFile(
      path.join(scratch, MARKER),
      `${JSON.stringify({ version, node: process.version, date: new Date().toISOString() })}\n`,
    );
    // A half-finished folder from an older run (no marker) is replaced.
    if (existsSync(dir) && !isComplete(dir, version)) await rm(dir, { recursive: true, force: true });
    await rename(scratch, dir).catch((error: unknown) => {
      // Another run may have finished the same install first; its copy is as good as this one.
      if (!isComplete(dir, version)) throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return { dir, bin: binOf(dir), installed: true, seconds: secondsSince(started) };
}

function secondsSince(started: number): number {
  return Math.round((Date.now() - started) / 1000);
}

/**
 * Whether a live process is installing `version` right now: the suite starts the install early, in the
 * test runner's own process, and the n8n test files then wait for it rather than install a second copy.
 */
function installUnderWay(version: string): boolean {
  const cache = path.dirname(n8nInstallDir(version));
  const partials = existsSync(cache)
    ? readdirSync(cache).filter((entry) => entry.startsWith(`n8n-${version}.partial-`))
    : [];
  return partials.some((entry) => {
    try {
      const { pid } = JSON.parse(readFileSync(path.join(cache, entry, OWNER), 'utf8')) as { pid: number };
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
}

/** Resolves when the install under way has finished (or failed, or `deadline` passed). */
async function finishOf(dir: string, version: string, deadline: number): Promise<void> {
  while (!isComplete(dir, version) && installUnderWay(version) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, INSTALL_POLL_MS));
}
