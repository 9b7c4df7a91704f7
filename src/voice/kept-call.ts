import { isJsonObject, own } from '../common/own';
import { safeStringify } from '../common/safe-json';
import type { SafeStorage } from '../common/storage';
import type { TranscriptEntry, TranscriptState } from '../transcript/merge';
import type { WebCallRecord } from './voice-client';
import type { VoiceConfig } from './voice-config';

/** Where a call left by the previous page waits for the next one, in this tab's sessionStorage only. */
export const KEPT_CALL_KEY = 'store-assistant:kept-call';

/**
 * How long a call left by a page may be rejoined by the next: long enough for a page of the store to
 * load on a slow phone, short enough that a visitor who went elsewhere is not pulled back into it.
 */
export const KEEP_WINDOW_MS = 30_000;

/** Transcript entries a kept call carries at most: the newest are kept. */
const MAX_KEPT_ENTRIES = 200;

/** A call in progress as the page that left it kept it for the next page of the same store. */
export interface KeptCall {
  /** The page's origin: only a page of the same store rejoins it. */
  origin: string;
  /** After this (milliseconds since the epoch) it is never rejoined. */
  expiresAt: number;
  provider: VoiceConfig['provider'];
  webCall: WebCallRecord;
  muted: boolean;
  /** Seconds the call had lasted, and when it connected: its cards and lines stay one thread. */
  seconds: number;
  startedAt: number | null;
  transcript: TranscriptEntry[];
  lastFragments: TranscriptState['previous'];
}

const isEntry = (value: unknown): value is TranscriptEntry =>
  (own(value, 'role') === 'user' || own(value, 'role') === 'assistant') &&
  typeof own(value, 'text') === 'string' &&
  typeof own(value, 'timestamp') === 'number';

function webCallOf(value: unknown): WebCallRecord | null {
  const url = own(value, 'webCallUrl');
  if (!isJsonObject(value) || typeof url !== 'string' || !url) return null;
  return value as unknown as WebCallRecord;
}

function fragmentsOf(value: unknown): TranscriptState['previous'] {
  if (!isJsonObject(value)) return {};
  const fragments: Record<string, unknown> = {};
  for (const role of ['user', 'assistant'] as const) {
    const fragment = own(value, role);
    if (typeof own(fragment, 'text') === 'string' && typeof own(fragment, 'timestamp') === 'number')
      fragments[role] = fragment;
  }
  return fragments as TranscriptState['previous'];
}

/** The kept call read back, or null when there is none or it is not one (a page's own script may write there). */
export function parseKeptCall(text: string | null): KeptCall | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const [origin, expiresAt, provider, muted, seconds, startedAt, transcript] = [
    'origin',
    'expiresAt',
    'provider',
    'muted',
    'seconds',
    'startedAt',
    'transcript',
  ].map((key) => own(value, key));
  const webCall = webCallOf(own(value, 'webCall'));
  if (typeof origin !== 'string' || typeof expiresAt !== 'number' || !webCall) return null;
  if (provider !== 'vapi' && provider !== 'demo') return null;
  return {
    origin,
    expiresAt,
    provider,
    webCall,
    muted: muted === true,
    seconds: typeof seconds === 'number' && seconds >= 0 ? Math.floor(seconds) : 0,
    startedAt: typeof startedAt === 'number' ? startedAt : null,
    transcript: Array.isArray(transcript) ? transcript.filter(isEntry).slice(-MAX_KEPT_ENTRIES) : [],
    lastFragments: fragmentsOf(own(value, 'lastFragments')),
  };
}

/** Keeps `call` for the next page of this tab. */
export function keepCall(storage: SafeStorage, call: KeptCall): void {
  storage.set(KEPT_CALL_KEY, safeStringify({ ...call, transcript: call.transcript.slice(-MAX_KEPT_ENTRIES) }));
}

/** Whether a previous page of the store may have kept a call in this tab (read without taking it). */
export function hasKeptCall(storage: SafeStorage): boolean {
  return storage.get(KEPT_CALL_KEY) !== null;
}

/** Takes the kept call out of storage: whatever becomes of it, it is rejoined at most once. */
export function takeKeptCall(storage: SafeStorage): KeptCall | null {
  const kept = parseKeptCall(storage.get(KEPT_CALL_KEY));
  storage.remove(KEPT_CALL_KEY);
  return kept;
}

/** Why a kept call may not be rejoined on this page, or null when it may. */
export function refusal(
  kept: KeptCall,
  page: { origin: string; referrer: string; now: number; provider: VoiceConfig['provider'] },
): string | null {
  if (kept.origin !== page.origin) return 'it was kept by another origin';
  if (page.now > kept.expiresAt) return 'the window to rejoin it had passed';
  if (kept.provider !== page.provider) return 'this page places calls through another provider';
  // A visitor who arrives from another site left the store in between: that call is over.
  let from = '';
  try {
    from = page.referrer ? new URL(page.referrer).origin : '';
  } catch {
    from = '';
  }
  if (from && from !== page.origin) return 'the visitor came back from another site';
  return null;
}

/**
 * Ends a kept call that will not be rejoined, without joining it: Vapi's Live Call Control
 * (`POST call.monitor.controlUrl` with `{"type":"end-call"}`; the public key as the bearer token, which
 * a control URL with authentication asks for). Without a control URL the call ends on Vapi's own
 * timeouts (silence, maximum duration).
 */
export async function endKeptRoom(
  fetcher: typeof fetch,
  call: WebCallRecord,
  publicKey: string | null,
): Promise<boolean> {
  if (!call.controlUrl || !/^https?:\/\//.test(call.controlUrl)) return false;
  try {
    const response = await fetcher(call.controlUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(publicKey ? { Authorization: `Bearer ${publicKey}` } : {}) },
      body: '{"type":"end-call"}',
      keepalive: true,
      referrerPolicy: 'no-referrer',
    });
    return response.ok;
  } catch {
    return false;
  }
}
