import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The browser tests drive the built bundle, so build it first: a stale dist/ would test old code. */
export default function buildBundle(): void {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
