import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';

/**
 * An AG-UI agent on the loopback interface, as the protocol's docs describe one
 * (https://docs.ag-ui.com/concepts/events, https://docs.ag-ui.com/sdk/js/encoder): it checks each
 * `RunAgentInput` with @ag-ui/core's own schema and writes the run's events with @ag-ui/encoder's
 * EventEncoder. Each run is scripted by the test.
 */

/** What one run of the agent does. */
export interface AgentRun {
  /** The reply's text, one TEXT_MESSAGE_CONTENT each. */
  words?: string[];
  /** After this many words the run waits for `release()` (a reply caught mid-stream). */
  holdAfter?: number;
  /** The agent calls a client tool with these arguments, sent in two TOOL_CALL_ARGS deltas. */
  toolCall?: { name: string; args: unknown };
  /** The run fails with RUN_ERROR after RUN_STARTED. */
  fail?: string;
  /** Events sent after the text: CUSTOM, STATE_SNAPSHOT, STATE_DELTA... */
  events?: BaseEvent[];
}

export interface AgUiAgent {
  /** Every run's input, as the schema parsed it, newest last. */
  inputs: RunAgentInput[];
  /** Inputs the schema refused, with why. */
  refused: string[];
  release(): void;
  /** Cuts the connection of the latest run, without RUN_FINISHED. */
  cut(): void;
  handle(request: IncomingMessage, response: ServerResponse, body: string): Promise<void>;
}

/**
 * The text of the visitor's last message; for a run that continues after a client tool's result,
 * `tool:` and the result.
 */
function lastQuestion(input: RunAgentInput): string {
  const last = input.messages.at(-1);
  if (last?.role === 'tool') return `tool:${last.content}`;
  const content = last?.content;
  if (typeof content === 'string') return content;
  const text = Array.isArray(content) ? content.find((part) => part.type === 'text') : undefined;
  return text && 'text' in text ? text.text : '';
}

async function* runEvents(input: RunAgentInput, run: AgentRun, hold: () => Promise<void>): AsyncGenerator<BaseEvent> {
  const { threadId, runId } = input;
  yield { type: EventType.RUN_STARTED, threadId, runId } as BaseEvent;
  if (run.fail) return yield { type: EventType.RUN_ERROR, message: run.fail } as BaseEvent;
  const messageId = `${runId}-reply`;
  if (run.words?.length) yield { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent;
  for (const [index, delta] of (run.words ?? []).entries()) {
    if (index === run.holdAfter) await hold();
    yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta } as BaseEvent;
  }
  if (run.words?.length) yield { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent;
  yield* run.events ?? [];
  if (run.toolCall) {
    const toolCallId = `${runId}-call`;
    const args = JSON.stringify(run.toolCall.args);
    const half = args.length >> 1;
    yield {
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName: run.toolCall.name,
      parentMessageId: messageId,
    } as BaseEvent;
    yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(0, half) } as BaseEvent;
    yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(half) } as BaseEvent;
    yield { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent;
  }
  yield { type: EventType.RUN_FINISHED, threadId, runId } as BaseEvent;
}

export function agUiAgent(script: (question: string, input: RunAgentInput) => AgentRun): AgUiAgent {
  let release = () => undefined as void;
  let held = new Promise<void>((resolve) => (release = resolve));
  const agent: AgUiAgent = {
    inputs: [],
    refused: [],
    cut: () => undefined,
    release: () => {
      release();
      held = new Promise<void>((resolve) => (release = resolve));
    },
    async handle(request, response, body) {
      const parsed = RunAgentInputSchema.safeParse(JSON.parse(body));
      if (!parsed.success) {
        agent.refused.push(parsed.error.message);
        return void response.writeHead(400).end();
      }
      const input = parsed.data as RunAgentInput;
      agent.inputs.push(input);
      const run = script(lastQuestion(input), input);
      const encoder = new EventEncoder({ accept: request.headers.accept });
      response.writeHead(200, { 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-cache' });
      agent.cut = () => void response.destroy();
      const hold = held;
      for await (const event of runEvents(input, run, () => hold)) response.write(encoder.encode(event));
      response.end();
    },
  };
  return agent;
}
