import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from './harness';

// The demo's /agent desk in a browser: the whole conversation shows with its markdown formatted, and a
// message's HTML stays text (the page never runs it).

let session: E2eSession;

beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('the agent desk page', () => {
  it('shows the conversation from its first message, markdown formatted, HTML as text', async () => {
    const sessionId = 'agent-page-whole-conversation';
    const hostile = '<img src="/nothing.png" onerror="document.title=\'pwned\'">';
    const history = [
      { role: 'user', content: `Hello ${hostile}` },
      { role: 'assistant', content: 'Here is our **Linen Shirt**:\n\n- breathable\n- relaxed fit' },
    ];
    const response = await fetch(`${session.server.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Can I talk to a person?', sessionId, history }),
    });
    expect(response.status).toBe(200);

    const { page, pageErrors } = await session.newPage();
    await page.goto(`${session.server.url}/agent`);
    const card = page.locator('.agent-card').filter({ hasText: 'Can I talk to a person?' });
    await card.waitFor();
    const lines = card.locator('.agent-thread > li');
    expect(await lines.first().textContent()).toContain(`Hello ${hostile}`);
    expect(await card.locator('.agent-thread strong:not(.agent-speaker)').allTextContents()).toEqual(['Linen Shirt']);
    expect(await card.locator('.agent-thread ul li').allTextContents()).toEqual(['breathable', 'relaxed fit']);
    expect(await card.locator('img').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    expect(pageErrors).toEqual([]);
  });
});
