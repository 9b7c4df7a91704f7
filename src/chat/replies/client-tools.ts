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
  const calls = new Map<string, { name: string; args: string; result?: string }>();
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

    /** The visitor answered call `id`: the call and its answer, the first time only; else undefined. */
    answer(id: string, result: string): ToolResult | undefined {
      const call = calls.get(id);
      if (!call || call.result !== undefined) return undefined;
      call.result = result;
      return { id, name: call.name, args: call.args, result };
    },

    /** The answers not yet sent, each once: they go with the request being built. */
    takeAnswered(): ToolResult[] {
      const answered: ToolResult[] = [];
      for (const [id, call] of calls)
        if (call.result !== undefined) answered.push({ id, name: call.name, args: call.args, result: call.result });
      answered.forEach((result) => calls.delete(result.id));
      return answered;
    },

    /** These answers go back with the request being built (a run that continues after them): not again. */
    sending(results: readonly ToolResult[]): void {
      results.forEach((result) => calls.delete(result.id));
    },
  };
}
