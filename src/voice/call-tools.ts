import { isJsonObject, own } from '../common/own';
import { safeStringify } from '../common/safe-json';
import type { VoiceClient } from './voice-client';

/** What a tool reports back to the assistant: whether it worked, and anything the assistant should say. */
export type ToolResult = { ok: boolean } & Record<string, unknown>;

/** A client-side tool: runs in the visitor's browser when the assistant calls it. */
export type CallTool = (args: Record<string, unknown>) => ToolResult | Promise<ToolResult>;

/** The tools the widget answers, by name. `end_call` is the controller's own. */
export type CallTools = Record<string, CallTool>;

/** One tool call the assistant asked for. */
export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** Tool calls read from one message at most: a model asks for one or two at a time. */
export const MAX_TOOL_CALLS = 10;
/** Longest `arguments` text parsed; a tool's arguments are a few fields, not a document. */
export const MAX_TOOL_ARGUMENTS = 32_768;

function argumentsOf(raw: unknown): Record<string, unknown> {
  if (isJsonObject(raw)) return raw;
  if (typeof raw !== 'string' || raw.length > MAX_TOOL_ARGUMENTS) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The tool calls of a Vapi `tool-calls` message (`toolCallList`: `{ id, type, function: { name,
 * arguments } }`, arguments as an object or a JSON string), own properties only, at most
 * {@link MAX_TOOL_CALLS}.
 */
export function toolCallsOf(message: unknown): ToolCall[] {
  const list = own(message, 'toolCallList');
  if (!Array.isArray(list)) return [];
  return list.slice(0, MAX_TOOL_CALLS).flatMap((call): ToolCall[] => {
    const id = own(call, 'id');
    const fn = own(call, 'function');
    const name = own(fn, 'name');
    if (typeof id !== 'string' || typeof name !== 'string') return [];
    return [{ id: id.slice(0, 200), name: name.slice(0, 100), args: argumentsOf(own(fn, 'arguments')) }];
  });
}

/** Runs a tool, turning a missing tool or a thrown error into a result the assistant can speak about. */
export async function runTool(tools: CallTools, call: ToolCall): Promise<ToolResult> {
  const tool = Object.prototype.hasOwnProperty.call(tools, call.name) ? tools[call.name] : undefined;
  if (!tool) return { ok: false, error: `The tool "${call.name}" is not available on this page.` };
  try {
    return await tool(call.args);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Tells the assistant what a tool did, as a system line in its conversation that it answers: client-side
 * tools in Vapi's web SDK have no result channel of their own, so the result joins the conversation
 * through `add-message`.
 */
export function reportToolResult(client: VoiceClient, call: ToolCall, result: ToolResult, respond: boolean): void {
  const content = `Result of the tool ${call.name} (call ${call.id}): ${safeStringify(result).slice(0, 4_000)}`;
  client.send({ type: 'add-message', message: { role: 'system', content }, triggerResponseEnabled: respond });
}
