import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The environment n8n runs with: its own data folder and SQLite database, loopback only, and every
 * feature that would call n8n's servers (telemetry, version checks, templates, banners, license
 * renewal, community packages, AI assistant) switched off, since this machine reaches no one.
 */
export function n8nEnvironment(userFolder: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: userFolder,
    N8N_USER_FOLDER: userFolder,
    DB_TYPE: 'sqlite',
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    N8N_PROTOCOL: 'http',
    WEBHOOK_URL: `http://127.0.0.1:${port}/`,
    // The native isolated-vm of the default engine does not build on Node 20 (its install was skipped).
    N8N_EXPRESSION_ENGINE: 'legacy',
    // Code nodes run in n8n's own process instead of a separate task runner.
    N8N_RUNNERS_ENABLED: 'false',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
    N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_DYNAMIC_BANNERS_ENABLED: 'false',
    N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
    N8N_COMMUNITY_PACKAGES_ENABLED: 'false',
    N8N_AI_ENABLED: 'false',
    EXTERNAL_FRONTEND_HOOKS_URLS: '',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
    N8N_LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
}

/** A free TCP port on loopback (the tiny window before n8n takes it is acceptable on a test machine). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A running n8n with its data folder; `stop()` ends it by process id and removes the folder. */
export interface N8nServer {
  url: string;
  pid: number;
  logFile: string;
  /** Seconds each step took: the CLI import, the CLI activation, and starting until the webhooks answer. */
  seconds: { import: number; activate: number; start: number };
  /** The last lines n8n printed, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

/** Runs an n8n CLI command to completion (import, activate), failing with its output. */
function runCli(bin: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-6_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`n8n ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const killer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    try {
      // n8n leads its own process group (spawned detached), so anything it started stops with it.
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(killer);
      resolve();
    }
  });
}

/** The first visitor message of a chat, as the widget posts it: what the readiness check sends. */
const READINESS_MESSAGE = { message: 'Hi', history: [], sessionId: 'readiness-check' };

/** Whether `url` answers a CORS preflight and then a real message with 2xx, and why not. */
async function answersMessages(url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const origin = 'http://127.0.0.1';
  const preflight = await fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
  }).catch(() => null);
  if (!preflight?.ok)
    return { ok: false, reason: preflight ? `preflight answered ${preflight.status}` : 'not listening' };
  const reply = await fetch(url, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(READINESS_MESSAGE),
  }).catch((error: unknown) => new Error(String(error)));
  if (reply instanceof Error) return { ok: false, reason: `message failed: ${reply.message}` };
  const body = await reply.text().catch(() => '');
  return reply.ok ? { ok: true } : { ok: false, reason: `message answered ${reply.status}: ${body.slice(0, 200)}` };
}

/**
 * Polls `urls` until each answers a CORS preflight and then a real chat message with 2xx. n8n listens
 * before it has registered the webhooks of active workflows (it answers 500 for a path it does not know
 * yet), and a webhook that is registered has still to run its workflow once: on a loaded machine the
 * first executions after a start can fail while n8n is still settling, and the suite must not mistake
 * that for the widget's fault.
 */
async function waitForWebhooks(
  urls: string[],
  child: ChildProcess,
  timeoutMs: number,
  tail: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Map(urls.map((url) => [url, 'not asked yet']));
  while (pending.size > 0) {
    if (child.exitCode !== null) throw new Error(`n8n exited with ${child.exitCode} while starting:\n${tail()}`);
    if (Date.now() > deadline) {
      const reasons = [...pending].map(([url, reason]) => `${url} (${reason})`).join(', ');
      throw new Error(`n8n did not answer ${reasons} within ${timeoutMs / 1000} s:\n${tail()}`);
    }
    for (const url of [...pending.keys()]) {
      const check = await answersMessages(url);
      if (check.ok) pending.delete(url);
      else pending.set(url, check.reason);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Imports `credentials` (`import:credentials`) and `workflows` (`import:workflow`) with n8n's CLI, activates them all (`update:workflow`), then
 * starts n8n on `port` and waits until every path of `readyPaths` (production webhooks) answers a chat message. Everything n8n
 * keeps lives in a fresh temporary folder.
 */
export async function startN8n(options: {
  bin: string;
  port: number;
  workflows: unknown[];
  /** Credentials for `import:credentials` (id, name, type and the plain `data`, which n8n encrypts on import). */
  credentials?: unknown[];
  readyPaths: string[];
  startTimeoutMs?: number;
}): Promise<N8nServer> {
  const userFolder = await mkdtemp(path.join(tmpdir(), 'store-assistant-n8n-'));
  const env = n8nEnvironment(userFolder, options.port);
  const workflowsFile = path.join(userFolder, 'workflows.json');
  await writeFile(workflowsFile, JSON.stringify(options.workflows));
  let child: ChildProcess | undefined;
  const logFile = path.join(userFolder, 'n8n.log');
  const logTail = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    } catch {
      return '(no log)';
    }
  };
  const stop = async () => {
    if (child) await stopProcess(child, 10_000);
    process.off('exit', killOnExit);
    await rm(userFolder, { recursive: true, force: true });
  };
  // If the test process dies without running its hooks, n8n must not outlive it.
  const killOnExit = () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  try {
    let started = Date.now();
    const since = () => Math.round((Date.now() - started) / 100) / 10;
    if (options.credentials?.length) {
      const credentialsFile = path.join(userFolder, 'credentials.json');
      await writeFile(credentialsFile, JSON.stringify(options.credentials));
      await runCli(options.bin, ['import:credentials', `--input=${credentialsFile}`], env, 120_000);
    }
    await runCli(options.bin, ['import:workflow', `--input=${workflowsFile}`], env, 120_000);
    const importSeconds = since();
    started = Date.now();
    await runCli(options.bin, ['update:workflow', '--all', '--active=true'], env, 120_000);
    const activateSeconds = since();
    started = Date.now();
    const log = createWriteStream(logFile);
    child = spawn(process.execPath, [options.bin, 'start'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    process.on('exit', killOnExit);
    const url = `http://127.0.0.1:${options.port}`;
    const readyUrls = options.readyPaths.map((readyPath) => `${url}${readyPath}`);
    await waitForWebhooks(readyUrls, child, options.startTimeoutMs ?? 120_000, logTail);
    return {
      url,
      pid: child.pid ?? 0,
      logFile,
      seconds: { import: importSeconds, activate: activateSeconds, start: since() },
      logTail,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
