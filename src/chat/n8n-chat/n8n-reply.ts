import { own } from '../../common/own';
import type { Sender } from '../message';

/**
 * Reading what a Chat Trigger answers. "When last node finishes", "Using 'Respond to Webhook' node" and
 * "Streaming" answer like the widget's own webhook contract and are read as any reply; "Using
 * Response Nodes" answers `{ executionStarted: true, executionId }` at once (n8n's webhook-helpers,
 * handleHostedChatResponse) and the Chat nodes' messages follow over the chat socket.
 */

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The execution whose messages will come over the chat socket, or null for a reply that is the answer itself. */
export function startedExecution(body: string): string | null {
  const value = parseJson(body.trim());
  if (typeof value !== 'object' || value === null || own(value, 'executionStarted') !== true) return null;
  const id = own(value, 'executionId');
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** One message of an earlier conversation, as n8n's chat memory kept it. */
export interface EarlierMessage {
  sender: Sender;
  content: string;
}

/** Most messages an earlier conversation brings back. */
export const MAX_EARLIER_MESSAGES = 200;

/**
 * The answer to `loadPreviousSession`: `{ data: [...] }`, LangChain messages serialised by `toJSON`
 * (`id` names the class, `kwargs.content` the text), as ChatTrigger.node.ts returns its memory's
 * messages and @n8n/chat's loadPreviousSession (plugins/chat.ts) reads them. Anything else is none.
 */
export function earlierMessages(body: string): EarlierMessage[] {
  const data = own(parseJson(body), 'data');
  if (!Array.isArray(data)) return [];
  return data.slice(-MAX_EARLIER_MESSAGES).flatMap((entry: unknown): EarlierMessage[] => {
    const id = own(entry, 'id');
    const content = own(own(entry, 'kwargs'), 'content');
    if (typeof content !== 'string' || content.trim() === '') return [];
    const name = Array.isArray(id) ? id.join('.') : String(id ?? '');
    return [{ sender: name.includes('HumanMessage') ? 'user' : 'bot', content }];
  });
}

/**
 * The text of a Chat node's message. It is the text itself, or, for a message with buttons, n8n's JSON
 * `{ type: "with-buttons", text, buttons: [{ text, link }] }` (@n8n/chat utils/utils.ts,
 * parseBotChatMessageContent), shown here as the text and its buttons as links.
 */
export function chatNodeText(message: string): string {
  const value = parseJson(message);
  if (own(value, 'type') !== 'with-buttons') return message;
  const text = own(value, 'text');
  const buttons = own(value, 'buttons');
  const links = (Array.isArray(buttons) ? buttons : []).flatMap((button: unknown) => {
    const label = own(button, 'text');
    const link = own(button, 'link');
    return typeof label === 'string' && typeof link === 'string' && link ? [`[${label}](${link})`] : [];
  });
  return [typeof text === 'string' ? text : '', links.join(' · ')].filter(Boolean).join('\n\n');
}
