import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureN8n } from '../../e2e/n8n/install';
import { freePort, startN8n, type N8nServer } from '../../e2e/n8n/n8n-process';
import { chatPath, takeoverWorkflowForStore, WEBHOOK_PATH, workflowForStore } from '../../e2e/n8n/workflows';
import {
  ensurePackages,
  postgresBin,
  queueModeEnv,
  startPostgres,
  startRedis,
  type Service,
} from '../../queue/services';
import { messageIdsIn, REPEAT_NOTE, type Execution } from './tally';

/**
 * The n8n a load run drives, started as the queue-mode suite starts it: in queue mode (main, two
 * workers, Redis and Postgres from Debian's packages), or as one process on SQLite for comparison. It
 * imports the demo's store workflow (webhook contract, with its repeat check on `messageId`) and the
 * demo's takeover workflow (n8n's chat, answering through Chat nodes over the socket); both answer from
 * their inline catalogue, without a model.
 */

export type EngineMode = 'queue' | 'single';

export interface LoadEngine {
  mode: EngineMode;
  webhookUrl: string;
  chatUrl: string;
  /** Seconds from starting the services until the webhooks answered. */
  startSeconds: number;
  /** The executions n8n saved, with the messageIds of this run (`prefix`) each carried. */
  executions(prefix: string): Execution[];
  stop(): Promise<void>;
}

/** Executions' stored data can be large; the read must not be cut. */
const READ_BUFFER = 1 << 30;

function readRows(command: string, args: string[]): string[] {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: READ_BUFFER });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  return result.stdout.split('\n').filter((line) => line.trim() !== '');
}

/** `<executionId>\t<data>` rows, read as executions. */
function executionsOf(rows: string[], prefix: string): Execution[] {
  return rows.map((row) => {
    const tab = row.indexOf('\t');
    const data = row.slice(tab + 1);
    return {
      executionId: row.slice(0, tab),
      messageIds: messageIdsIn(data, prefix),
      repeatNote: data.includes(REPEAT_NOTE),
    };
  });
}

const QUERY = 'SELECT "executionId", data FROM execution_data';

function postgresExecutions(postgres: Service, prefix: string): Execution[] {
  const bin = postgresBin();
  if (!bin) throw new Error('postgresql is not installed');
  const psql = path.join(bin, 'psql');
  const args = ['-h', '127.0.0.1', '-p', String(postgres.port), '-U', 'postgres', '-d', 'n8n', '-At', '-F', '\t'];
  return executionsOf(readRows(psql, [...args, '-c', QUERY]), prefix);
}

/** n8n's SQLite database lives in its user folder's `.n8n`, beside the log this suite writes. */
function sqliteExecutions(n8n: N8nServer, prefix: string): Execution[] {
  const database = path.join(path.dirname(n8n.logFile), '.n8n', 'database.sqlite');
  return executionsOf(readRows('sqlite3', ['-readonly', '-separator', '\t', database, QUERY]), prefix);
}

function ensureSqliteCli(): void {
  if (spawnSync('sh', ['-c', 'command -v sqlite3']).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error('install sqlite3 first (apt-get install sqlite3)');
  spawnSync('apt-get', ['install', '-y', '-qq', 'sqlite3'], { stdio: 'inherit' });
}

/** Starts n8n in `mode` with the two workflows, for visitors of a store page on `storeOrigin`. */
export async function startEngine(mode: EngineMode, storeOrigin: string): Promise<LoadEngine> {
  const started = Date.now();
  const install = await ensureN8n();
  let redis: Service | undefined;
  let postgres: Service | undefined;
  if (mode === 'queue') {
    ensurePackages();
    [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  } else ensureSqliteCli();
  // Should the run's process end without its clean-up (its own time limit passed), they end with it; n8n
  // and its workers do already (startN8n).
  const stopServicesNow = () => [redis, postgres].forEach((service) => service?.stopNow());
  process.once('exit', stopServicesNow);
  // The takeover workflow tells its desk only when a visitor asks for a person, which no load visitor does.
  const takeover = takeoverWorkflowForStore(storeOrigin, 'http://127.0.0.1:9/desk');
  const port = await freePort();
  let n8n: N8nServer | undefined;
  try {
    n8n = await startN8n({
      bin: install.bin,
      port,
      workflows: [workflowForStore(storeOrigin), takeover],
      readyPaths: [WEBHOOK_PATH, chatPath(takeover)],
      env: mode === 'queue' ? queueModeEnv(redis, postgres) : undefined,
      workers: mode === 'queue' ? 2 : 0,
      startTimeoutMs: 300_000,
    });
  } catch (error) {
    await Promise.all([redis?.stop(), postgres?.stop()]);
    process.off('exit', stopServicesNow);
    throw error;
  }
  const running = n8n;
  return {
    mode,
    webhookUrl: `${running.url}${WEBHOOK_PATH}`,
    chatUrl: `${running.url}${chatPath(takeover)}`,
    startSeconds: Math.round((Date.now() - started) / 1000),
    executions: (prefix) => (postgres ? postgresExecutions(postgres, prefix) : sqliteExecutions(running, prefix)),
    async stop() {
      await running.stop();
      await Promise.all([redis?.stop(), postgres?.stop()]);
      process.off('exit', stopServicesNow);
    },
  };
}
