import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai-v6';
import { describe, expect, it } from 'vitest';
import { aiSdkV6Route } from './ai-sdk-v6-server';
import { ask } from './agent-page';
import { agentSuite } from './agent-suite';

// protocol="ai-sdk" against an AI SDK 6 route whose add_to_cart tool needs the visitor's approval.

const suite = agentSuite('ai-sdk', aiSdkV6Route);
const added = () => (window as unknown as { added: unknown[] }).added;

describe('protocol="ai-sdk" with a tool that needs approval (AI SDK 6)', () => {
  it('shows the confirm step; Add to cart approves it (the server runs the tool), No thanks denies it', async () => {
    const { page, widget } = await suite.open();
    await ask(page, 'add one');
    const proposal = widget.locator('.sa-proposal').first();
    await proposal.waitFor();
    const before = suite.agent.requests.length;
    await proposal.getByRole('button', { name: /^Add to cart/ }).click();
    await proposal.getByText('Added').waitFor();
    await widget.locator('.message.bot', { hasText: 'Done, as you chose.' }).waitFor();
    expect(await page.evaluate(added)).toEqual([{ variantId: 'shirt-m', quantity: 1 }]);
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

    await ask(page, 'add one');
    const second = widget.locator('.sa-proposal').nth(1);
    await second.getByRole('button', { name: /^No thanks/ }).click();
    await second.getByText('Not added').waitFor();
    await widget.locator('.message.bot', { hasText: 'Done, as you chose.' }).nth(1).waitFor();
    expect(suite.agent.requests.at(-1)!.messages.at(-1)!.parts.at(-1)).toMatchObject({
      state: 'approval-responded',
      approval: { approved: false },
    });
    expect(await page.evaluate(added)).toHaveLength(1);
    expect(suite.agent.executed).toHaveLength(1);
    expect(suite.agent.requests.length).toBe(before + 3);
  });
});
