import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:queue`: the widget through n8n in queue mode (test/queue/). Not part of `npm test`: it
// starts Redis, Postgres and three n8n processes, which takes minutes.
export default defineConfig({
  define: base.define,
  test: {
    environment: 'node',
    include: ['test/queue/**/*.queue.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 25 * 60_000,
    fileParallelism: false,
  },
});
