import { own } from '../../common/own';
import { lineParser, type StreamEvent, type StreamParser } from './ndjson-stream';

/**
 * Server-Sent Events as the AI SDK's UI message stream and AG-UI's encoder send them: each event's
 * `data:` lines (joined by newlines) end with a blank line; `event:`, `id:` and comments are not read.
 * `read` turns one event's data into what it means for the reply. A line longer than
 * `MAX_LINE_LENGTH` without its newline ends the stream, as for NDJSON ({@link lineParser}).
 */
export function createSseParser(read: (data: string) => StreamEvent[]): StreamParser {
  let data: string[] = [];
  const lines = (text: string) =>
    text.split('\n').flatMap((raw): StreamEvent[] => {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
      if (line || data.length === 0) return [];
      const events = read(data.join('\n'));
      data = [];
      return events;
    });
  // The last event may lack its blank line: it still counts.
  return lineParser(lines, (rest) => lines(`${rest}\n\n`));
}

/** `data` read as JSON; undefined when it is not (a `[DONE]`, a comment line, a broken event). */
export function jsonData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The reply fields a protocol may carry beside its text, under the names its parts, tools or custom
 * events use: each becomes the widget's reply field of the same meaning (docs/webhook.md).
 */
const REPLY_FIELDS: Record<string, string> = {
  products: 'products',
  suggestions: 'suggestions',
  cart: 'actions',
  orders: 'orders',
  handoff: 'handoff',
};

/** A part of the reply named `name` (`products`, `cart`...) with `value`; nothing for any other name. */
export function replyPart(name: string, value: unknown): StreamEvent[] {
  const field = own(REPLY_FIELDS, name);
  return typeof field === 'string' && value !== undefined ? [{ type: 'part', part: { [field]: value } }] : [];
}
