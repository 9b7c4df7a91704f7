import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { languageFiles } from './build/languages.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const define = {
  __STORE_ASSISTANT_VERSION__: JSON.stringify(version),
  __STORE_ASSISTANT_LANGUAGE_FILES__: JSON.stringify(languageFiles()),
};

export default defineConfig({
  define,
  test: {
    // Every wait in the suite ends when what it waits for has happened; a test's time limit only bounds
    // a hang. On a loaded two-core machine a cold import of the widget or a real build takes seconds, so
    // the limit is well above that (test/support/patience.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/support/retried-tests-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['test/{unit,build,demo,repo}/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.jsdom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['test/{unit,build,demo,repo}/**/*.jsdom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['test/component/**/*.test.{ts,tsx}'],
          setupFiles: ['test/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium per file already uses both cores of the CI machine.
          fileParallelism: false,
          // CI runs a failed browser test once more (BROWSER_TEST_RETRIES=1, .ci/run): a browser under a
          // loaded machine's scheduling can still lose a race a test did not foresee. One that passes only
          // then is named at the end of the log (test/support/retried-tests-reporter.ts), not hidden.
          retry: Number(process.env.BROWSER_TEST_RETRIES ?? 0),
        },
      },
    ],
  },
});
