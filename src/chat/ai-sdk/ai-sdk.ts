import { isJsonObject, own } from '../../common/own';
import type { StreamEvent, StreamParser } from '../replies/ndjson-stream';
import { createSseParser, jsonData, replyPart } from '../replies/sse-stream';
import type { WebhookRequest } from '../replies/webhook-client';
import { splitChatInput, type EncodedRequest } from '../n8n-chat/n8n-request';
import { ADD_TO_CART_TOOL, type ClientToolCalls, type ToolAnswers, type ToolResult } from '../replies/client-tools';

/**
 * The AI SDK's chat protocol (`protocol="ai-sdk"`, docs/ai-sdk.md): the request `useChat`'s
 * DefaultChatTransport sends, and its UI message stream (https://ai-sdk.dev/docs/ai-sdk-ui/stream-protocol).
 */

/** The tools whose output is a reply field, by name; `add_to_cart`'s input is a cart proposal. */
const TOOL_PARTS: Record<string, string> = {
  show_products: 'products',
  suggest_replies: 'suggestions',
  show_orders: 'orders',
  handoff: 'handoff',
};
/** Tool calls remembered by id within one reply at most. */
const MAX_TOOL_CALLS = 100;

/** A message's parts: its text, and the visitor's attached images as file parts. */
function messageParts(content: string) {
  const { chatInput, files } = splitChatInput(content);
  const images = files.map((file) => ({ type: 'file', mediaType: file.type, url: file.dataUrl }));
  return [...(chatInput ? [{ type: 'text', text: chatInput }] : []), ...images];
}

/**
 * The answered calls of the widget's tool as the parts of the assistant message that made them, as
 * `useChat`'s `addToolResult` leaves them: `tool-add_to_cart` with `state: "output-available"`, the
 * call's `input` and the visitor's answer as its `output`.
 */
function toolParts(results: readonly ToolResult[]) {
  return results.map((call) =>
    call.approvalId === undefined
      ? {
          type: `tool-${call.name}`,
          toolCallId: call.id,
          state: 'output-available',
          input: jsonData(call.args),
          output: jsonData(call.result),
        }
      : approvalPart(call, call.approvalId),
  );
}

/**
 * The visitor's answer to an approval request, as `useChat`'s `addToolApprovalResponse` leaves the
 * tool part: `state: "approval-responded"` and `approval: { id, approved }`; the agent then runs the
 * tool, or answers with `output-denied`.
 */
function approvalPart(call: ToolResult, approvalId: string) {
  return {
    type: `tool-${call.name}`,
    toolCallId: call.id,
    state: 'approval-responded',
    input: jsonData(call.args),
    approval: { id: approvalId, approved: own(jsonData(call.result), 'declined') !== true },
  };
}

/**
 * `{ id, messages, trigger, messageId? }` as useChat sends it: the chat's id, the conversation as UI
 * messages with parts, the visitor's message last; the page, store and cart go beside them in `context`,
 * as `useChat`'s own `body` option adds fields. Answers to the agent's calls of the widget's tool go
 * with the assistant message that made them: the last one, when the request only continues after them
 * (with its id as `messageId`, as `useChat` sends a message's tool results by itself), else a message
 * of their own before the visitor's.
 */
export function aiSdkRequest(body: WebhookRequest, tools: ToolAnswers): EncodedRequest {
  const turns = tools.continues ? body.history : [...body.history, { role: 'user', content: body.message }];
  const messages = turns.map((turn, index) => ({
    id: `${body.sessionId}-${index}`,
    role: turn.role,
    parts: messageParts(turn.content) as unknown[],
  }));
  const answers = toolParts(tools.results);
  const last = messages.at(-1);
  const into = tools.continues && last?.role === 'assistant' ? last : undefined;
  if (into) into.parts.push(...answers);
  else if (answers.length > 0)
    messages.splice(tools.continues ? messages.length : -1, 0, {
      id: `${tools.results[0]?.id}-calls`,
      role: 'assistant',
      parts: answers,
    });
  const request = {
    id: body.sessionId,
    messages,
    trigger: 'submit-message',
    ...(into ? { messageId: into.id } : {}),
    context: body.context,
  };
  return { body: JSON.stringify(request), contentType: 'application/json' };
}

/**
 * A cart proposal from `add_to_cart`'s input, `{ variantId, quantity?, title? }`, remembered in `calls`
 * until the visitor answers it.
 */
function cartProposal(calls: ClientToolCalls, id: unknown, input: unknown): StreamEvent[] {
  if (!isJsonObject(input)) return [];
  if (typeof id !== 'string') return replyPart('cart', [{ ...input, type: 'add-to-cart' }]);
  calls.remember(id, ADD_TO_CART_TOOL, JSON.stringify(input));
  return replyPart('cart', [{ ...input, type: 'add-to-cart', toolCallId: id }]);
}

/**
 * Reads the UI message stream: text deltas as the reply's text (each text part after the first on a
 * paragraph of its own), `data-products`, `data-suggestions`, `data-cart`, `data-orders` and
 * `data-handoff` as the reply's fields, the outputs of the tools named in {@link TOOL_PARTS} likewise,
 * `error` and `abort` as a failure, `finish` or `[DONE]` as the end. Reasoning, sources, steps and
 * anything unknown are left out.
 */
export function aiSdkStream(calls: ClientToolCalls): StreamParser {
  const tools = new Map<unknown, unknown>();
  let texts = 0;
  return createSseParser((data): StreamEvent[] => {
    if (data === '[DONE]') return [{ type: 'end' }];
    const chunk = jsonData(data);
    const type = own(chunk, 'type');
    const id = own(chunk, 'toolCallId');
    if (typeof type !== 'string') return [];
    if (type.startsWith('data-')) return replyPart(type.slice(5), own(chunk, 'data'));
    if ((type === 'tool-input-start' || type === 'tool-input-available') && tools.size < MAX_TOOL_CALLS)
      tools.set(id, own(chunk, 'toolName'));
    switch (type) {
      case 'text-start':
        return texts++ > 0 ? [{ type: 'text', text: '\n\n' }] : [];
      case 'text-delta': {
        const delta = own(chunk, 'delta');
        return typeof delta === 'string' ? [{ type: 'text', text: delta }] : [];
      }
      case 'tool-input-available':
        return own(chunk, 'toolName') === ADD_TO_CART_TOOL ? cartProposal(calls, id, own(chunk, 'input')) : [];
      case 'tool-approval-request': {
        const approvalId = own(chunk, 'approvalId');
        if (typeof id === 'string' && typeof approvalId === 'string') calls.needsApproval(id, approvalId);
        return [];
      }
      case 'tool-output-available': {
        const field = own(TOOL_PARTS, String(tools.get(id)));
        return typeof field === 'string' ? replyPart(field, own(chunk, 'output')) : [];
      }
      case 'error':
        return [{ type: 'error', message: String(own(chunk, 'errorText') ?? 'an error') }];
      case 'abort':
        return [{ type: 'error', message: 'the reply was aborted' }];
      case 'finish':
        return [{ type: 'end' }];
      default:
        return [];
    }
  });
}
