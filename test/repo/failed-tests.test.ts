import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CI's log ends with npm test's failed tests named again, and those that passed only when run again
// (test/failed-tests.mjs), read from vitest's coloured report: this is the shape of that report's
// "Failed Tests" section and of the retried tests' reporter (test/support/retried-tests-reporter.ts).
const script = path.resolve(__dirname, '../failed-tests.mjs');
const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
const failedReport = [
  ' ✓  e2e  test/e2e/chat.e2e.test.ts (12 tests) 9000ms',
  red('⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯'),
  '',
  ` ${red('FAIL')}   e2e  test/e2e/takeover.e2e.test.ts > a person joins > shows their name`,
  '',
  red('AssertionError: expected "Waiting" to be "Alex joined"'),
  ' ❯ test/e2e/takeover.e2e.test.ts:40:3',
  ` ${red('FAIL')}   unit  test/unit/chat/chat-actions.test.ts > keeps order`,
  'Error: Test timed out in 5000ms.',
].join('\n');
const retriedReport = [
  ' ✓  e2e  test/e2e/chat.e2e.test.ts (12 tests) 9000ms',
  'Tests that passed only when run again (1):',
  'RETRIED test/e2e/chat.e2e.test.ts > a reply > is shown once: passed on run 2',
  '    expected 2 to be 1',
].join('\n');

const digest = (log: string, ...flags: string[]) =>
  execFileSync(process.execPath, [script, ...flags], { input: log, encoding: 'utf8' });

describe('the failed and retried tests named at the end of CI', () => {
  it('names each failed test with the first line of its error, without colours', () => {
    expect(digest(failedReport, '--failed')).toBe(
      [
        'Failed tests, each with the first line of its error (the whole report is above):',
        'FAIL   e2e  test/e2e/takeover.e2e.test.ts > a person joins > shows their name',
        '    AssertionError: expected "Waiting" to be "Alex joined"',
        'FAIL   unit  test/unit/chat/chat-actions.test.ts > keeps order',
        '    Error: Test timed out in 5000ms.',
        '',
      ].join('\n'),
    );
  });

  it('names a test that passed only when run again, with the error of its failed run', () => {
    expect(digest(retriedReport)).toBe(
      [
        'Tests that passed only when run again, each with the error of its failed run:',
        'RETRIED test/e2e/chat.e2e.test.ts > a reply > is shown once: passed on run 2',
        '    expected 2 to be 1',
        '',
      ].join('\n'),
    );
  });

  it('says nothing of a green run, and where to look when a failed run has no failed test', () => {
    expect(digest(' ✓  e2e  test/e2e/chat.e2e.test.ts (12 tests)\n')).toBe('');
    expect(digest(' ✓  e2e  test/e2e/chat.e2e.test.ts (12 tests)\n', '--failed')).toMatch(/steps before the tests/);
  });
});
