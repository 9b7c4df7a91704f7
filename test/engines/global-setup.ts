import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The flows drive the built bundle, so it is built first (a stale dist/ would test old code), unless the
 * caller has just built it (the benchmark sets ENGINES_PREBUILT).
 */
export default function buildBundle(): void {
  if (process.env.ENGINES_PREBUILT) return;
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
