// npm test's test step: the browser tests (the e2e project) and the rest (unit, jsdom, component) as two
// test runs side by side. Each is mostly waiting (a browser, a file import, an environment), and one
// test run on a two-core machine takes one file at a time, so the two together end in about the time of
// the browser tests alone. The browser tests print as they go; the rest prints whole when it ends. Fails
// when either fails. Arguments go to both (`npm test -- test/unit/chat`): a run that they leave without a
// file passes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';

const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestPackage), JSON.parse(readFileSync(vitestPackage, 'utf8')).bin.vitest);
const args = process.argv.slice(2);
const filtered = args.length > 0 ? ['--passWithNoTests'] : [];

/**
 * Runs vitest on `projects`; resolves with its exit code and, unless `live`, everything it printed.
 * @param {string[]} projects
 * @param {boolean} live
 * @returns {Promise<{ code: number; output: string }>}
 */
function run(projects, live) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [vitest, 'run', ...projects.flatMap((name) => ['--project', name]), ...filtered, ...args],
      {
        stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const [rest, browser] = await Promise.all([run(['unit', 'jsdom', 'component'], false), run(['e2e'], true)]);
console.log('\n== unit, jsdom and component tests (run beside the browser tests)\n');
process.stdout.write(rest.output);
const failed = [rest.code !== 0 && 'unit, jsdom and component', browser.code !== 0 && 'browser (e2e)'].filter(Boolean);
if (failed.length > 0) console.error(`\nFailed: the ${failed.join(' and the ')} tests.`);
process.exit(failed.length > 0 ? 1 : 0);
