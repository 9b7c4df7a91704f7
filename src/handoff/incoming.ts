import { own } from '../common/own';
import type { Agent, HandoffStatus } from './handoff-state';

/**
 * A message or takeover change from outside a request: what any transport (the Server-Sent Events
 * stream, a chat socket) hands to the takeover. Whatever carries it, it enters through
 * {@link IncomingSink.receive}.
 */
export type IncomingEvent =
  | { kind: 'message'; id: string; text: string; agent: Agent | null }
  | { kind: 'handoff'; id: string | null; status: HandoffStatus; agent: Agent | null };

/** Where a transport delivers what it received. */
export interface IncomingSink {
  receive(event: IncomingEvent): void;
}

/** Returns the URL an image may be shown from, or null when the image rule refuses it. */
export type AllowImage = (url: string) => string | null;

const STATUSES: readonly HandoffStatus[] = ['connecting', 'joined', 'typing', 'left', 'timeout', 'unavailable'];
/** Longest agent name shown; longer names are cut. */
const MAX_NAME = 60;
/** Longest pushed message shown, as for a reply. */
export const MAX_PUSHED_TEXT = 10_000;
/** Longest event id kept: ids are opaque, and a hostile stream must not fill storage with one. */
const MAX_ID = 100;

/** The agent an event names: a name, and a picture only from an allowed image host. */
export function agentOf(value: unknown, allowImage: AllowImage): Agent | null {
  const name = own(value, 'name');
  if (typeof name !== 'string' || !name.trim()) return null;
  const agent: Agent = { name: name.trim().slice(0, MAX_NAME) };
  const avatar = own(value, 'avatar');
  const allowed = typeof avatar === 'string' ? allowImage(avatar) : null;
  if (allowed) agent.avatar = allowed;
  return agent;
}

/** A status word, or null when it is none of the documented ones. */
export function statusOf(value: unknown): HandoffStatus | null {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value) ? (value as HandoffStatus) : null;
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

function idOf(sseId: string | null, data: unknown): string | null {
  const raw = own(data, 'id');
  const id = sseId ?? (typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null);
  return id ? id.slice(0, MAX_ID) : null;
}

/**
 * One Server-Sent Event as an incoming event: `message` (the default type) with `{ text, agent? }`
 * (or plain text) and an id, or `handoff` with `{ status, agent? }`. Anything else is null: a message
 * without an id could not be told apart from its copy after a reconnect, so it is not shown.
 */
export function incomingFromEvent(
  type: string,
  data: string,
  sseId: string | null,
  allowImage: AllowImage,
): IncomingEvent | null {
  const value = parseData(data);
  const id = idOf(sseId, value);
  const agent = agentOf(own(value, 'agent'), allowImage);
  if (type === 'handoff') {
    const status = statusOf(typeof value === 'string' ? value : own(value, 'status'));
    return status ? { kind: 'handoff', id, status, agent } : null;
  }
  if (type !== 'message' || id === null) return null;
  const raw = typeof value === 'string' ? value : own(value, 'text');
  if (typeof raw !== 'string' || !raw.trim()) return null;
  return { kind: 'message', id, text: raw.slice(0, MAX_PUSHED_TEXT), agent };
}

/** What a webhook reply says about what follows it: the `pending` and `handoff` fields. */
export interface ReplySignals {
  /** More will follow over the push channel. */
  pending?: boolean;
  /** A takeover change: a status word, or `{ status, agent }`. */
  handoff?: unknown;
}

/** The takeover change a reply's `handoff` field asks for, or null. */
export function incomingFromReply(handoff: unknown, allowImage: AllowImage): IncomingEvent | null {
  const status = statusOf(typeof handoff === 'string' ? handoff : own(handoff, 'status'));
  if (!status) return null;
  return { kind: 'handoff', id: null, status, agent: agentOf(own(handoff, 'agent'), allowImage) };
}
