import { isJsonObject, own } from '../../common/own';
import type { StreamEvent, StreamParser } from '../replies/ndjson-stream';
import { createSseParser, jsonData, replyPart } from '../replies/sse-stream';
import type { WebhookRequest } from '../replies/webhook-client';
import { splitChatInput, type EncodedRequest } from '../n8n-chat/n8n-request';

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
 * `{ id, messages, trigger, messageId? }` as useChat sends it: the chat's id, the conversation as UI
 * messages with parts, the visitor's message last; the page, store and cart go beside them in `context`,
 * as `useChat`'s own `body` option adds fields.
 */
export function aiSdkRequest(body: WebhookRequest): EncodedRequest {
  const turns = [...body.history, { role: 'user', content: body.message }];
  const messages = turns.map((turn, index) => ({
    id: `${body.sessionId}-${index}`,
    role: turn.role,
    parts: messageParts(turn.content),
  }));
  const request = { id: body.sessionId, messages, trigger: 'submit-message', context: body.context };
  return { body: JSON.stringify(request), contentType: 'application/json' };
}

/** A cart proposal from `add_to_cart`'s input: `{ variantId, quantity?, title? }`. */
function cartProposal(input: unknown): StreamEvent[] {
  return isJsonObject(input) ? replyPart('cart', [{ ...input, type: 'add-to-cart' }]) : [];
}

/**
 * Reads the UI message stream: text deltas as the reply's text (each text part after the first on a
 * paragraph of its own), `data-products`, `data-suggestions`, `data-cart`, `data-orders` and
 * `data-handoff` as the reply's fields, the outputs of the tools named in {@link TOOL_PARTS} likewise,
 * `error` and `abort` as a failure, `finish` or `[DONE]` as the end. Reasoning, sources, steps and
 * anything unknown are left out.
 */
export function aiSdkStream(): StreamParser {
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
        return own(chunk, 'toolName') === 'add_to_cart' ? cartProposal(own(chunk, 'input')) : [];
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
