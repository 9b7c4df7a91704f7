// npm run test:engines [-- chromium|firefox|webkit ...]: the visitor's core flows in each engine named
// (Firefox and WebKit by default), at a phone and a desktop size. Needs Debian's firefox-esr,
// webkit2gtk-driver and xvfb (`.ci/run` installs them when missing).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINES = ['chromium', 'firefox', 'webkit'];
const named = process.argv.slice(2);
const unknown = named.filter((name) => !ENGINES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown engine ${unknown.join(', ')}: pick from ${ENGINES.join(', ')}.`);
  process.exit(2);
}
const engines = named.length > 0 ? named : ['firefox', 'webkit'];

/** What each engine needs on the machine, and the Debian package that brings it. */
const NEEDS = {
  firefox: [['/usr/bin/firefox-esr', 'firefox-esr', 'FIREFOX_PATH']],
  webkit: [
    ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver', 'WEBKIT_DRIVER_PATH'],
    ['/usr/bin/xvfb-run', 'xvfb', null],
  ],
};
const missing = engines.flatMap((engine) =>
  (NEEDS[engine] ?? []).filter(([file, , override]) => !(override && process.env[override]) && !existsSync(file)),
);
if (missing.length > 0) {
  const packages = missing.map(([, name]) => name).join(' ');
  console.error(`The engine suite needs ${packages}: apt-get install ${packages} (as root).`);
  process.exit(2);
}

const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestPackage), JSON.parse(readFileSync(vitestPackage, 'utf8')).bin.vitest);
const config = fileURLToPath(new URL('../../vitest.engines.config.ts', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', '--config', config], {
  stdio: 'inherit',
  env: { ...process.env, ENGINES: engines.join(',') },
});
process.exit(result.status ?? 1);
