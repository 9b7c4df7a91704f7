import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run bench -- --only engine-load` runs test/bench/engine-load/ through this config (vitest reads its
// TypeScript). Not part of `npm test`: it starts n8n (in queue mode, Redis and Postgres too) and drives
// hundreds of simulated visitors for minutes.
const { minutes = 10 } = JSON.parse(process.env.ENGINE_LOAD ?? '{}') as { minutes?: number };

export default defineConfig({
  define: base.define,
  test: {
    environment: 'node',
    include: ['test/bench/engine-load/**/*.load.ts'],
    // The visitors stop at their own limit; this bounds starting n8n (minutes on a loaded machine), the
    // visitors, reading the executions back and stopping everything.
    testTimeout: (minutes + 15) * 60_000,
    fileParallelism: false,
  },
});
