import type { Message } from '../../chat/message';
import { withoutImageData } from '../../chat/replies/history';
import type { Product } from '../../chat/replies/products';
import { callContextVariables } from './call-context';
import { cutText } from '../../common/text-cut';

/** The conversation handed to a call is cut to this many characters, the newest kept. */
export const MAX_CALL_CONVERSATION = 4_000;
/** The visitor's last question handed to a call is cut to this many characters. */
export const MAX_LAST_QUESTION = 500;
/** The cards shown most recently in the chat that a call hears about. */
export const MAX_SHOWN_PRODUCTS = 6;

const oneLine = (text: string) => withoutImageData(text).replace(/\s+/g, ' ').trim();

/** What a message says, as one line: its text, and the titles of the cards it showed. */
function lineOf(message: Message): string {
  const text = oneLine(message.content);
  const titles = (message.products ?? []).map((product) => product.title).filter(Boolean);
  const cards = titles.length > 0 ? `[showed: ${titles.join('; ')}]` : '';
  return [text, cards].filter(Boolean).join(' ');
}

/** A message the visitor or the store's assistant really said: no failed reply, no text of the widget's own. */
const said = (message: Message) => message.status === undefined && message.origin === undefined;

/**
 * The chat so far as plain text for a voice assistant's prompt: one "Visitor:" or "Assistant:" line per
 * message (with the titles of the cards a message showed), failed replies, the widget's own notices and
 * empty lines left out, images as "[image]", at most {@link MAX_CALL_CONVERSATION} characters with the
 * newest lines kept.
 */
export function conversationText(messages: readonly Message[]): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (!message || !said(message)) continue;
    const text = lineOf(message);
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

/** The fields of a card a voice assistant needs to talk about it, show it again and add it to the cart. */
function productFacts(product: Product): Record<string, unknown> {
  const { title, price, variantId, id, url, image, available } = product;
  return Object.fromEntries(
    Object.entries({ title, price, variantId, id, url, image, available }).filter(([, value]) => value !== undefined),
  );
}

/** The cards of the latest message that showed any, at most {@link MAX_SHOWN_PRODUCTS}, as JSON; empty when none. */
export function shownProductsJson(messages: readonly Message[]): string {
  const latest = [...messages].reverse().find((message) => said(message) && (message.products?.length ?? 0) > 0);
  return latest ? JSON.stringify((latest.products ?? []).slice(0, MAX_SHOWN_PRODUCTS).map(productFacts)) : '';
}

/** What a call starts knowing: the conversation, the language, and the commerce facts when there are any. */
export interface CallFacts {
  messages: readonly Message[];
  lang: string;
  /** The `context` a chat message would carry now (`page`, `store`, `cart`), when known. */
  context?: Record<string, unknown>;
}

/**
 * The variables a call starts with (`assistantOverrides.variableValues`), so a store's Vapi prompt can
 * say `{{conversation}}`, `{{last_question}}`, `{{page_title}}`... Each is a string; the page, cart,
 * store and card variables are only set when there is something to say (the README lists them all).
 */
export function callVariables({ messages, lang, context = {} }: CallFacts): Record<string, string> {
  const lastQuestion = [...messages].reverse().find((message) => message.sender === 'user' && said(message));
  const shown = shownProductsJson(messages);
  return {
    conversation: conversationText(messages),
    last_question: lastQuestion ? cutText(oneLine(lastQuestion.content), MAX_LAST_QUESTION) : '',
    visitor_language: lang,
    ...(shown ? { shown_products_json: shown } : {}),
    ...callContextVariables(context),
  };
}
