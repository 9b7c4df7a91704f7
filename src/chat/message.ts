import type { Order } from './replies/orders';
import type { Product } from './replies/products';
import type { ToolResult } from './replies/client-tools';

/** Who wrote a message. */
export type Sender = 'user' | 'bot';

/** One chat message. `content` is markdown for bot messages and plain text for the visitor's. */
export interface Message {
  /** Unique within the conversation; built from the timestamp. */
  id: string;
  content: string;
  sender: Sender;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** Product cards shown under a bot message. */
  products?: Product[];
  /** Order cards shown under a bot message. */
  orders?: Order[];
  /**
   * `error`: a failed reply, shown with Retry; `streaming`: a reply still arriving; `interrupted`: a
   * reply cut off (the widget removed, the page left, New chat mid-stream), also with Retry; what had
   * arrived of it stays visible with a note. Neither is ever sent back as history.
   */
  status?: 'error' | 'streaming' | 'interrupted';
  /** On a failed reply (and a reply still streaming): the visitor message that Retry sends again. */
  retryFor?: string;
  /** `widget`: a text the widget wrote itself (an error or "not understood" notice), never sent as history. */
  origin?: 'widget';
  /** A new bot reply that is still to be revealed by the typewriter. Never stored. */
  animate?: boolean;
  /** The reply was longer than the widget shows and was cut. */
  truncated?: boolean;
  /** Lines of a voice call, added to the conversation when the call ends. */
  source?: 'voice';
  /** The visitor's rating of a complete bot reply. */
  feedback?: Rating;
  /** Next steps the bot offers; shown as buttons under the latest reply only, never sent as history. */
  suggestions?: string[];
  /** On the last line of a call: how long the call lasted, in seconds ("Call ended · 0:12" follows it). */
  callSeconds?: number;
  /** A message a person wrote during a takeover: their name, and their picture from an allowed image host. */
  agent?: { name: string; avatar?: string };
  /**
   * The visitor's message is the greeting "Ask a question" opens a chat with, in the language it was sent
   * in: a chat is named after it only when nothing else was said, whichever language it is read in later.
   */
  greeting?: true;
  /**
   * The visitor's message is one of the built-in quick actions, worded in their language: its id
   * (`track-order`...), sent with the request so a webhook can answer it in any language.
   */
  quickAction?: string;
  /**
   * On a reply whose agent called the widget's tool (`protocol="ai-sdk"` or `"ag-ui"`): each call the
   * visitor has answered, with the answer. The run that continues after them sends them, on Retry and
   * after a reload too.
   */
  toolResults?: ToolResult[];
}

/** How a greeting reads when compared: lower case, without punctuation, marks, symbols or spacing. */
export function greetingWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{P}\p{S}\s]/gu, '')
    .toLowerCase();
}

/**
 * Whether the visitor's `text` is the greeting "Ask a question" sends in the language shown (its
 * `askQuestionMessage`), sent by the button or typed by hand ("cześć!" as "Cześć"): such a message is marked
 * as the greeting ({@link Message.greeting}), so no later summary has to know its wording.
 */
export function isGreeting(text: string, strings: { askQuestionMessage: string }): boolean {
  const words = greetingWords(text);
  return words !== '' && words === greetingWords(strings.askQuestionMessage);
}

/**
 * The id a visitor's message is sent under (`messageId`): its conversation's id and its own id, both
 * saved with it, so it stays the same on every send of it, after a reload and in another tab, and no two
 * conversations share one.
 */
export function sentMessageId(sessionId: string, message: Message): string {
  return `${sessionId}:${message.id}`;
}

/** The id of a message pushed from outside a request: this prefix, then the event's id. */
export const PUSHED_ID_PREFIX = 'push-';

/**
 * A line the widget wrote about the conversation itself, outside any request ("Sam left the
 * conversation"): read and announced as a status of the conversation, not as anyone's message.
 */
export function isStatusLine(message: Message): boolean {
  return (
    message.sender === 'bot' &&
    message.origin === 'widget' &&
    message.status === undefined &&
    message.id.startsWith(PUSHED_ID_PREFIX)
  );
}

/** A visitor's rating of a reply: helpful or not. */
export type Rating = 'up' | 'down';

/**
 * A message with every optional field present (as undefined when unset). An own property, even an
 * undefined one, shadows Object.prototype: on a page that polluted the prototype with `products` or
 * `status`, a message must not inherit cards or an error state.
 */
export function completeMessage(message: Message): Message {
  return {
    products: undefined,
    orders: undefined,
    status: undefined,
    retryFor: undefined,
    origin: undefined,
    animate: undefined,
    truncated: undefined,
    source: undefined,
    feedback: undefined,
    suggestions: undefined,
    callSeconds: undefined,
    agent: undefined,
    greeting: undefined,
    quickAction: undefined,
    toolResults: undefined,
    ...message,
  };
}

/** The detail of `store-assistant:feedback`, and the body POSTed to `feedback-url`. */
export interface FeedbackDetail {
  messageId: string;
  rating: Rating;
  /** The reply that was rated, as markdown. */
  content: string;
  sessionId: string;
}
