import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  jsonSchema,
  streamText,
  tool,
  type UIMessage,
} from 'ai';
import { MockLanguageModelV2 } from 'ai/test';

/**
 * An AI SDK chat route on the loopback interface, built with the `ai` package's own helpers as its docs
 * show (https://ai-sdk.dev/docs/ai-sdk-ui/stream-protocol#ui-message-stream-protocol and
 * https://ai-sdk.dev/docs/ai-sdk-ui/streaming-data): `streamText` over a mock language model (for
 * determinism) merged into `createUIMessageStream`, with `data-*` parts written beside it, answered by
 * `createUIMessageStreamResponse`. Each turn is scripted by the test.
 */

/** What one turn of the agent does. */
export interface AgentTurn {
  /** The model's text, one delta each. */
  words?: string[];
  /** After this many words the stream waits for `release()` (a reply caught mid-stream). */
  holdAfter?: number;
  /** The model calls this tool with this input (a client tool: no execute). */
  toolCall?: { toolName: string; input: unknown };
  /** The model fails before any text. */
  fail?: string;
  /** Parts written beside the model's output, e.g. `{ type: 'data-products', data: [...] }`. */
  data?: { type: `data-${string}`; data: unknown }[];
}

/** What the language model streams, as the mock model's type says. */
type LanguageModelV2StreamPart =
  Awaited<ReturnType<MockLanguageModelV2['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/**
 * The text of the visitor's last message; for a request that continues after a client tool's output
 * (the last message the assistant's, its tool part `output-available`), `tool:` and the output as JSON.
 */
function lastQuestion(messages: UIMessage[]): string {
  const last = messages.at(-1);
  const answered = last?.role === 'assistant' ? last.parts.find((part) => 'output' in part) : undefined;
  if (answered && 'output' in answered) return `tool:${JSON.stringify(answered.output)}`;
  const text = last?.parts.find((part) => part.type === 'text');
  return text && 'text' in text ? text.text : '';
}

function modelParts(turn: AgentTurn, hold: Promise<void>, callId: string): ReadableStream<LanguageModelV2StreamPart> {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      if (turn.fail) {
        controller.enqueue({ type: 'error', error: new Error(turn.fail) });
        return controller.close();
      }
      const words = turn.words ?? [];
      if (words.length > 0) controller.enqueue({ type: 'text-start', id: 't1' });
      for (const [index, word] of words.entries()) {
        if (index === turn.holdAfter) await hold;
        controller.enqueue({ type: 'text-delta', id: 't1', delta: word });
      }
      if (words.length > 0) controller.enqueue({ type: 'text-end', id: 't1' });
      if (turn.toolCall)
        controller.enqueue({
          type: 'tool-call',
          toolCallId: callId,
          toolName: turn.toolCall.toolName,
          input: JSON.stringify(turn.toolCall.input),
        });
      controller.enqueue({ type: 'finish', finishReason: turn.toolCall ? 'tool-calls' : 'stop', usage });
      controller.close();
    },
  });
}

/** The tools the agent may call: the widget's documented names. */
const tools = {
  add_to_cart: tool({
    description: 'Propose adding a variant to the cart',
    inputSchema: jsonSchema<{ variantId: string; quantity?: number; title?: string }>({
      type: 'object',
      properties: { variantId: { type: 'string' }, quantity: { type: 'integer' }, title: { type: 'string' } },
      required: ['variantId'],
    }),
  }),
};

/** The requests the route received, newest last. */
export interface AiSdkRoute {
  requests: {
    id: string;
    messages: UIMessage[];
    trigger: string;
    messageId?: string;
    context?: Record<string, unknown>;
  }[];
  /** What the next request's turn does, chosen from the visitor's last message. */
  script: (text: string) => AgentTurn;
  /** Lets a held stream go on. */
  release(): void;
  /** Cuts the connection of the latest reply, without its end. */
  cut(): void;
  handle(request: IncomingMessage, response: ServerResponse, body: string): Promise<void>;
}

export function aiSdkRoute(script: (text: string) => AgentTurn): AiSdkRoute {
  let release = () => undefined as void;
  let held = new Promise<void>((resolve) => (release = resolve));
  const route: AiSdkRoute = {
    requests: [],
    script,
    cut: () => undefined,
    release: () => {
      release();
      held = new Promise<void>((resolve) => (release = resolve));
    },
    async handle(_request, response, body) {
      const input = JSON.parse(body) as AiSdkRoute['requests'][number];
      route.requests.push(input);
      const turn = route.script(lastQuestion(input.messages));
      const callId = `call-${route.requests.length}`;
      const model = new MockLanguageModelV2({ doStream: async () => ({ stream: modelParts(turn, held, callId) }) });
      const stream = createUIMessageStream({
        execute: ({ writer }) => {
          for (const part of turn.data ?? []) writer.write(part);
          // The failure reaches the widget as an `error` part; the test log need not print it too.
          const onError = () => undefined;
          const result = streamText({ model, messages: convertToModelMessages(input.messages), tools, onError });
          writer.merge(result.toUIMessageStream());
        },
      });
      const answer = createUIMessageStreamResponse({ stream, headers: { 'Access-Control-Allow-Origin': '*' } });
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      route.cut = () => void response.destroy();
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
        response.write(chunk);
      }
      response.end();
    },
  };
  return route;
}
