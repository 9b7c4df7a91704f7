// Names a vitest log's failed tests again, each with the first line of its error, and the tests that
// passed only when run again (test/support/retried-tests-reporter.ts), for the end of CI's output: the
// browser tests print as they run, so their report sits minutes of log above the end. Reads vitest's
// "Failed Tests" section (its FAIL lines and the line after each) and the RETRIED lines.
// Usage: node test/failed-tests.mjs LOG [--failed]   (--failed: the run failed, so say so when no test did)
import { readFileSync } from 'node:fs';

const MAX_LISTED = 30;
const colours = /\u001b\[[0-9;]*m/g;
const lines = readFileSync(
  process.argv[2] === undefined || process.argv[2].startsWith('--') ? 0 : process.argv[2],
  'utf8',
)
  .replace(colours, '')
  .split('\n');

/** Each line matching `start`, with the first non-empty line after it, once each. */
function entries(start) {
  const found = lines.flatMap((line, index) => {
    if (!start.test(line)) return [];
    const next = lines.slice(index + 1).find((after) => after.trim() !== '') ?? '';
    return [`${line.trim()}\n    ${next.trim().slice(0, 300)}`];
  });
  return [...new Set(found)];
}

/** @param {string} title @param {string[]} listed */
function print(title, listed) {
  if (listed.length === 0) return;
  console.log(title);
  console.log(listed.slice(0, MAX_LISTED).join('\n'));
  if (listed.length > MAX_LISTED) console.log(`… and ${listed.length - MAX_LISTED} more`);
}

const failed = entries(/^\s*FAIL\s/);
print('Failed tests, each with the first line of its error (the whole report is above):', failed);
print('Tests that passed only when run again, each with the error of its failed run:', entries(/^RETRIED\s/));
if (failed.length === 0 && process.argv.includes('--failed'))
  console.log('No test failed: the failure is in the steps before the tests (types, lint, formatting).');
