import type { Product } from './products';

/** Who wrote a message. */
export type Sender = 'user' | 'bot';

/** One chat message (SPEC §3). `content` is markdown for bot messages and plain text for the visitor's. */
export interface Message {
  /** Unique within the conversation; built from the timestamp. */
  id: string;
  content: string;
  sender: Sender;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** Product cards shown under a bot message. */
  products?: Product[];
  /**
   * `error`: a failed reply, shown with Retry; `streaming`: a reply still arriving; `interrupted`: a
   * reply cut off because the widget was removed, also with Retry.
   */
  status?: 'error' | 'streaming' | 'interrupted';
  /** On a failed reply: the visitor message that Retry sends again. */
  retryFor?: string;
  /** A new bot reply that is still to be revealed by the typewriter. Never stored. */
  animate?: boolean;
  /** The reply was longer than the widget shows and was cut. */
  truncated?: boolean;
  /** Lines of a voice call, added to the conversation when the call ends. */
  source?: 'voice';
  /** On the last line of a call: how long the call lasted, in seconds ("Call ended · 0:12" follows it). */
  callSeconds?: number;
}

/**
 * A message with every optional field present (as undefined when unset). An own property, even an
 * undefined one, shadows Object.prototype: on a page that polluted the prototype with `products` or
 * `status`, a message must not inherit cards or an error state.
 */
export function completeMessage(message: Message): Message {
  return { products: undefined, status: undefined, retryFor: undefined, animate: undefined, truncated: undefined, source: undefined, callSeconds: undefined, ...message };
}
