import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  jsonSchema,
  streamText,
  tool,
  type UIMessage,
} from 'ai-v6';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai-v6/test';

/**
 * An AI SDK 6 chat route on the loopback interface whose `add_to_cart` tool runs on the server once the
 * visitor approves it (`needsApproval`, https://ai-sdk.dev/docs/ai-sdk-ui/chatbot-tool-usage#tool-execution-approval),
 * built with ai 6's own `streamText` over its mock language model: the first turn calls the tool (the
 * stream then holds `tool-approval-request`), the turn after the approval says what happened.
 */

/** What the language model streams, as the mock model's type says. */
type LanguageModelV3StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** The model's parts: a call of `add_to_cart` when the visitor asks, else a text after the tool's outcome. */
function modelParts(messages: UIMessage[], callId: string): LanguageModelV3StreamPart[] {
  const asked = messages.at(-1)?.role === 'user';
  const text = (words: string) => [
    { type: 'text-start' as const, id: 't1' },
    { type: 'text-delta' as const, id: 't1', delta: words },
    { type: 'text-end' as const, id: 't1' },
  ];
  return [
    { type: 'stream-start', warnings: [] },
    ...(asked
      ? [
          ...text('Shall I add it?'),
          {
            type: 'tool-call' as const,
            toolCallId: callId,
            toolName: 'add_to_cart',
            input: JSON.stringify({ variantId: 'shirt-m', quantity: 1, title: 'Linen Shirt M' }),
          },
        ]
      : text('Done, as you chose.')),
    { type: 'finish', finishReason: { unified: asked ? 'tool-calls' : 'stop', raw: undefined }, usage },
  ];
}

export function aiSdkV6Route() {
  const route = {
    requests: [] as { messages: UIMessage[]; messageId?: string }[],
    /** What the server's tool ran with, once approved. */
    executed: [] as unknown[],
    release: () => undefined,
    cut: () => undefined,
    async handle(_request: IncomingMessage, response: ServerResponse, body: string) {
      const input = JSON.parse(body) as { messages: UIMessage[]; messageId?: string };
      route.requests.push(input);
      const parts = modelParts(input.messages, `call-${route.requests.length}`);
      const model = new MockLanguageModelV3({
        doStream: () => Promise.resolve({ stream: convertArrayToReadableStream(parts) }),
      });
      const add_to_cart = tool({
        inputSchema: jsonSchema<{ variantId: string; quantity?: number; title?: string }>({
          type: 'object',
          properties: { variantId: { type: 'string' }, quantity: { type: 'integer' }, title: { type: 'string' } },
          required: ['variantId'],
        }),
        needsApproval: true,
        execute: (args) => {
          route.executed.push(args);
          return Promise.resolve({ ok: true });
        },
      });
      const messages = await convertToModelMessages(input.messages);
      const result = streamText({ model, messages, tools: { add_to_cart } });
      const answer = createUIMessageStreamResponse({
        stream: result.toUIMessageStream(),
        headers: { 'Access-Control-Allow-Origin': '*' },
      });
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
      response.end();
    },
  };
  return route;
}
