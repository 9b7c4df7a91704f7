import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The flows drive the built bundle, so it is built first (a stale dist/ would test old code), unless the
 * caller has just built it (the benchmark sets ENGINES_PREBUILT; CI sets STORE_ASSISTANT_PREBUILT, as it
 * runs this suite beside npm test on one build).
 */
export default function buildBundle(): void {
  if (process.env.ENGINES_PREBUILT || process.env.STORE_ASSISTANT_PREBUILT) return;
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
