import { own } from '../common/own';
import type { SafeStorage } from '../common/storage';
import { agentOf, type AllowImage } from './incoming';
import type { HandoffState, PersonPreview } from './handoff-state';

/** Every key a takeover is saved under starts with this; the conversation's id follows. */
export const HANDOFF_KEY_PREFIX = 'store-assistant:handoff:';
/** Event ids remembered per conversation, so a replayed or second tab's copy is recognised. */
const MAX_SEEN = 100;

/** What is saved of a takeover, so a reload or another tab shows the same state and resumes the stream. */
export interface HandoffRecord {
  state: Omit<HandoffState, 'channel'>;
  /** The id of the last event received, sent as `Last-Event-ID` when the stream opens again. */
  lastEventId: string | null;
  /** The ids of the events already shown. */
  seen: string[];
}

export const recordKey = (sessionId: string) => HANDOFF_KEY_PREFIX + sessionId;

/** A previewed message is cut to this many characters: the bubble beside the launcher shows two lines of it. */
export const MAX_PREVIEW_LENGTH = 280;
/** The badge shows "9+" past nine; a saved count past this is not believed. */
const MAX_UNREAD = 999;

const PHASES = new Set(['none', 'connecting', 'joined', 'missed']);
const EMAIL = new Set(['idle', 'sending', 'sent', 'failed']);

function parse(text: string | null): unknown {
  try {
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Reads a saved takeover. Saved data is untrusted (any script on the page may write it): every field is checked. */
export function readRecord(storage: SafeStorage, sessionId: string, allowImage: AllowImage): HandoffRecord | null {
  const raw = parse(storage.get(recordKey(sessionId)));
  const state = own(raw, 'state');
  const phase = own(state, 'phase');
  if (typeof phase !== 'string' || !PHASES.has(phase)) return null;
  const missed = own(state, 'missedBecause');
  const email = own(state, 'email');
  const requestedAt = own(state, 'requestedAt');
  const lastEventId = own(raw, 'lastEventId');
  const seen = own(raw, 'seen');
  const execution = own(state, 'execution');
  const unread = own(state, 'unread');
  return {
    state: {
      phase: phase as HandoffState['phase'],
      agent: agentOf(own(state, 'agent'), allowImage),
      typing: false,
      awaiting: own(state, 'awaiting') === true,
      missedBecause: missed === 'timeout' || missed === 'unavailable' ? missed : null,
      // A send cut short by the page leaving may be tried again.
      email: typeof email === 'string' && EMAIL.has(email) && email !== 'sending' ? (email as 'sent') : 'idle',
      requestedAt: typeof requestedAt === 'number' && Number.isFinite(requestedAt) ? requestedAt : null,
      execution: typeof execution === 'string' && execution ? execution.slice(0, 100) : null,
      unread: typeof unread === 'number' && Number.isInteger(unread) ? Math.min(Math.max(unread, 0), MAX_UNREAD) : 0,
      preview: previewOf(own(state, 'preview'), allowImage),
    },
    lastEventId: typeof lastEventId === 'string' ? lastEventId.slice(0, 100) : null,
    seen: Array.isArray(seen) ? seen.filter((id): id is string => typeof id === 'string').slice(-MAX_SEEN) : [],
  };
}

/** A saved preview of the person's message, checked like the rest: text and a person, or none. */
function previewOf(value: unknown, allowImage: AllowImage): PersonPreview | null {
  const text = own(value, 'text');
  const agent = agentOf(own(value, 'agent'), allowImage);
  if (typeof text !== 'string' || !text.trim() || !agent) return null;
  return { text: text.slice(0, MAX_PREVIEW_LENGTH), agent };
}

/** Saves a takeover; one that is over, with nothing left to resume, is removed instead. */
export function writeRecord(storage: SafeStorage, sessionId: string, record: HandoffRecord): void {
  const { state } = record;
  if (state.phase === 'none' && !state.awaiting && record.lastEventId === null && state.unread === 0) {
    storage.remove(recordKey(sessionId));
    return;
  }
  const { typing: _typing, ...kept } = state;
  storage.set(recordKey(sessionId), JSON.stringify({ ...record, state: kept, seen: record.seen.slice(-MAX_SEEN) }));
}

/** Removes every saved takeover in `storage`. */
export function eraseRecords(storage: SafeStorage): void {
  for (const key of storage.keys()) if (key.startsWith(HANDOFF_KEY_PREFIX)) storage.remove(key);
}
