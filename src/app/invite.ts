import { callWebhook } from '../chat/replies/webhook-client';
import { parseReply } from '../chat/replies/reply-parser';
import type { PageSnapshot } from '../commerce/commerce-state';
import { readPageContext } from '../commerce/page-context';
import type { AssistantState } from './state';
import type { InvitePageFacts } from '../invite/invite-state';
import type { Timers } from '../common/timers';

/** The webhook's suggestions for a page come within this time, or the invitation does without them. */
export const SUGGEST_TIMEOUT_MS = 10_000;

/** The invitation's page facts from a snapshot of the page: the product's name and type, and `context.page`. */
export function invitePageFacts(snapshot: PageSnapshot | null): Omit<InvitePageFacts, 'kind'> {
  if (!snapshot) return {};
  const page = readPageContext(snapshot);
  const product = page.product ? { name: page.product.name, type: page.product.category } : undefined;
  return { ...(product ? { product } : {}), context: { ...page } };
}

/**
 * Asks the webhook for questions about the page: `{ "action": "suggest", "sessionId", "context": { "page" } }`,
 * answered like a reply whose `suggestions` are the questions (docs/webhook.md). With `page-context="off"`
 * the page is not told to the webhook, so nothing is asked.
 */
export function askSuggestions(
  state: () => Pick<AssistantState, 'config' | 'sessionId' | 'markdownOptions'>,
  deps: { fetch: typeof fetch; timers: Timers },
) {
  return async (facts: InvitePageFacts): Promise<string[]> => {
    const { config, sessionId, markdownOptions } = state();
    if (!config.webhookUrl || !config.commerce.pageContext || !facts.context) return [];
    const body = { action: 'suggest', sessionId, context: { page: facts.context } };
    const reply = await callWebhook({
      url: config.webhookUrl,
      body: { message: '', history: [], sessionId },
      encoded: { body: JSON.stringify(body), contentType: 'application/json' },
      fetch: deps.fetch,
      timers: deps.timers,
      signal: new AbortController().signal,
      timeoutMs: SUGGEST_TIMEOUT_MS,
      deadlineMs: SUGGEST_TIMEOUT_MS,
    });
    const context = { ...markdownOptions, storeUrl: config.storeUrl };
    const parsed = reply.streamed
      ? parseReply(reply.text, context)
      : parseReply(reply.body, context, { servedAsJson: /json/i.test(reply.contentType) });
    return parsed.suggestions ?? [];
  };
}
