import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/n8n/n8n-process';

/**
 * Redis and Postgres for n8n's queue mode, from Debian's `redis-server` and `postgresql` packages, each
 * on a free loopback port with its data in a fresh temporary folder, ended by process id afterwards.
 * Postgres refuses to run as root: it runs as the `postgres` user the package creates (runuser).
 */

/** A service this suite started. */
export interface Service {
  port: number;
  stop(): Promise<void>;
  /** Ends it at once, synchronously: for a process `exit` handler, when there is no time to wait. */
  stopNow(): void;
}

/** Installs the Debian packages the suite needs when a command of theirs is missing (CI runs as root). */
export function ensurePackages(): void {
  const missing: string[] = [];
  if (!commandExists('redis-server')) missing.push('redis-server');
  if (!postgresBin()) missing.push('postgresql');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`install ${missing.join(' and ')} first (apt-get install ${missing.join(' ')})`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...missing], { DEBIAN_FRONTEND: 'noninteractive' });
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The folder of Debian's Postgres programs (/usr/lib/postgresql/<version>/bin), the newest; null if none. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Resolves once `ready()` is true, polling; fails with `what` after `timeoutMs` or when `child` exits. */
async function until(what: string, child: ChildProcess, ready: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A Redis that keeps nothing on disk. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'store-assistant-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const ping = () =>
    spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
  await until('redis-server', child, ping);
  return {
    port,
    stopNow: () => void child.kill('SIGKILL'),
    async stop() {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A Postgres with a database `n8n` owned by user `n8n` (password `n8n`), run as the `postgres` user. */
export async function startPostgres(): Promise<Service> {
  const bin = postgresBin();
  if (!bin) throw new Error('postgresql is not installed');
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'store-assistant-postgres-'));
  const data = path.join(dir, 'data');
  const { uid, gid } = userIds('postgres');
  await chown(dir, uid, gid);
  await chmod(dir, 0o700);
  const asPostgres = (program: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]);
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const child = spawn(
    'runuser',
    ['-u', 'postgres', '--', path.join(bin, 'postgres'), '-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  const ready = () => spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
  await until('postgres', child, ready);
  const sql = (statement: string) =>
    run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', statement]);
  sql(`CREATE USER n8n WITH PASSWORD 'n8n'`);
  sql('CREATE DATABASE n8n OWNER n8n');
  return {
    port,
    stopNow() {
      if (child.exitCode === null)
        spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), 'stop', '-D', data, '-m', 'immediate']);
    },
    async stop() {
      // runuser waits for postgres; pg_ctl ends it (fast: open connections are closed).
      if (child.exitCode === null) asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  return { uid: Number(run('id', ['-u', name])), gid: Number(run('id', ['-g', name])) };
}

/**
 * The settings every n8n process of queue mode shares (docs/queue-mode.md): the queue in `redis`, the
 * database in `postgres` (a database `n8n` of user `n8n`, as {@link startPostgres} makes it).
 */
export function queueModeEnv(redis: Service | undefined, postgres: Service | undefined): NodeJS.ProcessEnv {
  if (!redis || !postgres) throw new Error('Redis and Postgres did not start');
  return {
    EXECUTIONS_MODE: 'queue',
    QUEUE_BULL_REDIS_HOST: '127.0.0.1',
    QUEUE_BULL_REDIS_PORT: String(redis.port),
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: '127.0.0.1',
    DB_POSTGRESDB_PORT: String(postgres.port),
    DB_POSTGRESDB_DATABASE: 'n8n',
    DB_POSTGRESDB_USER: 'n8n',
    DB_POSTGRESDB_PASSWORD: 'n8n',
    N8N_ENCRYPTION_KEY: 'store-assistant-queue-mode-suite',
    OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
    QUEUE_HEALTH_CHECK_ACTIVE: 'false',
    // A killed worker's job is found stalled within seconds rather than the default minute.
    QUEUE_WORKER_LOCK_DURATION: '6000',
    QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
    QUEUE_WORKER_STALLED_INTERVAL: '3000',
  };
}
