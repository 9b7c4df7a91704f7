import { describe, expect, it } from 'vitest';
import { parseReply } from '../../../src/chat/replies/reply-parser';
import { incomingFromEvent, incomingFromReply } from '../../../src/handoff/incoming';
import { createSseParser, type ServerSentEvent } from '../../../src/handoff/sse-parser';

const allowCdn = (url: string) => (url.startsWith('https://cdn.shop.example/') ? url : null);
const context = { imageHosts: [], pageOrigin: 'https://shop.example', storeUrl: null };

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

describe('the event stream format', () => {
  it('reads events cut anywhere, in any line ending, skipping heartbeats', () => {
    const { events, retries } = parse([
      ': hi\r',
      '\nid: 7\r\nevent: hand',
      'off\rdata: {"status"',
      ':"joined"}\r',
      '\n\r\n',
      'retry: 500\ndata: a\ndata: b\n\n',
    ]);
    expect(events).toEqual([
      { type: 'handoff', data: '{"status":"joined"}', id: '7' },
      { type: 'message', data: 'a\nb', id: null },
    ]);
    expect(retries).toEqual([500]);
  });

  it('dispatches nothing for an event without data or one never ended', () => {
    expect(parse(['event: message\n\n', 'data: unfinished']).events).toEqual([]);
  });
});

describe('incoming events', () => {
  it('a message needs an id; a person’s picture shows only from an allowed image host', () => {
    expect(incomingFromEvent('message', '{"text":"Hi"}', null, allowCdn)).toBeNull();
    expect(
      incomingFromEvent(
        'message',
        '{"text":"Hi","agent":{"name":"Alex","avatar":"https://evil.example/a.png"}}',
        '4',
        allowCdn,
      ),
    ).toEqual({ kind: 'message', id: '4', text: 'Hi', agent: { name: 'Alex' } });
    expect(
      incomingFromEvent(
        'handoff',
        '{"status":"joined","agent":{"name":"Alex","avatar":"https://cdn.shop.example/a.png"}}',
        null,
        allowCdn,
      ),
    ).toEqual({
      kind: 'handoff',
      id: null,
      status: 'joined',
      agent: { name: 'Alex', avatar: 'https://cdn.shop.example/a.png' },
    });
    expect(incomingFromEvent('handoff', '{"status":"dancing"}', '5', allowCdn)).toBeNull();
  });

  it('a reply says what follows it: pending, or a handoff as a word or an object', () => {
    expect(parseReply({ pending: true }, context)).toMatchObject({ text: '', pending: true });
    const reply = parseReply([{ json: { output: 'One moment', handoff: { status: 'connecting' } } }], context);
    expect(reply).toMatchObject({ text: 'One moment', handoff: { status: 'connecting' } });
    expect(incomingFromReply(reply.handoff, allowCdn)).toMatchObject({ kind: 'handoff', status: 'connecting' });
    expect(incomingFromReply('unavailable', allowCdn)).toMatchObject({ status: 'unavailable' });
    expect(parseReply({ output: 'Hi' }, context).pending).toBeUndefined();
  });
});
