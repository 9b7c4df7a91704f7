import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const define = { __STORE_ASSISTANT_VERSION__: JSON.stringify(version) };

export default defineConfig({
  define,
  test: {
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
          // A wait in these tests ends when the widget has done what it waits for; this bounds a hang
          // (test/support/patience.ts), well above what a render takes on a loaded machine.
          testTimeout: 60_000,
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
        },
      },
    ],
  },
});
