import { vi } from 'vitest';

/** A request the fake fetch received, with its JSON body parsed. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch that records every request and answers with `respond`. */
export function fakeFetch(respond: Responder) {
  const requests: RecordedRequest[] = [];
  const answers: Promise<unknown>[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body,
      signal: init?.signal,
    };
    requests.push(request);
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = respond(request);
    answers.push(Promise.resolve(answer));
    return answer;
  });
  /**
   * Resolves once every request made so far has been answered or has failed (aborted, say), and the code
   * awaiting it has run on: a task later, when the promise reactions it set off have all run.
   */
  const settled = async (): Promise<void> => {
    await Promise.allSettled(answers);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, mock: fetch, settled };
}

/** A JSON reply. */
export function jsonReply(value: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });
}

/** A plain-text reply. */
export function textReply(text: string, init: ResponseInit = {}): Response {
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, ...init });
}

/** A reply whose body arrives as these chunks, one per `gapMs` (0: as fast as the reader asks). */
export function chunkedReply(chunks: string[], init: ResponseInit = {}, gapMs = 0): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { status: 200, ...init });
}

/** n8n's streaming reply: begin, one item per piece, end; one line per chunk. */
export function n8nStream(pieces: string[], gapMs = 0): Response {
  const lines = [
    `${JSON.stringify({ type: 'begin', metadata: { nodeId: 'agent', nodeName: 'AI Agent' } })}\n`,
    ...pieces.map((content) => `${JSON.stringify({ type: 'item', content, metadata: { nodeId: 'agent' } })}\n`),
    `${JSON.stringify({ type: 'end', metadata: { nodeId: 'agent' } })}\n`,
  ];
  return chunkedReply(lines, { headers: { 'Content-Type': 'application/x-ndjson' } }, gapMs);
}

/** A fetch whose reply never comes; it rejects like the browser when its signal aborts. */
export function hangingResponder(request: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}
