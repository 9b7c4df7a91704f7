import type { Timers } from '../common/timers';
import type { Emit, Warn } from '../common/events';
import { safeStringify } from '../common/safe-json';
import type { ChatStore } from './chat-state';
import type { FeedbackDetail, Rating } from './message';
import type { MessageLog } from './message-log';
import { explicitRequest } from './replies/request-options';

/** A feedback POST that has not answered in this long is given up (and logged), never retried. */
export const FEEDBACK_TIMEOUT_MS = 10_000;

/** What rating a reply needs beyond the store. */
export interface FeedbackDeps {
  fetch: typeof fetch;
  timers: Timers;
  warn: Warn;
  emit: Emit<{ feedback: FeedbackDetail }>;
}

/** Whether a message can be rated: a complete bot reply, not an error notice, not a line of a call. */
export function isRateable(message: { sender: string; status?: string; source?: string; animate?: boolean }): boolean {
  return message.sender === 'bot' && message.status === undefined && message.source === undefined;
}

/**
 * Reply feedback: the visitor's rating is kept with the message (so it is saved with the
 * conversation), announced as an event and, when `feedback-url` is set, POSTed there once per change.
 * A newer rating of the same reply cancels the request still carrying the older one.
 */
export function createFeedback(store: ChatStore, deps: FeedbackDeps, log: MessageLog, saved: () => void) {
  const inFlight = new Map<string, AbortController>();

  const post = async (url: string, detail: FeedbackDetail) => {
    inFlight.get(detail.messageId)?.abort();
    const controller = new AbortController();
    inFlight.set(detail.messageId, controller);
    const timer = deps.timers.setTimeout(() => controller.abort(), FEEDBACK_TIMEOUT_MS);
    try {
      const headers = new Headers({ 'Content-Type': 'application/json' });
      const response = await deps.fetch(
        url,
        explicitRequest({
          method: 'POST',
          credentials: 'same-origin',
          headers,
          body: safeStringify(detail),
          signal: controller.signal,
        }),
      );
      if (!response.ok) deps.warn(`feedback: ${url} answered ${response.status}`);
    } catch (error) {
      // A rating replaced by a newer one was cancelled on purpose; anything else is worth a console line.
      if (inFlight.get(detail.messageId) === controller)
        deps.warn(`feedback: could not be sent (${(error as Error)?.message ?? error})`);
    } finally {
      deps.timers.clearTimeout(timer);
      if (inFlight.get(detail.messageId) === controller) inFlight.delete(detail.messageId);
    }
  };

  return {
    /** Rates a complete bot reply. Rating it the same again changes nothing. */
    rate(messageId: string, rating: Rating): void {
      const message = log.find(messageId);
      if (!message || !isRateable(message) || message.feedback === rating) return;
      log.update(messageId, { feedback: rating });
      saved();
      const { sessionId, config } = store.getState();
      const detail: FeedbackDetail = { messageId, rating, content: message.content, sessionId };
      deps.emit('feedback', detail);
      if (config.feedbackUrl) void post(config.feedbackUrl, detail);
    },
  };
}
