// The cold launcher paint per engine: Chromium (the test browser), Firefox and WebKit where their Debian
// packages are installed (see CONTRIBUTING.md, "In Firefox and Safari's engine"). A figure to compare the
// engines by, not a budget: the engines run in different harnesses (headless, or under a virtual display).
// The measurement itself is test/engines/launcher-paint.engine.test.ts, run through the engine suite's
// drivers; the bundle is the one the size benchmark has just built.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Engines this machine can run: Chromium always, the others when their driver is installed. */
function installedEngines() {
  const firefox = existsSync(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr');
  const webkit = existsSync('/usr/bin/WebKitWebDriver') && existsSync('/usr/bin/xvfb-run');
  return ['chromium', ...(firefox ? ['firefox'] : []), ...(webkit ? ['webkit'] : [])];
}

/** Rows of the median cold launcher paint per installed engine, over `runs` loads each. */
export async function benchEngines(runs) {
  const engines = installedEngines();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-engines-'));
  const results = path.join(dir, 'paint.json');
  try {
    const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
    const vitest = path.join(path.dirname(vitestPackage), JSON.parse(readFileSync(vitestPackage, 'utf8')).bin.vitest);
    const run = spawnSync(
      process.execPath,
      [vitest, 'run', '--config', 'vitest.engines.config.ts', 'test/engines/launcher-paint.engine.test.ts'],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          ENGINES: engines.join(','),
          ENGINES_PREBUILT: '1',
          ENGINE_PAINT_RESULTS: results,
          ENGINE_PAINT_RUNS: String(runs),
        },
      },
    );
    if (run.status !== 0 || !existsSync(results)) throw new Error('the engine paint measurement failed');
    const figures = JSON.parse(readFileSync(results, 'utf8'));
    return engines.map((engine) => ({
      group: 'engines',
      name: `cold launcher paint, ${engine} (median of ${runs})`,
      value: figures[engine]?.median ?? NaN,
      unit: 'ms',
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
