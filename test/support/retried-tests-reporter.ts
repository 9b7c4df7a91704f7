import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only when run again (the browser tests in CI, `BROWSER_TEST_RETRIES`),
 * with the first line of the error it failed with first: a retry keeps a run green, and this keeps the
 * flaky test in sight. Its lines start with RETRIED, which CI's digest of failed tests repeats at the end
 * of the log (test/failed-tests.mjs).
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries === 0 || testCase.result().state !== 'passed') return;
    const firstError = testCase.result().errors?.[0]?.message.split('\n')[0] ?? '(no error kept)';
    this.retried.push(
      `RETRIED ${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} > ${testCase.fullName}: passed on run ${retries + 1}\n    ${firstError}`,
    );
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nTests that passed only when run again (${this.retried.length}):\n${this.retried.join('\n')}`);
  }
}
