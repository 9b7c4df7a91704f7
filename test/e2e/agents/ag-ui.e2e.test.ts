import { EventType, type BaseEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { startSession, type E2eSession } from '../harness';
import { tripped, unsafeMarkup } from '../security/page-guards';
import { agUiAgent, type AgentRun, type AgUiAgent } from './ag-ui-server';
import { ask, hostileCard, HOSTILE_SAMPLE, openAgentWidget, sendAndScan, startChat } from './agent-page';

// protocol="ag-ui": the widget as an AG-UI client of an agent that writes its events with @ag-ui/encoder.

let session: E2eSession;
let fixtures: FixtureServer;
let agent: AgUiAgent;
/** How many times each message was asked, so a run can fail the first time and answer on Retry. */
const asked = new Map<string, number>();

const SHIRTS = [
  { title: 'Linen Shirt', price: '€48', url: '/p/linen-shirt', variantId: 'shirt-m' },
  { title: 'Linen Trousers', price: '€64', url: '/p/linen-trousers' },
];
const custom = (name: string, value: unknown) => ({ type: EventType.CUSTOM, name, value }) as BaseEvent;

/** The agent's reply once the visitor answered its call of add_to_cart (`times`: how often it was asked). */
function afterAnswer(result: Record<string, unknown>, times: number): AgentRun {
  if (result.variantId === 'shirt-l')
    return { words: ['Saved ', 'for ', 'you.'], holdAfter: times === 1 ? 1 : undefined };
  return result.added ? { words: ['It is ', 'in your cart.'] } : { words: ['Maybe ', 'another time.'] };
}

function script(text: string): AgentRun {
  const times = (asked.get(text) ?? 0) + 1;
  asked.set(text, times);
  if (text.startsWith('#text ')) {
    const payload = HOSTILE_SAMPLE[Number(text.slice(6))] ?? '';
    return { words: [payload.slice(0, payload.length >> 1), payload.slice(payload.length >> 1)] };
  }
  if (text.startsWith('#cards ')) {
    const cards = text
      .slice(7)
      .split(',')
      .map((index) => hostileCard(HOSTILE_SAMPLE[Number(index)] ?? ''));
    return { words: ['Cards'], events: [custom('store-assistant.products', cards)] };
  }
  if (text.startsWith('tool:')) return afterAnswer(JSON.parse(text.slice(5)) as Record<string, unknown>, times);
  switch (text) {
    case 'shirts':
      return {
        words: ['Here ', 'are ', 'two ', 'shirts.'],
        holdAfter: 1,
        events: [
          custom('store-assistant.products', SHIRTS),
          custom('store-assistant.suggestions', ['Shipping costs', 'Sizes']),
          custom('another-app.event', { products: [{ title: 'Not a card', url: '/p/x' }] }),
          { type: EventType.STATE_SNAPSHOT, snapshot: { seen: ['shirts'], step: 1 } } as BaseEvent,
          {
            type: EventType.STATE_DELTA,
            delta: [
              { op: 'add', path: '/seen/-', value: 'trousers' },
              { op: 'replace', path: '/step', value: 2 },
            ],
          } as BaseEvent,
        ],
      };
    case 'add one':
      return {
        words: ['Shall I add it?'],
        toolCall: { name: 'add_to_cart', args: { variantId: 'shirt-m', quantity: 2, title: 'Linen Shirt M' } },
      };
    case 'add later':
      return {
        words: ['Shall I add it?'],
        toolCall: { name: 'add_to_cart', args: { variantId: 'shirt-l', quantity: 1, title: 'Linen Shirt L' } },
      };
    case 'a person':
      return { words: ['Let me find a colleague.'], events: [custom('store-assistant.handoff', 'connecting')] };
    case 'broken':
      return times === 1 ? { fail: 'the agent is overloaded' } : { words: ['Back ', 'again.'] };
    case 'cut':
      return { words: ['First ', 'part ', 'then more.'], holdAfter: times === 1 ? 2 : undefined };
    case 'reload':
      return { words: ['Before ', 'the ', 'reload.'], holdAfter: times === 1 ? 1 : undefined };
    default:
      return { words: ['Hello.'] };
  }
}

beforeAll(async () => {
  [session, fixtures] = await Promise.all([startSession(), startFixtureServer()]);
  agent = agUiAgent(script);
  fixtures.handle('/agent/ag-ui', (request, response, body) => agent.handle(request, response, body));
});
afterAll(async () => {
  agent?.release();
  expect(agent?.refused).toEqual([]);
  await Promise.all([session?.close(), fixtures?.close()]);
});

const open = () => openAgentWidget(session, fixtures, 'ag-ui', '/agent/ag-ui');

describe('protocol="ag-ui"', () => {
  it('streams the text word by word, then shows the cards and suggestions of the CUSTOM events; sends the run input and the state back', async () => {
    const { page, widget } = await open();
    await ask(page, 'shirts');
    const streaming = widget.locator('.bubble.streaming');
    await streaming.waitFor();
    expect((await streaming.textContent())?.trim()).toBe('Here');
    expect(await widget.locator('.product-card').count()).toBe(0);
    agent.release();
    await widget.locator('.product-card', { hasText: 'Linen Trousers' }).waitFor();
    expect(await widget.locator('.message.bot .bubble').last().textContent()).toContain('Here are two shirts.');
    expect(await widget.locator('.suggestions button').allTextContents()).toEqual(['Shipping costs', 'Sizes']);
    // Another application's custom event is not the widget's.
    expect(await widget.locator('.product-card', { hasText: 'Not a card' }).count()).toBe(0);

    const first = agent.inputs.at(-1)!;
    expect(first.messages).toEqual([expect.objectContaining({ role: 'user', content: 'shirts' })]);
    expect(first.state).toEqual({});
    expect(first.tools.map((tool) => tool.name)).toEqual(['add_to_cart']);
    const page_ = first.context.find((entry) => entry.description === 'page');
    expect(JSON.parse(page_?.value ?? '{}')).toMatchObject({ url: expect.stringContaining('/ag-ui-') });

    await widget.locator('.suggestions button', { hasText: 'Sizes' }).click();
    await expect.poll(() => agent.inputs.length).toBeGreaterThan(1);
    const second = agent.inputs.at(-1)!;
    expect(second.threadId).toBe(first.threadId);
    expect(second.runId).not.toBe(first.runId);
    expect(second.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'shirts'],
      ['assistant', 'Here are two shirts.'],
      ['user', 'Sizes'],
    ]);
    // The snapshot with the delta's JSON Patch applied goes back with the next run.
    expect(second.state).toEqual({ seen: ['shirts', 'trousers'], step: 2 });
  });

  it('a call of the add_to_cart tool proposes the cart change; the answer (confirmed: added; refused: nothing) starts a run at once, whose reply shows', async () => {
    const { page, widget } = await open();
    await ask(page, 'add one');
    const proposal = widget.locator('.sa-proposal').first();
    await proposal.waitFor();
    expect(await proposal.locator('.sa-proposal-text').textContent()).toContain('Linen Shirt M');
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toEqual([]);
    const runsBefore = agent.inputs.length;
    await proposal.getByRole('button', { name: /^Add to cart/ }).click();
    await proposal.getByText('Added').waitFor();
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toEqual([
      { variantId: 'shirt-m', quantity: 2 },
    ]);

    // The answer goes back at once as the tool's result, in a run of its own, and the agent's reply shows.
    await widget.locator('.message.bot', { hasText: 'It is in your cart.' }).waitFor();
    expect(agent.inputs.length).toBe(runsBefore + 1);
    const firstCall = `${agent.inputs.at(-2)!.runId}-call`;
    const continued = agent.inputs.at(-1)!;
    expect(continued.threadId).toBe(agent.inputs.at(-2)!.threadId);
    expect(continued.messages.slice(-3)).toEqual([
      expect.objectContaining({ role: 'assistant', content: 'Shall I add it?' }),
      expect.objectContaining({
        role: 'assistant',
        toolCalls: [
          {
            id: firstCall,
            type: 'function',
            function: {
              name: 'add_to_cart',
              arguments: '{"variantId":"shirt-m","quantity":2,"title":"Linen Shirt M"}',
            },
          },
        ],
      }),
      expect.objectContaining({ role: 'tool', toolCallId: firstCall }),
    ]);
    const addedResult = continued.messages.at(-1) as { content: string };
    expect(JSON.parse(addedResult.content)).toEqual({ added: true, variantId: 'shirt-m', quantity: 2 });

    await ask(page, 'add one');
    const second = widget.locator('.sa-proposal').nth(1);
    await second.getByRole('button', { name: /^No thanks/ }).click();
    await second.getByText('Not added').waitFor();
    await widget.locator('.message.bot', { hasText: 'Maybe another time.' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toHaveLength(1);
    const declined = agent.inputs.at(-1)!.messages.at(-1) as { role: string; toolCallId: string; content: string };
    expect(declined).toMatchObject({ role: 'tool', toolCallId: `${agent.inputs.at(-2)!.runId}-call` });
    expect(JSON.parse(declined.content)).toEqual({ added: false, declined: true, variantId: 'shirt-m', quantity: 2 });

    // Each answer goes back once: not again with the visitor's next message.
    await ask(page, 'thanks');
    await expect.poll(() => agent.inputs.at(-1)!.messages.at(-1)?.content).toBe('thanks');
    expect(agent.inputs.at(-1)!.messages.filter((message) => message.role === 'tool')).toHaveLength(0);
    expect(agent.inputs.length).toBe(runsBefore + 4);
  });

  it('a reload while the run after an answer streams keeps what arrived; Retry runs it again once, with the answer', async () => {
    const { page, widget } = await open();
    await ask(page, 'add later');
    const proposal = widget.locator('.sa-proposal').first();
    await proposal.getByRole('button', { name: /^Add to cart/ }).click();
    await widget.locator('.bubble.streaming', { hasText: 'Saved' }).waitFor();
    const runsBefore = agent.inputs.length;
    await page.reload();
    agent.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Saved for you.' }).waitFor();
    expect(agent.inputs.length).toBe(runsBefore + 1);
    const retried = agent.inputs.at(-1)!.messages.at(-1) as { role: string; content: string };
    expect(retried.role).toBe('tool');
    expect(JSON.parse(retried.content)).toEqual({ added: true, variantId: 'shirt-l', quantity: 1 });
    expect(await widget.locator('.message.bot', { hasText: 'Saved' }).count()).toBe(1);
    expect(await widget.locator('.message.user').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { added: unknown[] }).added)).toEqual([]);
  });

  it("a takeover's own requests go to the agent as runs: the visitor's message with the handoff context entry, leaving it in forwardedProps", async () => {
    const { page, widget } = await open();
    await ask(page, 'a person');
    const cancel = widget.locator('.takeover-cancel');
    await cancel.waitFor();
    await ask(page, 'still there?');
    await expect.poll(() => agent.inputs.at(-1)?.messages.at(-1)?.content).toBe('still there?');
    const during = agent.inputs.at(-1)!.context.find((entry) => entry.description === 'handoff');
    expect(JSON.parse(during?.value ?? '{}')).toEqual({ status: 'connecting' });
    const before = agent.inputs.length;
    await cancel.click();
    await expect.poll(() => agent.inputs.length).toBe(before + 1);
    // @ag-ui/core's own schema accepted it (nothing refused), as a run of the same thread.
    const leaving = agent.inputs.at(-1)!;
    expect(leaving.threadId).toBe(agent.inputs[before - 1]!.threadId);
    expect(leaving.forwardedProps).toEqual({ storeAssistant: { handoff: { status: 'cancelled' } } });
    expect(leaving.context).toEqual([{ description: 'handoff', value: '{"status":"cancelled"}' }]);
    // Leaving carries no conversation, as the webhook's request does not.
    expect(leaving.messages).toEqual([]);
  });

  it('RUN_ERROR shows the error with Retry, and Retry runs again once', async () => {
    const { page, widget } = await open();
    await ask(page, 'broken');
    await widget.locator('.messages').getByText('Oops! Something went wrong.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Back again.' }).waitFor();
    expect(await widget.locator('.messages').getByText('Oops! Something went wrong.').count()).toBe(0);
    expect(await widget.locator('.message.user', { hasText: 'broken' }).count()).toBe(1);
  });

  it('a stream cut mid-reply keeps what arrived, marked interrupted; Retry replaces it, nothing doubled', async () => {
    const { page, widget } = await open();
    await ask(page, 'cut');
    await widget.locator('.bubble.streaming', { hasText: 'First part' }).waitFor();
    agent.cut();
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'First part then more.' }).waitFor();
    expect(await widget.locator('.message.bot').count()).toBe(1);
    expect(await widget.locator('.messages').getByText('The reply was interrupted.').count()).toBe(0);
  });

  it('a reload mid-run keeps what had arrived, marked interrupted; Retry completes it once', async () => {
    const { page, widget } = await open();
    await ask(page, 'reload');
    await widget.locator('.bubble.streaming', { hasText: 'Before' }).waitFor();
    await page.reload();
    agent.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    expect(await widget.locator('.message.bot .bubble').first().textContent()).toContain('Before');
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Before the reload.' }).waitFor();
    expect(await widget.locator('.message.bot').count()).toBe(1);
    expect(await widget.locator('.message.user', { hasText: 'reload' }).count()).toBe(1);
  });

  it('the hostile corpus through the streamed text and the cards runs nothing and leaves no unsafe markup', async () => {
    const { page, pageErrors } = await open();
    const texts = HOSTILE_SAMPLE.map((_, index) => `#text ${index}`);
    const groups = Array.from({ length: Math.ceil(HOSTILE_SAMPLE.length / 12) }, (_, group) =>
      HOSTILE_SAMPLE.slice(group * 12, group * 12 + 12).map((_, index) => group * 12 + index),
    );
    const cards = groups.map((group) => `#cards ${group.join(',')}`);
    expect(await sendAndScan(page, [...texts, ...cards])).toEqual([]);
    expect(await unsafeMarkup(page)).toEqual([]);
    expect(await tripped(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
