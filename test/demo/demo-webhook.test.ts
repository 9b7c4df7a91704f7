// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../src/chat/replies/reply-parser';
import { withDemoServer } from './demo-server';

// The demo's mock webhook offers suggestions in each shape the widget reads. A suggestion is sent back as
// the visitor's message, so each one must be answered by a rule of its own, not by the catch-all stream.

const server = withDemoServer();

const context = { storeUrl: null, pageOrigin: 'http://127.0.0.1', imageHosts: [] };

async function ask(message: string) {
  const response = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, history: [], sessionId: 'demo-suggestions' }),
  });
  const type = response.headers.get('content-type') ?? '';
  const body = await response.text();
  return {
    status: response.status,
    streamed: type.includes('ndjson'),
    reply: parseReply(body, context, { servedAsJson: type.includes('json') }),
  };
}

describe("the demo webhook's suggestions", () => {
  it.each<[string, string, string[]]>([
    ['{output} with suggestions', 'Where is my order?', ['Start a return', 'Size guide', 'Talk to a person']],
    ['nested output.suggestions', 'Show me your courses', ['New arrivals', 'Gift ideas']],
    ['an n8n item array with quickReplies', 'size guide', ['Track my order', 'Returns']],
  ])('%s: each one is answered by a rule of its own', async (_, question, expected) => {
    const { status, reply } = await ask(question);
    expect(status).toBe(200);
    expect(reply.suggestions).toEqual(expected);
    for (const suggestion of expected) {
      const answer = await ask(suggestion);
      expect({ suggestion, status: answer.status, streamed: answer.streamed }).toEqual({
        suggestion,
        status: 200,
        streamed: false,
      });
      expect(answer.reply.text).toMatch(/\S/);
    }
  });
});
