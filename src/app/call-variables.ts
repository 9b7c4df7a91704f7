import type { Message } from '../chat/message';
import { withoutImageData } from '../chat/history';

/** The conversation handed to a call is cut to this many characters, the newest kept. */
export const MAX_CALL_CONVERSATION = 4_000;
/** The visitor's last question handed to a call is cut to this many characters. */
export const MAX_LAST_QUESTION = 500;

/**
 * The chat so far as plain text for a voice assistant's prompt: one "Visitor:" or "Assistant:" line per
 * message, failed replies and empty lines left out, images as "[image]", at most
 * {@link MAX_CALL_CONVERSATION} characters with the newest lines kept.
 */
export function conversationText(messages: readonly Message[]): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (!message || message.status !== undefined) continue;
    const text = withoutImageData(message.content).replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const line = `${message.sender === 'user' ? 'Visitor' : 'Assistant'}: ${text}`;
    if (length + line.length + 1 > MAX_CALL_CONVERSATION) {
      // The newest line alone may be longer than the cap: keep its end.
      if (lines.length === 0) lines.unshift(line.slice(-MAX_CALL_CONVERSATION));
      break;
    }
    lines.unshift(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/** What a call starts knowing, besides the conversation: documented in the README as the call's variables. */
export interface CallFacts {
  messages: readonly Message[];
  lang: string;
  /** The page, the cart and the store's own facts, as flat variables (empty when unknown). */
  extra?: Record<string, string>;
}

/**
 * The variables a call starts with (`assistantOverrides.variableValues`), so a store's Vapi prompt can
 * say `{{conversation}}`, `{{last_question}}` or `{{visitor_language}}`.
 */
export function callVariables({ messages, lang, extra = {} }: CallFacts): Record<string, string> {
  const lastQuestion = [...messages].reverse().find((message) => message.sender === 'user' && message.status === undefined);
  return {
    conversation: conversationText(messages),
    last_question: lastQuestion ? withoutImageData(lastQuestion.content).replace(/\s+/g, ' ').trim().slice(0, MAX_LAST_QUESTION) : '',
    visitor_language: lang,
    ...extra,
  };
}
