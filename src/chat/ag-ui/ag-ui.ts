import { isJsonObject, own } from '../../common/own';
import type { StreamEvent, StreamParser } from '../replies/ndjson-stream';
import { createSseParser, jsonData, replyPart } from '../replies/sse-stream';
import type { WebhookRequest } from '../replies/webhook-client';
import { splitChatInput, type EncodedRequest } from '../n8n-chat/n8n-request';
import { applyPatch } from './json-patch';

/**
 * The AG-UI protocol (`protocol="ag-ui"`, docs/ag-ui.md): a run's input, `RunAgentInput`, and its
 * event stream as Server-Sent Events (https://docs.ag-ui.com/concepts/events).
 */

/** The widget's client-side tool: the agent proposes a cart change, the visitor confirms it in the widget. */
const ADD_TO_CART = {
  name: 'add_to_cart',
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

/** One conversation's AG-UI agent: the state it last sent, sent back with each run. */
export function createAgUi() {
  let thread = '';
  let state: unknown = {};

  /** A reply's events, feeding the thread's state as they come. */
  const stream = (): StreamParser => {
    const calls = new Map<unknown, { name: unknown; args: string }>();
    let texts = 0;
    return createSseParser((data): StreamEvent[] => {
      const event = jsonData(data);
      const delta = own(event, 'delta');
      const call = calls.get(own(event, 'toolCallId'));
      switch (own(event, 'type')) {
        case 'TEXT_MESSAGE_START':
          return texts++ > 0 ? [{ type: 'text', text: '\n\n' }] : [];
        case 'TEXT_MESSAGE_CONTENT':
        case 'TEXT_MESSAGE_CHUNK':
          return typeof delta === 'string' ? [{ type: 'text', text: delta }] : [];
        case 'TOOL_CALL_START':
          if (calls.size < 100) calls.set(own(event, 'toolCallId'), { name: own(event, 'toolCallName'), args: '' });
          return [];
        case 'TOOL_CALL_ARGS':
          if (call && typeof delta === 'string' && call.args.length < MAX_ARGUMENTS) call.args += delta;
          return [];
        case 'TOOL_CALL_END': {
          const input = call?.name === 'add_to_cart' ? jsonData(call.args) : undefined;
          return isJsonObject(input) ? replyPart('cart', [{ ...input, type: 'add-to-cart' }]) : [];
        }
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
          return [];
      }
    });
  };

  /**
   * `RunAgentInput`: the conversation as the thread, a new run, the messages with the visitor's last,
   * the state the agent last sent, the widget's tools, and the page, store and cart as context entries.
   */
  const request = (body: WebhookRequest, runId: string): EncodedRequest => {
    if (thread !== body.sessionId) state = {};
    thread = body.sessionId;
    const turns = [...body.history, { role: 'user', content: body.message }];
    const messages = turns.map((turn, index) => ({
      id: `${body.sessionId}-${index}`,
      role: turn.role,
      content: turn.role === 'user' ? userContent(turn.content) : turn.content,
    }));
    const context = Object.entries(body.context ?? {}).map(([description, value]) => ({
      description,
      value: JSON.stringify(value),
    }));
    const input = { threadId: thread, runId, state, messages, tools: [ADD_TO_CART], context, forwardedProps: {} };
    return { body: JSON.stringify(input), contentType: 'application/json' };
  };

  return { request, stream };
}
