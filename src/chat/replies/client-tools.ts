/**
 * The widget's client-side tool, `add_to_cart`, as the agent protocols (`protocol="ai-sdk"` and
 * `protocol="ag-ui"`) call it: the agent asks, the widget shows a proposal, the visitor's answer is the
 * tool's result. This memory holds each call until its answer has gone back to the agent.
 */

/** The name of the widget's client-side tool. */
export const ADD_TO_CART_TOOL = 'add_to_cart';

/** A call of the widget's tool and the visitor's answer to it, as it goes back to the agent. */
export interface ToolResult {
  /** The agent's id of the call. */
  id: string;
  name: string;
  /** The call's arguments as JSON text, as the agent sent them. */
  args: string;
  /** The answer as JSON text: `{ added, variantId, quantity, declined?, error? }`. */
  result: string;
  /**
   * The id of the agent's approval request for this call (the AI SDK's `tool-approval-request`): the
   * answer then goes back as that approval, granted unless the visitor declined.
   */
  approvalId?: string;
}

/** What a request carries of the widget's tool: the answers it sends back, and whether it only continues after them. */
export interface ToolAnswers {
  results: readonly ToolResult[];
  /** The run continues the conversation after the answers, with no new message of the visitor's. */
  continues: boolean;
}

/** Calls remembered for their answers at most; older ones are forgotten. */
export const MAX_TOOL_CALLS = 20;
/** Longest arguments kept with a call (a proposal's are a few dozen characters). */
export const MAX_TOOL_ARGS = 4000;

/** The memory of one widget's client tool calls. */
export type ClientToolCalls = ReturnType<typeof createClientToolCalls>;

/**
 * The calls of the widget's tool in the current conversation, and the answers not yet sent: an answer
 * goes back once, with the run that follows it.
 */
export function createClientToolCalls() {
  let conversation = '';
  const calls = new Map<string, { name: string; args: string; result?: string; approvalId?: string }>();
  const answered = (id: string, call: { name: string; args: string; approvalId?: string }, result: string) => ({
    id,
    name: call.name,
    args: call.args,
    result,
    ...(call.approvalId === undefined ? {} : { approvalId: call.approvalId }),
  });
  return {
    /** A request of conversation `sessionId`: another conversation's calls are forgotten. */
    follow(sessionId: string): void {
      if (conversation !== sessionId) calls.clear();
      conversation = sessionId;
    },

    /** The agent called the widget's tool. */
    remember(id: string, name: string, args: string): void {
      if (args.length > MAX_TOOL_ARGS || calls.has(id)) return;
      if (calls.size >= MAX_TOOL_CALLS) calls.delete(calls.keys().next().value as string);
      calls.set(id, { name, args });
    },

    /** The agent asks the visitor's approval of call `id` (not yet answered) before it runs the tool itself. */
    needsApproval(id: string, approvalId: string): void {
      const call = calls.get(id);
      if (call && call.result === undefined && approvalId.length <= MAX_TOOL_ARGS) call.approvalId = approvalId;
    },

    /** The visitor answered call `id`: the call and its answer, the first time only; else undefined. */
    answer(id: string, result: string): ToolResult | undefined {
      const call = calls.get(id);
      if (!call || call.result !== undefined) return undefined;
      call.result = result;
      return answered(id, call, result);
    },

    /** The answers not yet sent, each once: they go with the request being built. */
    takeAnswered(): ToolResult[] {
      const results: ToolResult[] = [];
      for (const [id, call] of calls) if (call.result !== undefined) results.push(answered(id, call, call.result));
      results.forEach((result) => calls.delete(result.id));
      return results;
    },

    /** These answers go back with the request being built (a run that continues after them): not again. */
    sending(results: readonly ToolResult[]): void {
      results.forEach((result) => calls.delete(result.id));
    },
  };
}
