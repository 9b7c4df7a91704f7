import type { ChatDeps, ChatExtensions, ChatStore } from '../chat-state';
import type { Message } from '../message';
import type { MessageLog } from '../message-log';
import { storeAddActions } from '../markdown/markdown-links';
import type { ParsedReply } from './reply-parser';

/** How a reply, or its failure, joins the conversation; the cart changes a reply proposes go to `onReplyActions`. */
export function createReplyDisplay(
  store: ChatStore,
  deps: Pick<ChatDeps, 'warn' | 'emit'>,
  log: MessageLog,
  { onReplyActions, onReplySignals }: ChatExtensions = {},
) {
  return {
    /**
     * Acts on a reply's takeover signals (`handoff`, `pending`) as it arrives, before it waits to be shown
     * (for the markdown renderer): the desk's news that comes meanwhile then follows it, as it happened.
     * Returns whether the reply may show nothing itself, for {@link showReply}.
     */
    takeSignals(reply: ParsedReply): boolean {
      return onReplySignals?.({ pending: reply.pending, handoff: reply.handoff }) === true;
    },

    /**
     * Shows a reply: a new message revealed by the typewriter, or the final form of the streamed one.
     * `quiet` is what {@link takeSignals} returned for it when it arrived.
     */
    showReply(reply: ParsedReply, streamedId: string | null, quiet: boolean): void {
      const empty = !reply.text && reply.products.length === 0 && !reply.orders;
      // A reply that only says what follows (a person takes over, more will be pushed) shows nothing itself.
      if (empty && quiet && !streamedId) return;
      const content = empty ? store.getState().strings.replyNotUnderstood : reply.text;
      const extra: Partial<Message> = empty ? { origin: 'widget' } : {};
      if (reply.products.length > 0) extra.products = reply.products;
      if (reply.orders) extra.orders = reply.orders;
      if (reply.truncated) extra.truncated = true;
      if (reply.suggestions) extra.suggestions = reply.suggestions;
      // A streamed text is already on screen: no typewriter, just the final form with its cards.
      const message = streamedId
        ? log.complete(streamedId, { ...extra, content })
        : log.create('bot', content, { ...extra, animate: true });
      if (streamedId) log.announce(message);
      else if (message) log.add(message);
      // Links that would add to the cart are proposed for the visitor to confirm, after the reply's own actions.
      const linkAdds = empty ? [] : storeAddActions(reply.text, store.getState().markdownOptions.pageOrigin);
      const actions = [...(reply.actions ?? []), ...linkAdds];
      if (message && actions.length > 0) onReplyActions?.(message, actions);
    },

    /** Shows a failed or interrupted reply with Retry, in place of a partly streamed one. */
    showFailure(
      userMessage: Message,
      status: 'error' | 'interrupted',
      streamedId: string | null,
      reason: string,
    ): void {
      if (streamedId) log.remove(streamedId);
      const { strings } = store.getState();
      const failure = log.create('bot', status === 'error' ? strings.replyFailed : strings.replyInterrupted, {
        status,
        retryFor: userMessage.id,
        origin: 'widget',
      });
      log.add(failure);
      log.announce(failure);
      // The store owner debugging a webhook (CORS, mixed content, a 500) finds the cause in the console.
      deps.warn(reason);
      deps.emit('error', { source: 'chat', message: reason });
    },

    /** A streamed reply was cut off: what arrived stays, marked interrupted, with Retry. */
    interrupt(streamedId: string): void {
      log.update(streamedId, { status: 'interrupted' });
    },

    /**
     * The connection failed after part of a reply had arrived (the network dropped, the deadline
     * passed, the page began to unload): what arrived stays, marked interrupted, with Retry. The
     * visitor keeps the words they were reading; the console says why.
     */
    cutOff(streamedId: string, reason: string): void {
      log.update(streamedId, { status: 'interrupted' });
      deps.warn(reason);
      deps.emit('error', { source: 'chat', message: reason });
    },
  };
}
