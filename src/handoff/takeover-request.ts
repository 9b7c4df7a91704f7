import type { HandoffView } from './handoff-state';

/**
 * The takeover's own requests (the visitor ends it, or leaves an email address for a reply), in the
 * shape of the chat's protocol, so the backend reads them where it reads the visitor's messages:
 * the webhook's request (docs/webhook.md), n8n's `sendMessage` (docs/n8n.md), the AI SDK's `useChat`
 * request (docs/ai-sdk.md) or AG-UI's `RunAgentInput` (docs/ag-ui.md).
 */

/** One turn of the conversation, as the webhook's `history` carries it. */
export interface HistoryTurn {
  role: string;
  content: string;
}

/** What a takeover request says: the change (`{ status: "cancelled" }`, `{ status: "email", … }`) and the conversation. */
export interface TakeoverChange {
  sessionId: string;
  handoff: object;
  history: readonly HistoryTurn[];
  /** Milliseconds since the epoch: an AG-UI run's id is made of it. */
  now: number;
}

/** The part of a takeover request that names the change, in the AI SDK's and AG-UI's requests. */
export const TAKEOVER_PART = 'data-handoff';
/** The key of `forwardedProps` an AG-UI run of the takeover carries its change under. */
export const TAKEOVER_PROPS = 'storeAssistant';

/**
 * As `useChat` sends a message: the conversation as UI messages, then a user message whose only part
 * is a `data-handoff` data part with the change; `context.handoff` says it too.
 */
function aiSdkTakeover({ sessionId, handoff, history }: TakeoverChange): string {
  const messages = history.map((turn, index) => ({
    id: `${sessionId}-${index}`,
    role: turn.role,
    parts: [{ type: 'text', text: turn.content }],
  }));
  const change = { id: `${sessionId}-handoff`, role: 'user', parts: [{ type: TAKEOVER_PART, data: handoff }] };
  const request = { id: sessionId, messages: [...messages, change], trigger: 'submit-message', context: { handoff } };
  return JSON.stringify(request);
}

/**
 * A run of the conversation's thread with no new message: the change in `forwardedProps.storeAssistant.handoff`
 * and as the `handoff` context entry; no tools, and no state (the agent's stays as it is).
 */
function agUiTakeover({ sessionId, handoff, history, now }: TakeoverChange): string {
  const messages = history.map((turn, index) => ({
    id: `${sessionId}-${index}`,
    role: turn.role,
    content: turn.content,
  }));
  return JSON.stringify({
    threadId: sessionId,
    runId: `${sessionId}-handoff-${now}`,
    messages,
    tools: [],
    context: [{ description: 'handoff', value: JSON.stringify(handoff) }],
    forwardedProps: { [TAKEOVER_PROPS]: { handoff } },
  });
}

/** The body of a takeover request in the chat's protocol. */
export function takeoverRequestBody(protocol: HandoffView['config']['protocol'], change: TakeoverChange): string {
  const { sessionId, handoff, history } = change;
  if (protocol === 'ai-sdk') return aiSdkTakeover(change);
  if (protocol === 'ag-ui') return agUiTakeover(change);
  if (protocol === 'n8n-chat') {
    const metadata = { handoff, ...(history.length > 0 ? { history } : {}) };
    return JSON.stringify({ action: 'sendMessage', sessionId, chatInput: '', metadata });
  }
  return JSON.stringify({ message: '', sessionId, history, context: { handoff } });
}
