import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import {
  convertToModelMessages,
  lastAssistantMessageIsCompleteWithToolCalls,
  validateUIMessages,
  type UIMessage,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { createAgUi } from '../../../../src/chat/ag-ui/ag-ui';
import { aiSdkRequest } from '../../../../src/chat/ai-sdk/ai-sdk';
import { createClientToolCalls, type ToolResult } from '../../../../src/chat/replies/client-tools';

// The answers to an agent's calls of the widget's tool, as each protocol's own library reads them.

const ANSWER: ToolResult = {
  id: 'call-1',
  name: 'add_to_cart',
  args: '{"variantId":"7","quantity":2}',
  result: '{"added":true,"variantId":"7","quantity":2}',
};
const body = {
  message: 'Thanks',
  history: [
    { role: 'user' as const, content: 'Add the shirt' },
    { role: 'assistant' as const, content: 'Shall I add it?' },
  ],
  sessionId: 'thread-1',
};

describe('the calls of the widget tool', () => {
  it('takes each answer once, the first one only, and forgets another conversation’s calls', () => {
    const calls = createClientToolCalls();
    calls.follow('a');
    calls.remember('c1', 'add_to_cart', '{}');
    calls.remember('c2', 'add_to_cart', '{}');
    expect(calls.answer('c1', '{"added":true}')).toEqual({
      id: 'c1',
      name: 'add_to_cart',
      args: '{}',
      result: '{"added":true}',
    });
    expect(calls.answer('c1', '{"added":false}')).toBeUndefined();
    expect(calls.answer('unknown', '{}')).toBeUndefined();
    expect(calls.takeAnswered().map((call) => call.result)).toEqual(['{"added":true}']);
    expect(calls.takeAnswered()).toEqual([]);
    const c2 = calls.answer('c2', '{}');
    calls.sending(c2 ? [c2] : []);
    expect(calls.takeAnswered()).toEqual([]);
    calls.remember('c3', 'add_to_cart', '{}');
    calls.follow('b');
    expect(calls.answer('c3', '{}')).toBeUndefined();
  });
});

describe('a run that continues after the answers', () => {
  it('AG-UI: the conversation, then the assistant’s tool calls and a tool message each; no new user message', () => {
    const input = JSON.parse(
      createAgUi(createClientToolCalls()).request(body, 'run-2', { results: [ANSWER], continues: true }).body as string,
    ) as Record<string, unknown>;
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
    expect(input.messages).toEqual([
      { id: 'thread-1-0', role: 'user', content: 'Add the shirt' },
      { id: 'thread-1-1', role: 'assistant', content: 'Shall I add it?' },
      {
        id: 'call-1-calls',
        role: 'assistant',
        toolCalls: [{ id: 'call-1', type: 'function', function: { name: 'add_to_cart', arguments: ANSWER.args } }],
      },
      { id: 'call-1-result', role: 'tool', toolCallId: 'call-1', content: ANSWER.result },
    ]);
  });

  it('AG-UI: with a visitor’s message, the answers come before it', () => {
    const input = JSON.parse(
      createAgUi(createClientToolCalls()).request(body, 'run-2', { results: [ANSWER], continues: false })
        .body as string,
    ) as { messages: { role: string }[] };
    expect(input.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant', 'tool', 'user']);
  });

  it('AI SDK: the output joins the assistant message as addToolResult leaves it, which useChat sends by itself', async () => {
    const request = JSON.parse(aiSdkRequest(body, { results: [ANSWER], continues: true }).body as string) as {
      messages: UIMessage[];
      messageId: string;
      trigger: string;
    };
    const messages = await validateUIMessages({ messages: request.messages });
    expect(messages.at(-1)).toEqual({
      id: 'thread-1-1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Shall I add it?' },
        {
          type: 'tool-add_to_cart',
          toolCallId: 'call-1',
          state: 'output-available',
          input: { variantId: '7', quantity: 2 },
          output: { added: true, variantId: '7', quantity: 2 },
        },
      ],
    });
    expect(request).toMatchObject({ trigger: 'submit-message', messageId: 'thread-1-1' });
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages })).toBe(true);
    const model = convertToModelMessages(messages);
    expect(model.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('AI SDK: with a visitor’s message, the answers are an assistant message before it', async () => {
    const request = JSON.parse(aiSdkRequest(body, { results: [ANSWER], continues: false }).body as string) as {
      messages: UIMessage[];
    };
    const messages = await validateUIMessages({ messages: request.messages });
    expect(messages.map((message) => [message.role, message.parts.map((part) => part.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['text']],
      ['assistant', ['tool-add_to_cart']],
      ['user', ['text']],
    ]);
    expect(request).not.toHaveProperty('messageId');
  });
});
