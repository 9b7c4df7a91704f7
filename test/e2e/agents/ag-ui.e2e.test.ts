import { EventType, type BaseEvent } from '@ag-ui/core';
import { describe, expect, it } from 'vitest';
import { agUiAgent, type AgentRun } from './ag-ui-server';
import { answerProposal, ask, cartAdds, proposalFor, startChat } from './agent-page';
import { agentSuite, sharedAgentTests, sharedScript, SHIRTS, type ScriptedReply } from './agent-suite';

// protocol="ag-ui": the widget as an AG-UI client of an agent that writes its events with @ag-ui/encoder.

const custom = (name: string, value: unknown) => ({ type: EventType.CUSTOM, name, value }) as BaseEvent;

/** A scripted reply as this agent's run: the widget's fields as its `store-assistant.*` CUSTOM events. */
function run({ fields = {}, ...reply }: ScriptedReply): AgentRun {
  return { ...reply, events: Object.entries(fields).map(([name, value]) => custom(`store-assistant.${name}`, value)) };
}

const shared = sharedScript();

function script(text: string): AgentRun {
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
    default:
      return run(shared(text));
  }
}

// @ag-ui/core's schema refused no run's input.
const suite = agentSuite(
  'ag-ui',
  () => agUiAgent(script),
  (agent) => expect(agent.refused).toEqual([]),
);

describe('protocol="ag-ui"', () => {
  it('streams the text word by word, then shows the cards and suggestions of the CUSTOM events; sends the run input and the state back', async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'shirts');
    const streaming = widget.locator('.bubble.streaming');
    await streaming.waitFor();
    expect((await streaming.textContent())?.trim()).toBe('Here');
    expect(await widget.locator('.product-card').count()).toBe(0);
    suite.agent.release();
    await widget.locator('.product-card', { hasText: 'Linen Trousers' }).waitFor();
    expect(await widget.locator('.message.bot .bubble').last().textContent()).toContain('Here are two shirts.');
    expect(await widget.locator('.suggestions button').allTextContents()).toEqual(['Shipping costs', 'Sizes']);
    // Another application's custom event is not the widget's.
    expect(await widget.locator('.product-card', { hasText: 'Not a card' }).count()).toBe(0);

    const first = suite.agent.inputs.at(-1)!;
    expect(first.messages).toEqual([expect.objectContaining({ role: 'user', content: 'shirts' })]);
    expect(first.state).toEqual({});
    expect(first.tools.map((tool) => tool.name)).toEqual(['add_to_cart']);
    const page_ = first.context.find((entry) => entry.description === 'page');
    expect(JSON.parse(page_?.value ?? '{}')).toMatchObject({ url: expect.stringContaining('/ag-ui-') });

    await widget.locator('.suggestions button', { hasText: 'Sizes' }).click();
    await expect.poll(() => suite.agent.inputs.at(-1)).not.toBe(first);
    const second = suite.agent.inputs.at(-1)!;
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
    const { page, widget } = await suite.open();
    const proposal = await proposalFor(page, widget);
    expect(await proposal.locator('.sa-proposal-text').textContent()).toContain('Linen Shirt M');
    expect(await cartAdds(page)).toEqual([]);
    const runsBefore = suite.agent.inputs.length;
    await answerProposal(proposal, 'Add to cart');
    expect(await cartAdds(page)).toEqual([{ variantId: 'shirt-m', quantity: 2 }]);

    // The answer goes back at once as the tool's result, in a run of its own, and the agent's reply shows.
    await widget.locator('.message.bot', { hasText: 'It is in your cart.' }).waitFor();
    expect(suite.agent.inputs.length).toBe(runsBefore + 1);
    const firstCall = `${suite.agent.inputs.at(-2)!.runId}-call`;
    const continued = suite.agent.inputs.at(-1)!;
    expect(continued.threadId).toBe(suite.agent.inputs.at(-2)!.threadId);
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

    await answerProposal(await proposalFor(page, widget, 1), 'No thanks');
    await widget.locator('.message.bot', { hasText: 'Maybe another time.' }).waitFor();
    expect(await cartAdds(page)).toHaveLength(1);
    const declined = suite.agent.inputs.at(-1)!.messages.at(-1) as {
      role: string;
      toolCallId: string;
      content: string;
    };
    expect(declined).toMatchObject({ role: 'tool', toolCallId: `${suite.agent.inputs.at(-2)!.runId}-call` });
    expect(JSON.parse(declined.content)).toEqual({ added: false, declined: true, variantId: 'shirt-m', quantity: 2 });

    // Each answer goes back once: not again with the visitor's next message.
    await ask(page, 'thanks');
    await expect.poll(() => suite.agent.inputs.at(-1)!.messages.at(-1)?.content).toBe('thanks');
    expect(suite.agent.inputs.at(-1)!.messages.filter((message) => message.role === 'tool')).toHaveLength(0);
    expect(suite.agent.inputs.length).toBe(runsBefore + 4);
  });

  it('a reload while the run after an answer streams keeps what arrived; Retry runs it again once, with the answer', async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'add later');
    const proposal = widget.locator('.sa-proposal').first();
    await proposal.getByRole('button', { name: /^Add to cart/ }).click();
    await widget.locator('.bubble.streaming', { hasText: 'Saved' }).waitFor();
    const runsBefore = suite.agent.inputs.length;
    await page.reload();
    suite.agent.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Saved for you.' }).waitFor();
    expect(suite.agent.inputs.length).toBe(runsBefore + 1);
    const retried = suite.agent.inputs.at(-1)!.messages.at(-1) as { role: string; content: string };
    expect(retried.role).toBe('tool');
    expect(JSON.parse(retried.content)).toEqual({ added: true, variantId: 'shirt-l', quantity: 1 });
    expect(await widget.locator('.message.bot', { hasText: 'Saved' }).count()).toBe(1);
    expect(await widget.locator('.message.user').count()).toBe(1);
    expect(await cartAdds(page)).toEqual([]);
  });

  it("a takeover's own requests go to the agent as runs: the visitor's message with the handoff context entry, leaving it in forwardedProps", async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'a person');
    const cancel = widget.locator('.takeover-cancel');
    await cancel.waitFor();
    await ask(page, 'still there?');
    await expect.poll(() => suite.agent.inputs.at(-1)?.messages.at(-1)?.content).toBe('still there?');
    const during = suite.agent.inputs.at(-1)!.context.find((entry) => entry.description === 'handoff');
    expect(JSON.parse(during?.value ?? '{}')).toEqual({ status: 'connecting' });
    const before = suite.agent.inputs.length;
    await cancel.click();
    await expect.poll(() => suite.agent.inputs.length).toBe(before + 1);
    // @ag-ui/core's own schema accepted it (nothing refused), as a run of the same thread.
    const leaving = suite.agent.inputs.at(-1)!;
    expect(leaving.threadId).toBe(suite.agent.inputs[before - 1]!.threadId);
    expect(leaving.forwardedProps).toEqual({ storeAssistant: { handoff: { status: 'cancelled' } } });
    expect(leaving.context).toEqual([{ description: 'handoff', value: '{"status":"cancelled"}' }]);
    // Leaving carries no conversation, as the webhook's request does not.
    expect(leaving.messages).toEqual([]);
  });

  sharedAgentTests(suite, 'RUN_ERROR shows the error with Retry, and Retry runs again once');
});
