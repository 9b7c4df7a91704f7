import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai-v6';
import { describe, expect, it } from 'vitest';
import { aiSdkV6Route } from './ai-sdk-v6-server';
import { answerProposal, cartAdds, proposalFor } from './agent-page';
import { agentSuite } from './agent-suite';

// protocol="ai-sdk" against an AI SDK 6 route whose add_to_cart tool needs the visitor's approval.

const suite = agentSuite('ai-sdk', aiSdkV6Route);

describe('protocol="ai-sdk" with a tool that needs approval (AI SDK 6)', () => {
  it('shows the confirm step; Add to cart approves it (the server runs the tool), No thanks denies it', async () => {
    const { page, widget } = await suite.open();
    const proposal = await proposalFor(page, widget);
    const before = suite.agent.requests.length;
    await answerProposal(proposal, 'Add to cart');
    await widget.locator('.message.bot', { hasText: 'Done, as you chose.' }).waitFor();
    expect(await cartAdds(page)).toEqual([{ variantId: 'shirt-m', quantity: 1 }]);
    expect(suite.agent.requests.length).toBe(before + 1);
    const approved = suite.agent.requests.at(-1)!;
    expect(lastAssistantMessageIsCompleteWithApprovalResponses({ messages: approved.messages })).toBe(true);
    expect(approved.messages.at(-1)!.parts.at(-1)).toMatchObject({
      type: 'tool-add_to_cart',
      toolCallId: `call-${before}`,
      state: 'approval-responded',
      approval: { id: expect.any(String) as string, approved: true },
    });
    expect(suite.agent.executed).toHaveLength(1);

    await answerProposal(await proposalFor(page, widget, 1), 'No thanks');
    await widget.locator('.message.bot', { hasText: 'Done, as you chose.' }).nth(1).waitFor();
    expect(suite.agent.requests.at(-1)!.messages.at(-1)!.parts.at(-1)).toMatchObject({
      state: 'approval-responded',
      approval: { approved: false },
    });
    expect(await cartAdds(page)).toHaveLength(1);
    expect(suite.agent.executed).toHaveLength(1);
    expect(suite.agent.requests.length).toBe(before + 3);
  });
});
