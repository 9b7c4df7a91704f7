import { afterAll, beforeAll, vi } from 'vitest';
import type { DemoServer } from '../../demo/server.mjs';

/**
 * Starts the demo server on a free port before the tests of the file it is called in, and closes it
 * after them. Its mock webhook answers at once: it "thinks" 500 ms per reply so the typing dots show on
 * the demo page, which no test needs; the server is imported only then, since it reads that delay when
 * it loads. `url` throws before the server has started.
 */
export function withDemoServer(): { readonly url: string } {
  let server: DemoServer | undefined;
  beforeAll(async () => {
    vi.stubEnv('DEMO_DELAY_MS', '0');
    const { startDemoServer } = await import('../../demo/server.mjs');
    server = await startDemoServer({ port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    vi.unstubAllEnvs();
  });
  return {
    get url() {
      if (!server) throw new Error('the demo server has not started');
      return server.url;
    },
  };
}
