import type { ServerResponse } from 'node:http';
import { parseJson, sendJson, startLoopback, type LoopbackServer } from './http';

// An OpenAI-compatible chat completions endpoint (POST /v1/chat/completions) whose answers each test
// scripts, tool calls included. It is the only stand-in for a real model: no model can be reached from
// the test machine, so what "the model" says is written by the test, and everything around it (n8n's
// AI Agent, its tools, the store's APIs, the workflow's cards) is real.
// It follows OpenAI's documented contract:
// https://platform.openai.com/docs/api-reference/chat/create (request and response bodies, tool_calls)
// https://platform.openai.com/docs/api-reference/chat-streaming (the `stream: true` chunks and `data: [DONE]`)
// https://platform.openai.com/docs/guides/error-codes (429 with an `error` object)

/** A message of a chat completions request, as far as the script reads it. */
export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

/** What the scripted model knows of a request when it answers. */
export interface ModelTurn {
  messages: ChatMessage[];
  /** The text of every `tool` message after the visitor's last message, oldest first. */
  toolResults: string[];
}

/** One answer of the script. */
export type ModelStep =
  | { say: string | ((turn: ModelTurn) => string) }
  | { call: { name: string; arguments: unknown } }
  | { status: number; body?: string }
  /** A 200 whose body is not a chat completion at all. */
  | { nonsense: string }
  /** No answer at all: the request is held open until the server closes (a model that is too slow). */
  | { hang: true };

/** A chat completions request as the endpoint received it. */
export interface ModelRequest {
  model: string;
  authorization: string | undefined;
  toolNames: string[];
  messages: ChatMessage[];
}

export interface ScriptedModel extends LoopbackServer {
  /** The base URL a client is given (`…/v1`). */
  baseUrl: string;
  /**
   * The answers to a visitor message whose text has `cue` as whole words (the longest cue found wins; any
   * other message gets a greeting). The
   * n-th step answers the n-th model call for that message (the count of assistant turns after its last
   * user message), so a client's retry of the same call gets the same answer. Past the last step the last
   * one repeats. A later script for the same cue replaces the earlier one.
   */
  script(cue: string, steps: ModelStep[]): void;
  requests: ModelRequest[];
}

/** The greeting a message gets before any test scripted an answer (n8n's readiness check sends "Hi"). */
export const DEFAULT_STEPS: ModelStep[] = [{ say: 'Hello! How can I help you today?' }];

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) => (typeof part === 'object' && part && 'text' in part ? String(part.text) : ''))
      .join('');
  return '';
}

function turnOf(messages: ChatMessage[]): { turn: ModelTurn; index: number; visitorText: string } {
  const lastUser = messages.map((message) => message.role).lastIndexOf('user');
  const after = messages.slice(lastUser + 1);
  return {
    turn: { messages, toolResults: after.filter((m) => m.role === 'tool').map((m) => textOf(m.content)) },
    index: after.filter((m) => m.role === 'assistant').length,
    visitorText: textOf(messages[lastUser]?.content),
  };
}

/** The script of the longest cue found in `asked` as whole words ("hat" is not in "What"). */
function scriptFor(scripts: Map<string, ModelStep[]>, asked: string): ModelStep[] | undefined {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = [...scripts.keys()].filter((cue) => new RegExp(`\\b${escape(cue)}\\b`, 'i').test(asked));
  const longest = found.sort((a, b) => b.length - a.length)[0];
  return longest === undefined ? undefined : scripts.get(longest);
}

let callCount = 0;

function completionMessage(step: ModelStep, turn: ModelTurn) {
  if ('call' in step) {
    callCount += 1;
    const id = `call_${callCount}`;
    const call = {
      id,
      type: 'function',
      function: { name: step.call.name, arguments: JSON.stringify(step.call.arguments) },
    };
    return { message: { role: 'assistant', content: null, tool_calls: [call] }, finish: 'tool_calls' };
  }
  const text = 'say' in step ? (typeof step.say === 'function' ? step.say(turn) : step.say) : '';
  return { message: { role: 'assistant', content: text }, finish: 'stop' };
}

function sendStream(response: ServerResponse, model: string, message: ReturnType<typeof completionMessage>): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  const chunk = (delta: unknown, finish: string | null) =>
    response.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-loopback', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  const { content, tool_calls: calls } = message.message as { content: string | null; tool_calls?: unknown[] };
  chunk({ role: 'assistant', content: calls ? null : content }, null);
  if (calls) chunk({ tool_calls: calls.map((call, index) => ({ index, ...(call as object) })) }, null);
  chunk({}, message.finish);
  response.end('data: [DONE]\n\n');
}

/** Starts the scripted model on loopback. */
export async function startScriptedModel(): Promise<ScriptedModel> {
  const scripts = new Map<string, ModelStep[]>();
  const requests: ModelRequest[] = [];
  const server = await startLoopback((request, response, body) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      sendJson(response, 404, {
        error: { message: `no route ${request.method} ${request.url}`, type: 'invalid_request_error' },
      });
      return;
    }
    const parsed = parseJson(body) as {
      model?: string;
      messages?: ChatMessage[];
      tools?: { function?: { name?: string } }[];
      stream?: boolean;
    };
    const messages = parsed?.messages ?? [];
    requests.push({
      model: parsed?.model ?? '',
      authorization: request.headers.authorization,
      toolNames: (parsed?.tools ?? []).map((tool) => tool.function?.name ?? ''),
      messages,
    });
    const { turn, index, visitorText } = turnOf(messages);
    // The visitor's own line is the prompt's last; earlier lines quote the conversation so far.
    const asked = visitorText.split('\n').at(-1) ?? '';
    const steps = scriptFor(scripts, asked) ?? DEFAULT_STEPS;
    const step = steps[Math.min(index, steps.length - 1)] as ModelStep;
    if ('status' in step) {
      const error = {
        error: { message: step.body ?? 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      };
      sendJson(response, step.status, error);
      return;
    }
    if ('hang' in step) return;
    if ('nonsense' in step) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(step.nonsense);
      return;
    }
    const answer = completionMessage(step, turn);
    if (parsed?.stream) {
      sendStream(response, parsed.model ?? '', answer);
      return;
    }
    sendJson(response, 200, {
      id: 'chatcmpl-loopback',
      object: 'chat.completion',
      created: 0,
      model: parsed?.model ?? '',
      choices: [{ index: 0, message: answer.message, finish_reason: answer.finish }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
  return {
    ...server,
    baseUrl: `${server.origin}/v1`,
    script(cue, steps) {
      scripts.set(cue, steps.length > 0 ? steps : DEFAULT_STEPS);
    },
    requests,
  };
}
