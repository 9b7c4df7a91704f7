import {
  convertToModelMessages,
  jsonSchema,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  streamText,
  tool,
  validateUIMessages,
  type UIMessage,
} from 'ai-v6';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai-v6/test';
import { describe, expect, it } from 'vitest';
import { aiSdkRequest, aiSdkStream } from '../../../../src/chat/ai-sdk/ai-sdk';
import { createClientToolCalls } from '../../../../src/chat/replies/client-tools';
import type { StreamEvent } from '../../../../src/chat/replies/ndjson-stream';

// A tool that needs the visitor's approval (the AI SDK 6's `needsApproval`,
// https://ai-sdk.dev/docs/ai-sdk-core/tools-and-tool-calling#tool-execution-approval): the stream ai 6
// itself writes, and the visitor's answer as ai 6 reads it back
// (https://ai-sdk.dev/docs/ai-sdk-ui/chatbot-tool-usage#tool-execution-approval).

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** ai 6's UI message stream of a model that calls `add_to_cart`, a tool that needs approval. */
async function approvalStream(): Promise<string> {
  const model = new MockLanguageModelV3({
    doStream: () =>
      Promise.resolve({
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'add_to_cart', input: '{"variantId":"7","quantity":2}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: USAGE },
        ]),
      }),
  });
  const result = streamText({
    model,
    prompt: 'Add the shirt',
    tools: {
      add_to_cart: tool({
        inputSchema: jsonSchema<{ variantId: string; quantity: number }>({
          type: 'object',
          properties: { variantId: { type: 'string' }, quantity: { type: 'number' } },
        }),
        needsApproval: true,
        execute: () => Promise.resolve({ added: true }),
      }),
    },
  });
  return result.toUIMessageStreamResponse().text();
}

const body = {
  message: '',
  history: [
    { role: 'user' as const, content: 'Add the shirt' },
    { role: 'assistant' as const, content: 'Shall I add it?' },
  ],
  sessionId: 'thread-1',
};

async function answered(result: object) {
  const calls = createClientToolCalls();
  calls.follow('thread-1');
  const parser = aiSdkStream(calls);
  const events: StreamEvent[] = [...parser.push(await approvalStream()), ...parser.end()];
  const answer = calls.answer('call-1', JSON.stringify(result));
  const request = JSON.parse(
    aiSdkRequest(body, { results: answer ? [answer] : [], continues: true }).body as string,
  ) as { messages: UIMessage[] };
  return { events, messages: await validateUIMessages({ messages: request.messages }) };
}

describe('an approval request of the widget’s tool (AI SDK 6)', () => {
  it('shows the call as a cart proposal, and a confirmation goes back as useChat’s approval response', async () => {
    const { events, messages } = await answered({ added: true, variantId: '7', quantity: 2 });
    expect(events).toContainEqual({
      type: 'part',
      part: { actions: [{ type: 'add-to-cart', variantId: '7', quantity: 2, toolCallId: 'call-1' }] },
    });
    expect(messages.at(-1)?.parts.at(-1)).toEqual({
      type: 'tool-add_to_cart',
      toolCallId: 'call-1',
      state: 'approval-responded',
      input: { variantId: '7', quantity: 2 },
      approval: { id: expect.any(String) as string, approved: true },
    });
    expect(lastAssistantMessageIsCompleteWithApprovalResponses({ messages })).toBe(true);
    const model = await convertToModelMessages(messages);
    expect(model.at(-1)).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approved: true }],
    });
  });

  it('a refusal goes back as a denied approval', async () => {
    const { messages } = await answered({ added: false, variantId: '7', quantity: 2, declined: true });
    expect(messages.at(-1)?.parts.at(-1)).toMatchObject({
      state: 'approval-responded',
      approval: { approved: false },
    });
  });
});
