import { describe, expect, it } from 'vitest';
import { callWebhook, WebhookError, type WebhookCall } from '../../../../src/chat/replies/webhook-client';
import { chunkedReply, fakeFetch } from '../../../support/fetch';

/** Replies as real servers and proxies send them: other charsets, and HTML error pages with a 200. */
const timers: WebhookCall['timers'] = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const call = (reply: () => Response) =>
  callWebhook({
    url: 'https://hooks.example/chat',
    body: { message: 'Hi', history: [], sessionId: 's' },
    fetch: fakeFetch(reply).fetch,
    timers,
    signal: new AbortController().signal,
  });
const bytes = (...values: (string | number)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])),
  );
const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0 (Ubuntu)</center>\r\n</body>\r\n</html>\r\n';

describe('replies in the charset they declare', () => {
  it.each([
    ['windows-1252', 'text/plain; charset=windows-1252', bytes('Caf', 0xe9, ' cr', 0xe8, 'me'), 'Café crème'],
    ['ISO-8859-15, quoted', 'text/plain; charset="ISO-8859-15"', bytes('Price: 12 ', 0xa4), 'Price: 12 €'],
    ['latin1 JSON', 'application/json; charset=latin1', bytes('{"output":"Gr', 0xfc, 'n"}'), '{"output":"Grün"}'],
    ['UTF-8 by default', 'text/plain', new TextEncoder().encode('Café crème'), 'Café crème'],
    [
      'an unknown charset label, read as UTF-8',
      'text/plain; charset=x-klingon',
      new TextEncoder().encode('Café'),
      'Café',
    ],
  ])('%s', async (_, contentType, body, expected) => {
    const reply = await call(() => new Response(body, { headers: { 'Content-Type': contentType } }));
    expect(reply).toMatchObject({ streamed: false, body: expected });
  });

  it('a stream declared in windows-1252, split across chunks', async () => {
    const encoded = bytes('{"type":"item","content":"Caf', 0xe9, '"}\n');
    const reply = await call(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoded.slice(0, 20));
              controller.enqueue(encoded.slice(20));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'application/x-ndjson; charset=windows-1252' } },
        ),
    );
    expect(reply).toEqual({ streamed: true, text: 'Café' });
  });
});

describe('an HTML page is not a reply', () => {
  it.each([
    ["a proxy's 200 text/html error page (nginx 502)", 'text/html', NGINX_502],
    [
      'a 200 HTML document with a doctype',
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html lang="en"><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
    ],
    [
      'an HTML document served as text/plain',
      'text/plain',
      '\n  <html><body><h1>Service Unavailable</h1></body></html>',
    ],
    ['an HTML document without a content type', '', '<head><title>Error</title></head>'],
  ])('%s is a failed reply', async (_, contentType, body) => {
    const error = await call(() =>
      chunkedReply([body], { headers: contentType ? { 'Content-Type': contentType } : {} }),
    ).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ kind: 'html' });
    expect((error as Error).message).toMatch(/HTML page/);
  });

  it.each([
    ['n8n\'s "Text" response, which comes as text/html', 'text/html; charset=utf-8', 'We ship within **24 hours**.'],
    ['text that mentions a tag', 'text/html', 'Use <b>bold</b> with care.'],
  ])('%s is still a reply', async (_, contentType, body) => {
    expect(await call(() => new Response(body, { headers: { 'Content-Type': contentType } }))).toMatchObject({
      streamed: false,
      body,
    });
  });
});
