import { defineConfig } from 'vitest/config';

// The engine suite (npm run test:engines): the visitor's core flows in Firefox and WebKit (ENGINES picks
// engines, Chromium included). Not part of npm test, which needs nothing but Node.
export default defineConfig({
  test: {
    include: ['test/engines/**/*.engine.test.ts'],
    environment: 'node',
    globalSetup: ['test/engines/global-setup.ts'],
    // A browser launch on a loaded two-core machine takes tens of seconds; these bound hangs only.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
