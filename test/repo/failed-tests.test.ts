import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CI's log ends with npm test's failed tests named again (test/failed-tests.mjs), read from vitest's
// coloured report: this is the shape of that report's "Failed Tests" section.
const script = path.resolve(__dirname, '../failed-tests.mjs');
const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
const report = [
  ' ✓  e2e  test/e2e/chat.e2e.test.ts (12 tests) 9000ms',
  red('⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯'),
  '',
  ` ${red('FAIL')}   e2e  test/e2e/takeover.e2e.test.ts > a person joins > shows their name`,
  '',
  red('AssertionError: expected "Waiting" to be "Alex joined"'),
  ' ❯ test/e2e/takeover.e2e.test.ts:40:3',
  ` ${red('FAIL')}   unit  test/unit/chat/log.test.ts > keeps order`,
  'Error: Test timed out in 5000ms.',
].join('\n');

const digest = (log: string) => execFileSync(process.execPath, [script], { input: log, encoding: 'utf8' });

describe('the failed tests named at the end of CI', () => {
  it('names each failed test with the first line of its error, without colours', () => {
    expect(digest(report)).toBe(
      [
        'FAIL   e2e  test/e2e/takeover.e2e.test.ts > a person joins > shows their name',
        '    AssertionError: expected "Waiting" to be "Alex joined"',
        'FAIL   unit  test/unit/chat/log.test.ts > keeps order',
        '    Error: Test timed out in 5000ms.',
        '',
      ].join('\n'),
    );
  });

  it('says so when the log has no failed test', () => {
    expect(digest(' ✓  e2e  test/e2e/chat.e2e.test.ts (12 tests)\n')).toMatch(/no FAIL line/);
  });
});
