import { lastAssistantMessageIsCompleteWithToolCalls, validateUIMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { aiSdkRoute, type AgentTurn } from './ai-sdk-server';
import { answerProposal, ask, cartAdds, proposalFor, startChat } from './agent-page';
import { agentSuite, sharedAgentTests, sharedScript, SHIRTS, type ScriptedReply } from './agent-suite';

// protocol="ai-sdk": the widget as useChat's client against a route built with the `ai` package itself.

/** A scripted reply as this route's turn: the widget's fields as `data-*` parts, the tool call as the model's. */
function turn({ fields = {}, toolCall, ...reply }: ScriptedReply): AgentTurn {
  return {
    ...reply,
    ...(toolCall ? { toolCall: { toolName: toolCall.name, input: toolCall.args } } : {}),
    data: Object.entries(fields).map(([name, data]) => ({ type: `data-${name}` as const, data })),
  };
}

const shared = sharedScript();

function script(text: string): AgentTurn {
  switch (text) {
    case 'shirts':
      return {
        words: ['Here ', 'are ', 'two ', 'shirts.'],
        holdAfter: 1,
        data: [
          { type: 'data-products', data: SHIRTS },
          { type: 'data-suggestions', data: ['Shipping costs', 'Sizes'] },
        ],
      };
    default:
      return turn(shared(text));
  }
}

const suite = agentSuite('ai-sdk', () => aiSdkRoute(script));

describe('protocol="ai-sdk"', () => {
  it('streams the text word by word, then shows the cards and suggestions of the data parts; asks as useChat does', async () => {
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

    const first = suite.agent.requests.at(-1)!;
    expect(first.trigger).toBe('submit-message');
    expect(first.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'shirts' }] });
    expect(first.context?.page).toMatchObject({ url: expect.stringContaining('/ai-sdk-') });
    // The next message carries the conversation, under the same chat id.
    await widget.locator('.suggestions button', { hasText: 'Sizes' }).click();
    await expect.poll(() => suite.agent.requests.at(-1)).not.toBe(first);
    const second = suite.agent.requests.at(-1)!;
    expect(second.id).toBe(first.id);
    expect(second.messages.map((message) => [message.role, message.parts])).toEqual([
      ['user', [{ type: 'text', text: 'shirts' }]],
      ['assistant', [{ type: 'text', text: 'Here are two shirts.' }]],
      ['user', [{ type: 'text', text: 'Sizes' }]],
    ]);
  });

  it('a tool call proposes the cart change; the answer (confirmed: added; refused: nothing) is sent at once as the tool output, as useChat sends it, and the reply shows', async () => {
    const { page, widget } = await suite.open();
    const proposal = await proposalFor(page, widget);
    expect(await proposal.locator('.sa-proposal-text').textContent()).toContain('Linen Shirt M');
    expect(await cartAdds(page)).toEqual([]);
    const requestsBefore = suite.agent.requests.length;
    await answerProposal(proposal, 'Add to cart');
    expect(await cartAdds(page)).toEqual([{ variantId: 'shirt-m', quantity: 2 }]);

    // useChat with sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls sends this by itself.
    await widget.locator('.message.bot', { hasText: 'It is in your cart.' }).waitFor();
    expect(suite.agent.requests.length).toBe(requestsBefore + 1);
    const continued = suite.agent.requests.at(-1)!;
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages: continued.messages })).toBe(true);
    expect(continued).toMatchObject({ trigger: 'submit-message', messageId: continued.messages.at(-1)!.id });
    expect(continued.messages.at(-1)!.parts).toEqual([
      { type: 'text', text: 'Shall I add it?' },
      {
        type: 'tool-add_to_cart',
        toolCallId: `call-${requestsBefore}`,
        state: 'output-available',
        input: { variantId: 'shirt-m', quantity: 2, title: 'Linen Shirt M' },
        output: { added: true, variantId: 'shirt-m', quantity: 2 },
      },
    ]);

    await answerProposal(await proposalFor(page, widget, 1), 'No thanks');
    await widget.locator('.message.bot', { hasText: 'Maybe another time.' }).waitFor();
    expect(await cartAdds(page)).toHaveLength(1);
    expect(suite.agent.requests.at(-1)!.messages.at(-1)!.parts.at(-1)).toMatchObject({
      output: { added: false, declined: true, variantId: 'shirt-m', quantity: 2 },
    });
    expect(suite.agent.requests.length).toBe(requestsBefore + 3);
  });

  it('a reload while the reply after an answer streams keeps what arrived; Retry sends the answer again once', async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'add later');
    await widget
      .locator('.sa-proposal')
      .first()
      .getByRole('button', { name: /^Add to cart/ })
      .click();
    await widget.locator('.bubble.streaming', { hasText: 'Saved' }).waitFor();
    const requestsBefore = suite.agent.requests.length;
    await page.reload();
    suite.agent.release();
    await startChat(page);
    await widget.locator('.messages').getByText('The reply was interrupted.').waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await widget.locator('.message.bot', { hasText: 'Saved for you.' }).waitFor();
    expect(suite.agent.requests.length).toBe(requestsBefore + 1);
    expect(suite.agent.requests.at(-1)!.messages.at(-1)!.parts.at(-1)).toMatchObject({
      type: 'tool-add_to_cart',
      output: { added: true, variantId: 'shirt-l', quantity: 1 },
    });
    expect(await widget.locator('.message.bot', { hasText: 'Saved' }).count()).toBe(1);
    expect(await widget.locator('.message.user').count()).toBe(1);
  });

  it("a takeover's own requests go to the route as useChat's: the visitor's message with context.handoff, leaving it as a data-handoff part", async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'a person');
    const cancel = widget.locator('.takeover-cancel');
    await cancel.waitFor();
    await ask(page, 'still there?');
    await expect
      .poll(() => suite.agent.requests.at(-1)?.messages.at(-1)?.parts)
      .toEqual([{ type: 'text', text: 'still there?' }]);
    expect(suite.agent.requests.at(-1)!.context?.handoff).toEqual({ status: 'connecting' });
    const before = suite.agent.requests.length;
    await cancel.click();
    await expect.poll(() => suite.agent.requests.length).toBe(before + 1);
    const leaving = suite.agent.requests.at(-1)!;
    expect(leaving).toMatchObject({ id: suite.agent.requests[before - 1]!.id, trigger: 'submit-message' });
    expect(leaving.context).toEqual({ handoff: { status: 'cancelled' } });
    const messages = await validateUIMessages({ messages: leaving.messages });
    expect(messages).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({
      role: 'user',
      parts: [{ type: 'data-handoff', data: { status: 'cancelled' } }],
    });
  });

  sharedAgentTests(suite, 'an error part shows the error with Retry, and Retry asks again once');
});
