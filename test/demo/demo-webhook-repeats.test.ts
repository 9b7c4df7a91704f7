// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withDemoServer } from './demo-server';

// The demo's mock webhook drops a repeat: a message sent again under the same `messageId` (its answer was
// lost on the way, or another tab pressed Retry) gets the first answer again, and nothing is done twice.

const server = withDemoServer();

async function send(message: string, sessionId: string, messageId: string) {
  const response = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, history: [], sessionId, messageId }),
  });
  return { status: response.status, body: await response.text() };
}

describe("the demo webhook's repeats", () => {
  it('answers a repeat with the first answer, without asking for a person twice', async () => {
    const first = await send('Can I talk to a person?', 'repeat-person', 'repeat-person:1');
    expect(JSON.parse(first.body)).toMatchObject({ handoff: { status: 'connecting' } });
    const [repeat, sameTime] = await Promise.all([
      send('Can I talk to a person?', 'repeat-person', 'repeat-person:1'),
      send('Can I talk to a person?', 'repeat-person', 'repeat-person:1'),
    ]);
    expect(repeat).toEqual(first);
    expect(sameTime).toEqual(first);
    // A new message with the same words is a new message: the visitor is already waiting for a person.
    const next = await send('Can I talk to a person?', 'repeat-person', 'repeat-person:2');
    expect(JSON.parse(next.body)).toEqual({});
  });

  it('answers a repeat that arrives while the first is still being answered with that answer', async () => {
    const [first, repeat] = await Promise.all([
      send('Talk to someone please', 'repeat-early', 'repeat-early:1'),
      send('Talk to someone please', 'repeat-early', 'repeat-early:1'),
    ]);
    expect(JSON.parse(first.body)).toMatchObject({ handoff: { status: 'connecting' } });
    expect(repeat).toEqual(first);
  });

  it('answers a message anew when its first answer failed', async () => {
    expect((await send('fail once', 'repeat-failed', 'repeat-failed:1')).status).toBe(500);
    const retried = await send('fail once', 'repeat-failed', 'repeat-failed:1');
    expect(retried.status).toBe(200);
    expect(retried.body).toContain('it works now');
  });
});
