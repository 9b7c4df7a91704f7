import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { ensureN8n, n8nInstallDir, N8N_VERSION } from '../e2e/n8n/install';
import { eventually } from '../support/patience';

// The real-n8n suite's installer, with a stand-in `npm` first on PATH: it records how it was called and
// lays out what `npm install` would (node_modules/n8n/bin/n8n), or fails when told to. The real install
// takes minutes and runs in the suite itself (N8N_E2E=1).

let scratch: string;
let calls: string;

const FAKE_NPM = `#!/bin/sh
echo "$PWD|$*" >> "$FAKE_NPM_CALLS"
if [ -n "$FAKE_NPM_FAIL" ]; then echo "npm ERR! $FAKE_NPM_FAIL" >&2; exit 1; fi
if [ "$1" = install ] && [ -n "$FAKE_NPM_GATE" ]; then while [ ! -e "$FAKE_NPM_GATE" ]; do sleep 0.05; done; fi
if [ "$1" = install ]; then mkdir -p node_modules/n8n/bin && echo '#!/usr/bin/env node' > node_modules/n8n/bin/n8n; fi
`;

function npmCalls(): { dir: string; args: string }[] {
  if (!existsSync(calls)) return [];
  return readFileSync(calls, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [dir = '', args = ''] = line.split('|');
      return { dir, args };
    });
}

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'n8n-install-test-'));
  const bin = path.join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'npm'), FAKE_NPM);
  chmodSync(path.join(bin, 'npm'), 0o755);
  calls = path.join(scratch, 'calls.txt');
  vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`);
  vi.stubEnv('XDG_CACHE_HOME', path.join(scratch, 'cache'));
  vi.stubEnv('FAKE_NPM_CALLS', calls);
  vi.stubEnv('FAKE_NPM_FAIL', '');
  vi.stubEnv('FAKE_NPM_GATE', '');
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(scratch, { recursive: true, force: true });
});

describe('installing n8n for the real-n8n suite', () => {
  it('installs into <XDG_CACHE_HOME>/store-assistant/n8n-<version>, skipping install scripts, then builds sqlite3 from source', async () => {
    const install = await ensureN8n();
    const dir = path.join(scratch, 'cache', 'store-assistant', `n8n-${N8N_VERSION}`);
    expect(install).toEqual({
      dir,
      bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
      installed: true,
      seconds: expect.any(Number),
    });
    expect(n8nInstallDir()).toBe(dir);
    expect(npmCalls().map((call) => call.args)).toEqual([
      'install --ignore-scripts --omit=dev --no-audit --no-fund --loglevel=error',
      'rebuild sqlite3 --build-from-source --loglevel=error',
    ]);
    // npm ran in a scratch folder that became the install only when complete.
    expect(npmCalls()[0]?.dir).toMatch(new RegExp(`n8n-${N8N_VERSION.replace(/\./g, '\\.')}\\.partial-`));
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      private: true,
      dependencies: { n8n: N8N_VERSION },
      overrides: { xlsx: '0.18.5' },
    });
    expect(readdirSync(path.dirname(dir))).toEqual([`n8n-${N8N_VERSION}`]);
  });

  it('reuses a finished install without calling npm', async () => {
    await ensureN8n();
    writeFileSync(calls, '');
    const again = await ensureN8n();
    expect(again.installed).toBe(false);
    expect(again.seconds).toBe(0);
    expect(readFileSync(calls, 'utf8')).toBe('');
  });

  it('redoes a half-finished install (a folder without the completion marker)', async () => {
    const dir = n8nInstallDir();
    mkdirSync(path.join(dir, 'node_modules', 'n8n', 'bin'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), '');
    writeFileSync(path.join(dir, 'leftover'), '');
    const install = await ensureN8n();
    expect(install.installed).toBe(true);
    expect(existsSync(path.join(dir, 'leftover'))).toBe(false);
    expect(readdirSync(dir)).toContain('store-assistant-install.json');
  });

  it('removes the scratch folder of a killed install once it is old enough, and keeps a recent one', async () => {
    const cache = path.dirname(n8nInstallDir());
    const old = path.join(cache, `n8n-${N8N_VERSION}.partial-old`);
    const recent = path.join(cache, `n8n-${N8N_VERSION}.partial-recent`);
    mkdirSync(old, { recursive: true });
    mkdirSync(recent);
    const longAgo = new Date(Date.now() - 24 * 3600_000);
    utimesSync(old, longAgo, longAgo);
    await ensureN8n();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("fails with npm's own message and leaves nothing that looks installed", async () => {
    vi.stubEnv('FAKE_NPM_FAIL', 'E404 xlsx');
    await expect(ensureN8n()).rejects.toThrow(/npm install .* exited with 1\n[\s\S]*E404 xlsx/);
    expect(existsSync(n8nInstallDir())).toBe(false);
    expect(readdirSync(path.dirname(n8nInstallDir()))).toEqual([]);
  });

  it('waits for an install already under way in a live process instead of installing a second copy', async () => {
    const cache = path.dirname(n8nInstallDir());
    // The first install is held until the second call has started, however fast or slow the machine.
    const gate = path.join(scratch, 'gate');
    vi.stubEnv('FAKE_NPM_GATE', gate);
    const first = ensureN8n();
    // The first call has claimed a scratch folder before the second one looks.
    await eventually(() =>
      expect(
        existsSync(cache) &&
          readdirSync(cache).some((entry) => existsSync(path.join(cache, entry, 'store-assistant-owner.json'))),
      ).toBe(true),
    );
    const second = ensureN8n();
    writeFileSync(gate, '');
    const [one, two] = await Promise.all([first, second]);
    expect(npmCalls().filter((call) => call.args.startsWith('install'))).toHaveLength(1);
    expect(two).toMatchObject({ dir: one.dir, installed: true });
  });

  it('does not wait for the scratch folder of a process that has died', async () => {
    const cache = path.dirname(n8nInstallDir());
    const orphan = path.join(cache, `n8n-${N8N_VERSION}.partial-orphan`);
    mkdirSync(orphan, { recursive: true });
    const { pid } = spawnSync('true');
    writeFileSync(path.join(orphan, 'store-assistant-owner.json'), JSON.stringify({ pid }));
    const install = await ensureN8n();
    expect(install.installed).toBe(true);
    expect(npmCalls().filter((call) => call.args.startsWith('install'))).toHaveLength(1);
  });
});
