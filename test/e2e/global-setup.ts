import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureN8n } from './n8n/install';

/**
 * The browser tests drive the built bundle, so build it first: a stale dist/ would test old code (unless
 * STORE_ASSISTANT_PREBUILT says the caller has just built it). With
 * N8N_E2E=1 the n8n install (minutes on a fresh machine, mostly waiting on the registry) starts now, in
 * this process, and goes on while the other tests run; the n8n test files wait for it to finish.
 */
export default function setup(): () => Promise<void> {
  // CI builds once for this suite and the engine suite, which it runs beside this one.
  if (!process.env.STORE_ASSISTANT_PREBUILT) {
    execFileSync(process.execPath, ['build.mjs'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: 'inherit',
    });
  }
  const install = process.env.N8N_E2E === '1' ? ensureN8n().catch((error: unknown) => error) : undefined;
  return async () => {
    // The run ends with the install finished (or failed), never with npm still writing the cache.
    await install;
  };
}
