import { own } from '../../common/own';

/**
 * Streaming replies: newline-delimited JSON as n8n's streaming responses send it,
 * `{"type":"begin"}`, `{"type":"item","content":"Hel"}`, ..., `{"type":"end"}`.
 */

/** What one line of a stream means for the reply. */
export type StreamEvent =
  | { type: 'begin' }
  | { type: 'text'; text: string }
  | { type: 'end' }
  | { type: 'error'; message: string }
  /** A reply field beside the text (`{ products }`, `{ actions }`...), from a protocol that sends them apart. */
  | { type: 'part'; part: Record<string, unknown> };

/** Reads a stream fed with decoded chunks as they arrive. */
export interface StreamParser {
  /** Adds a chunk; returns the events it completed. */
  push(chunk: string): StreamEvent[];
  /** The stream ended: the events of what was left. */
  end(): StreamEvent[];
}

/** Longest line we buffer while waiting for its newline; a stream that never sends one is not NDJSON. */
export const MAX_LINE_LENGTH = 1_000_000;

/** Is this a streaming content type? */
export function isStreamingContentType(contentType: string | null): boolean {
  return /\b(?:application\/(?:x-)?ndjson|application\/jsonl|application\/x-jsonlines)\b/i.test(contentType ?? '');
}

/** Does `text` start like an n8n stream (its first line a `{"type":"begin"...}` object)? */
export function looksLikeStream(text: string): boolean {
  return /^\s*\{\s*"type"\s*:\s*"(?:begin|item)"/.test(text);
}

/**
 * Does the streamed text so far start like a JSON reply (an object, or an array of objects or strings)
 * rather than prose? n8n's Respond to Webhook node in streaming mode sends a structured reply such as
 * `{"output":{"reply":…,"products":[…]}}` as the text of one item: it is parsed once complete, and is
 * never shown as it arrives. A lone `[` is undecided (a markdown link starts so too) and counts as JSON.
 */
export function looksLikeJsonText(text: string): boolean {
  return /^\s*(?:\{|\[\s*(?:[[{"\]]|$))/.test(text);
}

function eventFromLine(line: string): StreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const text = own(value, 'content') ?? own(value, 'text');
  const content = typeof text === 'string' ? text : '';
  switch (own(value, 'type')) {
    case 'begin':
      return { type: 'begin' };
    case 'end':
      return { type: 'end' };
    case 'error':
      return { type: 'error', message: content || 'the workflow reported an error' };
    case 'item':
    case undefined:
      return content ? { type: 'text', text: content } : null;
    default:
      return null;
  }
}

/**
 * A parser fed with decoded chunks as they arrive: `read` gets the text of the lines each chunk completed,
 * `finish` what is left when the stream ends. Only a chunk with a newline splits anything, so a long line
 * arriving a byte at a time costs no more than the line itself; one longer than {@link MAX_LINE_LENGTH}
 * without its newline ends the stream.
 */
export function lineParser(
  read: (lines: string) => StreamEvent[],
  finish: (rest: string) => StreamEvent[],
): StreamParser {
  let buffer = '';
  return {
    /** Adds a chunk; returns the events of the lines it completed. */
    push(chunk: string): StreamEvent[] {
      const end = chunk.lastIndexOf('\n');
      if (end < 0) {
        buffer += chunk;
        if (buffer.length > MAX_LINE_LENGTH) throw new Error('stream line too long');
        return [];
      }
      const complete = buffer + chunk.slice(0, end);
      buffer = chunk.slice(end + 1);
      return read(complete);
    },
    /** The stream ended: the events of a last line without a newline. */
    end(): StreamEvent[] {
      const rest = buffer;
      buffer = '';
      return finish(rest);
    },
  };
}

/** n8n's NDJSON stream: one event a line (see {@link lineParser}). */
export function createStreamParser(): StreamParser {
  const events = (text: string) =>
    text.split('\n').flatMap((line) => (line.trim() ? (eventFromLine(line.trim()) ?? []) : []));
  return lineParser(events, events);
}
