import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { convertToModelMessages, validateUIMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { takeoverRequestBody } from '../../../src/handoff/takeover-request';

// The takeover's own requests in each protocol's shape, as that protocol's own library reads them.

const change = {
  sessionId: 'chat-1',
  handoff: { status: 'email', email: 'ana@example.com', reason: 'timeout' },
  history: [
    { role: 'user', content: 'Can I talk to someone?' },
    { role: 'assistant', content: 'Let me find a colleague.' },
  ],
  now: 1700000000000,
};

describe('a takeover request', () => {
  it('AI SDK: the conversation as useChat sends it, then a user message with the change as its data-handoff part', async () => {
    const request = JSON.parse(takeoverRequestBody('ai-sdk', change)) as {
      id: string;
      messages: UIMessage[];
      trigger: string;
      context: unknown;
    };
    expect(request).toMatchObject({ id: 'chat-1', trigger: 'submit-message', context: { handoff: change.handoff } });
    const messages = await validateUIMessages({ messages: request.messages });
    expect(messages.at(-1)).toEqual({
      id: 'chat-1-handoff',
      role: 'user',
      parts: [{ type: 'data-handoff', data: change.handoff }],
    });
    expect(messages.slice(0, 2).map((message) => message.parts)).toEqual([
      [{ type: 'text', text: 'Can I talk to someone?' }],
      [{ type: 'text', text: 'Let me find a colleague.' }],
    ]);
    // A route that hands everything to the model still can: the data part is not a model message's content.
    expect(convertToModelMessages(messages).map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('AG-UI: a run of the thread with the change in forwardedProps and the handoff context entry, no tools, no state', () => {
    const input = JSON.parse(takeoverRequestBody('ag-ui', change)) as Record<string, unknown>;
    const parsed = RunAgentInputSchema.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(input).toEqual({
      threadId: 'chat-1',
      runId: 'chat-1-handoff-1700000000000',
      messages: [
        { id: 'chat-1-0', role: 'user', content: 'Can I talk to someone?' },
        { id: 'chat-1-1', role: 'assistant', content: 'Let me find a colleague.' },
      ],
      tools: [],
      context: [{ description: 'handoff', value: JSON.stringify(change.handoff) }],
      forwardedProps: { storeAssistant: { handoff: change.handoff } },
    });
  });

  it('the webhook and n8n’s chat keep their own shapes', () => {
    expect(JSON.parse(takeoverRequestBody('webhook', change))).toEqual({
      message: '',
      sessionId: 'chat-1',
      history: change.history,
      context: { handoff: change.handoff },
    });
    expect(JSON.parse(takeoverRequestBody('n8n-chat', { ...change, history: [] }))).toEqual({
      action: 'sendMessage',
      sessionId: 'chat-1',
      chatInput: '',
      metadata: { handoff: change.handoff },
    });
  });
});
