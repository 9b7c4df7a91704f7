/** One complete Server-Sent Event. */
export interface ServerSentEvent {
  /** `event:`, or `message` when the event named none. */
  type: string;
  data: string;
  /** `id:` of this event, or null when it carried none. */
  id: string | null;
}

/** What the stream asked of the client besides events. */
export interface SseParserCallbacks {
  onEvent(event: ServerSentEvent): void;
  /** `retry:`: the milliseconds to wait before reconnecting. */
  onRetry?(ms: number): void;
}

/** Longest event the parser buffers: a stream that never ends an event must not fill the memory. */
const MAX_EVENT_LENGTH = 256 * 1024;

/**
 * Reads the text of an `text/event-stream` as it arrives, in chunks cut anywhere, by the rules of the
 * HTML standard's event stream format: lines end in LF, CRLF or CR; a blank line ends an event; lines
 * starting with `:` are comments (heartbeats); `data:` lines join with LF; an empty `data` is no event.
 */
export function createSseParser({ onEvent, onRetry }: SseParserCallbacks) {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | null = null;
  let size = 0;

  const dispatch = () => {
    if (data.length > 0) onEvent({ type: type || 'message', data: data.join('\n'), id });
    type = '';
    data = [];
    id = null;
    size = 0;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    size += value.length;
    if (size > MAX_EVENT_LENGTH) return void (data = []);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return {
    /** Feeds the next chunk of the stream's text. */
    push(chunk: string): void {
      buffer += chunk;
      let match: RegExpExecArray | null;
      // A CR at the very end may be the first half of a CRLF: it waits for the next chunk.
      while ((match = /\r\n|\r(?!$)|\n/.exec(buffer))) {
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
      if (buffer.length > MAX_EVENT_LENGTH) buffer = '';
    },
  };
}
