// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../src/chat/replies/reply-parser';
import { el } from '../../src/i18n/languages/el';
import { he } from '../../src/i18n/languages/he';
import { ja } from '../../src/i18n/languages/ja';
import { pl } from '../../src/i18n/languages/pl';
import { englishStrings, type StringTable } from '../../src/i18n/strings';
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

describe("the demo webhook's quick actions", () => {
  // A chip sends its label in the visitor's language with the quick action's id; the id, not the label,
  // says what is asked, so every language gets the answer English gets.
  const ids = ['new-course', 'track-order', 'size-guide', 'contact-support'];
  const english = englishStrings.defaultQuickActions.split('|');

  async function askQuick(label: string, quickAction: string) {
    const response = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: label, quickAction, history: [], sessionId: 'demo-quick-actions' }),
    });
    const type = response.headers.get('content-type') ?? '';
    return { streamed: type.includes('ndjson'), body: await response.text() };
  }

  it.each<[string, StringTable]>([
    ['pl', pl],
    ['ja', ja],
    ['he', he],
    ['el', el],
  ])('%s: each default quick action is answered as in English', async (_, table) => {
    const labels = table.defaultQuickActions.split('|');
    expect(labels).toHaveLength(ids.length);
    for (const [index, id] of ids.entries()) {
      const inEnglish = await askQuick(english[index]!, id);
      const translated = await askQuick(labels[index]!, id);
      expect({ id, ...translated }).toEqual({ id, ...inEnglish });
      expect({ id, streamed: translated.streamed }).toEqual({ id, streamed: false });
    }
  });
});
