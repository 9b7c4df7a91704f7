// The published widgets the mobile benchmark measures ours against, fetched from the npm registry with
// `npm pack` (the ordinary client) into the test cache, checked against the integrity the registry
// published for that version, and unpacked once. They are not devDependencies: only the benchmark needs
// them, and an install for every clone and CI run would cost minutes for nothing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeStalePartials, testCacheDir } from '../support/cache-dir.mjs';

/**
 * Each widget: the package and version, the integrity the registry lists for its tarball, and the
 * files a store pastes (the ones its README's embed snippet loads).
 */
export const PUBLISHED_WIDGETS = {
  vapi: {
    spec: '@vapi-ai/client-sdk-react@0.1.1',
    integrity: 'sha512-drfHQcGW1Cr9EjgcrCa5Jv3qAN2AGQulY/MPw0yJt7yNHT/c/HSRUJsErs9W98kP5keWORqfptg7+aekabr11w==',
    /** `<script src=".../dist/embed/widget.umd.js">` then `<vapi-widget ...>`. */
    script: 'dist/embed/widget.umd.js',
  },
  n8n: {
    spec: '@n8n/chat@1.37.0',
    integrity: 'sha512-V1EQxDp/+rW6o/5OZgbwDfgPJXG8Jrn3TIdq7Z/26QTP90Uo3g2gv8CMnaQcphdTQVR+K06X34DOCRHXa8Tqnw==',
    /** `<link href=".../dist/style.css">` and `import { createChat } from '.../dist/chat.bundle.es.js'`. */
    script: 'dist/chat.bundle.es.js',
    stylesheet: 'dist/style.css',
  },
};

const INSTALL_TIMEOUT_MS = 5 * 60_000;

/** Runs a command, resolving with its standard output; fails with its output's tail. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGTERM'), INSTALL_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${stderr}`));
    });
  });
}

const folderName = (spec) => `bench-widget-${spec.replace(/^@/, '').replace(/[/@]/g, '-')}`;

/**
 * The unpacked package folder of widget `key` (vapi or n8n), fetched on first use. The tarball is
 * refused unless it matches the pinned integrity, and the folder is renamed into place only when
 * complete, so an interrupted fetch is never mistaken for a finished one.
 */
export async function ensurePublishedWidget(key) {
  const widget = PUBLISHED_WIDGETS[key];
  const cache = testCacheDir();
  const dir = path.join(cache, folderName(widget.spec));
  if (existsSync(path.join(dir, 'package', widget.script))) return path.join(dir, 'package');
  await mkdir(cache, { recursive: true });
  await removeStalePartials(folderName(widget.spec), INSTALL_TIMEOUT_MS);
  const scratch = await mkdtemp(path.join(cache, `${folderName(widget.spec)}.partial-`));
  try {
    await run('npm', ['pack', widget.spec, '--pack-destination', scratch, '--loglevel=error'], scratch);
    const [tarball] = (await readdir(scratch)).filter((name) => name.endsWith('.tgz'));
    const digest = `sha512-${createHash('sha512')
      .update(await readFile(path.join(scratch, tarball)))
      .digest('base64')}`;
    if (digest !== widget.integrity)
      throw new Error(`${widget.spec}: the tarball's integrity ${digest} is not the pinned ${widget.integrity}`);
    await run('tar', ['-xzf', tarball], scratch);
    await rm(path.join(scratch, tarball));
    await writeFile(path.join(scratch, 'integrity.txt'), `${digest}\n`);
    await rename(scratch, dir).catch((error) => {
      if (!existsSync(path.join(dir, 'package', widget.script))) throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return path.join(dir, 'package');
}

/** The version of widget `key`, as pinned. */
export const versionOf = (key) => PUBLISHED_WIDGETS[key].spec.slice(PUBLISHED_WIDGETS[key].spec.lastIndexOf('@') + 1);
