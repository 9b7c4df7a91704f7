import { isJsonObject, own } from '../../common/own';
import type { StreamEvent, StreamParser } from '../replies/ndjson-stream';
import { createSseParser, jsonData, replyPart } from '../replies/sse-stream';
import type { WebhookRequest } from '../replies/webhook-client';
import { splitChatInput, type EncodedRequest } from '../n8n-chat/n8n-request';
import { ADD_TO_CART_TOOL, type ClientToolCalls, type ToolAnswers, type ToolResult } from '../replies/client-tools';
import { applyPatch } from './json-patch';

/**
 * The AG-UI protocol (`protocol="ag-ui"`, docs/ag-ui.md): a run's input, `RunAgentInput`, and its
 * event stream as Server-Sent Events (https://docs.ag-ui.com/concepts/events).
 */

/** The widget's client-side tool: the agent proposes a cart change, the visitor confirms it in the widget. */
const ADD_TO_CART = {
  name: ADD_TO_CART_TOOL,
  description: "Propose adding a product variant to the visitor's cart; the visitor confirms or declines it.",
  parameters: {
    type: 'object',
    properties: {
      variantId: { type: 'string', description: "the store's variant id" },
      quantity: { type: 'integer', minimum: 1, maximum: 10 },
      title: { type: 'string', description: 'what the visitor reads in the proposal' },
    },
    required: ['variantId'],
  },
};
/** Custom events named `store-assistant.<field>` carry a reply field. */
const CUSTOM_PREFIX = 'store-assistant.';
/** Longest tool call arguments buffered; longer ones are not read. */
const MAX_ARGUMENTS = 100_000;

/** A user message's content: its text, or its text and the attached images as image parts. */
function userContent(content: string) {
  const { chatInput, files } = splitChatInput(content);
  if (files.length === 0) return content;
  const images = files.map(({ dataUrl, type }) => ({
    type: 'image',
    source: { type: 'data', value: dataUrl.slice(dataUrl.indexOf(',') + 1), mimeType: type },
  }));
  return [{ type: 'text', text: chatInput }, ...images];
}

/** Calls of other tools followed within one run at most. */
const MAX_RUN_CALLS = 20;

/** The assistant's calls of the widget's tool, then each one's result, as AG-UI messages. */
function toolMessages(answered: readonly ToolResult[]) {
  if (answered.length === 0) return [];
  const toolCalls = answered.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.args },
  }));
  const results = answered.map((call) => ({
    id: `${call.id}-result`,
    role: 'tool',
    toolCallId: call.id,
    content: call.result,
  }));
  return [{ id: `${answered[0]?.id}-calls`, role: 'assistant', toolCalls }, ...results];
}

/**
 * One run's TOOL_CALL_START, TOOL_CALL_ARGS and TOOL_CALL_END events: a call of `add_to_cart` becomes a
 * cart proposal, remembered in `calls` until the visitor answers it. Calls of other tools are not read.
 */
function toolCallReader(calls: ClientToolCalls) {
  const started = new Map<unknown, { name: unknown; args: string }>();
  return (type: unknown, event: unknown): StreamEvent[] => {
    const id = own(event, 'toolCallId');
    const delta = own(event, 'delta');
    const call = started.get(id);
    if (type === 'TOOL_CALL_START' && started.size < MAX_RUN_CALLS)
      started.set(id, { name: own(event, 'toolCallName'), args: '' });
    if (type === 'TOOL_CALL_ARGS' && call && typeof delta === 'string' && call.args.length < MAX_ARGUMENTS)
      call.args += delta;
    if (type !== 'TOOL_CALL_END' || call?.name !== ADD_TO_CART_TOOL || typeof id !== 'string') return [];
    const input = jsonData(call.args);
    if (!isJsonObject(input)) return [];
    calls.remember(id, ADD_TO_CART_TOOL, call.args);
    return replyPart('cart', [{ ...input, type: 'add-to-cart', toolCallId: id }]);
  };
}

/**
 * One conversation's AG-UI agent: the state it last sent, sent back with each run; its calls of the
 * widget's `add_to_cart` tool are remembered in `calls` until their results (the visitor's answer) go back.
 */
export function createAgUi(calls: ClientToolCalls) {
  let thread = '';
  let state: unknown = {};

  /** A reply's events, feeding the thread's state as they come. */
  const stream = (): StreamParser => {
    const toolCalls = toolCallReader(calls);
    let texts = 0;
    return createSseParser((data): StreamEvent[] => {
      const event = jsonData(data);
      const delta = own(event, 'delta');
      const type = own(event, 'type');
      switch (type) {
        case 'TEXT_MESSAGE_START':
          return texts++ > 0 ? [{ type: 'text', text: '\n\n' }] : [];
        case 'TEXT_MESSAGE_CONTENT':
        case 'TEXT_MESSAGE_CHUNK':
          return typeof delta === 'string' ? [{ type: 'text', text: delta }] : [];
        case 'STATE_SNAPSHOT':
          state = own(event, 'snapshot') ?? {};
          return [];
        case 'STATE_DELTA':
          state = applyPatch(state, delta);
          return [];
        case 'CUSTOM': {
          const name = own(event, 'name');
          return typeof name === 'string' && name.startsWith(CUSTOM_PREFIX)
            ? replyPart(name.slice(CUSTOM_PREFIX.length), own(event, 'value'))
            : [];
        }
        case 'RUN_ERROR':
          return [{ type: 'error', message: String(own(event, 'message') ?? 'an error') }];
        case 'RUN_FINISHED':
          return [{ type: 'end' }];
        default:
          return toolCalls(type, event);
      }
    });
  };

  /**
   * `RunAgentInput`: the conversation as the thread, a new run, the messages (the answers to the
   * agent's tool calls after what was said, then the visitor's new message unless the run only
   * continues after the answers), the state the agent last sent, the widget's tools, and the page,
   * store and cart as context entries.
   */
  const request = (body: WebhookRequest, runId: string, tools: ToolAnswers): EncodedRequest => {
    if (thread !== body.sessionId) state = {};
    thread = body.sessionId;
    const turns = tools.continues ? body.history : [...body.history, { role: 'user', content: body.message }];
    const messages: unknown[] = turns.map((turn, index) => ({
      id: `${body.sessionId}-${index}`,
      role: turn.role,
      content: turn.role === 'user' ? userContent(turn.content) : turn.content,
    }));
    // The answers to the agent's tool calls come before the visitor's new message.
    messages.splice(tools.continues ? messages.length : -1, 0, ...toolMessages(tools.results));
    const context = Object.entries(body.context ?? {}).map(([description, value]) => ({
      description,
      value: JSON.stringify(value),
    }));
    const input = { threadId: thread, runId, state, messages, tools: [ADD_TO_CART], context, forwardedProps: {} };
    return { body: JSON.stringify(input), contentType: 'application/json' };
  };

  return { request, stream };
}
