import { setMaxListeners } from 'node:events';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { it } from 'vitest';
import { startEngine, type EngineMode, type LoadEngine } from './engine';
import { tally, type Execution, type SentMessage, type Tally } from './tally';
import { runVisitor, type VisitorPlan } from './visitors';

// One load run (test/bench/engine-load.mjs starts it through vitest, which reads this TypeScript): n8n in
// the mode asked for, the visitors, the count from both sides, the result written as JSON. Its options
// come in ENGINE_LOAD as JSON.

interface Options {
  mode: EngineMode;
  visitors: number;
  messages: number;
  /** The hard limit of the visitors' part; at it, every visitor stops where it is. */
  minutes: number;
  thinkMs: number;
  /** Visitors arrive spread over this many seconds. */
  rampSeconds: number;
  results: string;
}

const options = JSON.parse(process.env.ENGINE_LOAD ?? '{}') as Options;
/** The store page the visitors are on: its origin is what the workflows allow. */
const STORE_ORIGIN = 'http://127.0.0.1';
/** After the visitors, n8n may still be saving the last executions: they are read again until all are there. */
const SETTLE_MS = 60_000;

/** A seeded random source, so two runs spread their visitors alike. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

async function driveVisitors(engine: LoadEngine, prefix: string): Promise<{ records: SentMessage[]; ms: number }> {
  const limit = new AbortController();
  // Every visitor waits on the one time limit.
  setMaxListeners(0, limit.signal);
  const timer = setTimeout(() => limit.abort(), options.minutes * 60_000);
  const started = Date.now();
  const random = seeded(47);
  try {
    const plans: VisitorPlan[] = Array.from({ length: options.visitors }, (_, index) => ({
      prefix,
      index,
      protocol: index % 2 === 0 ? 'webhook' : 'n8n-chat',
      url: index % 2 === 0 ? engine.webhookUrl : engine.chatUrl,
      origin: STORE_ORIGIN,
      messages: options.messages,
      startDelayMs: (options.rampSeconds * 1000 * index) / options.visitors,
      thinkMs: options.thinkMs,
      signal: limit.signal,
      random,
    }));
    const records = (await Promise.all(plans.map((plan) => runVisitor(plan, Date.now)))).flat();
    return { records, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** The executions of this run, read again while some sent message is not in them yet (n8n still saving). */
async function settledExecutions(engine: LoadEngine, prefix: string, records: SentMessage[]): Promise<Execution[]> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const executions = engine.executions(prefix);
    const seen = new Set(executions.flatMap((execution) => execution.messageIds));
    const missing = records.some((record) => record.replies > 0 && !seen.has(record.messageId));
    if (!missing || Date.now() > deadline) return executions;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface Result extends Tally {
  mode: EngineMode;
  visitors: number;
  messagesEach: number;
  notSent: number;
  conversationsCompleted: number;
  conversationsPerMinute: number;
  driveSeconds: number;
  startSeconds: number;
  executions: number;
  /** The visitor's record and the executions of each lost or doubled message (the first 20), to look into. */
  evidence: { record: SentMessage | undefined; executions: Execution[] }[];
  load: { before: number[]; after: number[]; cores: number };
  date: string;
}

function summary(
  records: SentMessage[],
  executions: Execution[],
  ms: number,
  engine: LoadEngine,
): Omit<Result, 'load' | 'date'> {
  const counted = tally(records, executions);
  const completed = new Set(records.map((record) => record.visitor));
  for (const record of records) if (record.replies !== 1) completed.delete(record.visitor);
  const perVisitor = new Map<string, number>();
  for (const record of records) perVisitor.set(record.visitor, (perVisitor.get(record.visitor) ?? 0) + 1);
  for (const [visitor, count] of perVisitor) if (count < options.messages) completed.delete(visitor);
  return {
    ...counted,
    mode: options.mode,
    visitors: options.visitors,
    messagesEach: options.messages,
    notSent: options.visitors * options.messages - records.length,
    conversationsCompleted: completed.size,
    conversationsPerMinute: Math.round((completed.size / (ms / 60_000)) * 10) / 10,
    driveSeconds: Math.round(ms / 1000),
    startSeconds: engine.startSeconds,
    executions: executions.filter((execution) => execution.messageIds.length > 0).length,
    evidence: [...new Set([...counted.lost, ...counted.doubled])].slice(0, 20).map((messageId) => ({
      record: records.find((record) => record.messageId === messageId),
      executions: executions.filter((execution) => execution.messageIds.includes(messageId)),
    })),
  };
}

it(`${options.visitors} visitors × ${options.messages} messages through n8n (${options.mode})`, async () => {
  const before = os.loadavg();
  const engine = await startEngine(options.mode, STORE_ORIGIN);
  try {
    const prefix = `load${Date.now().toString(36)}`;
    const { records, ms } = await driveVisitors(engine, prefix);
    const executions = await settledExecutions(engine, prefix, records);
    const result: Result = {
      ...summary(records, executions, ms, engine),
      load: { before, after: os.loadavg(), cores: os.cpus().length },
      date: new Date().toISOString(),
    };
    writeFileSync(options.results, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await engine.stop();
  }
});
