// Names the failed tests of a vitest log again, each with the first line of its error, for the end of
// CI's output: the browser tests print as they run, so their report of a failure sits minutes of log
// above the end. Reads vitest's "Failed Tests" section (its FAIL lines and the line after each).
// Usage: node test/failed-tests.mjs LOG
import { readFileSync } from 'node:fs';

const MAX_FAILURES = 30;
const colours = /\u001b\[[0-9;]*m/g;
const lines = readFileSync(process.argv[2] ?? 0, 'utf8')
  .replace(colours, '')
  .split('\n');
const failures = [];
lines.forEach((line, index) => {
  if (!/^\s*FAIL\s/.test(line)) return;
  const error = lines.slice(index + 1).find((next) => next.trim() !== '') ?? '';
  failures.push(`${line.trim()}\n    ${error.trim().slice(0, 300)}`);
});
const unique = [...new Set(failures)];
console.log(
  unique.length === 0
    ? '(no FAIL line in the log: the failure is in the steps before the tests)'
    : unique.slice(0, MAX_FAILURES).join('\n'),
);
if (unique.length > MAX_FAILURES) console.log(`… and ${unique.length - MAX_FAILURES} more`);
