import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The workflows the suite imports into n8n: demo/n8n-workflow.json exactly as store owners get it,
// with only what its notes tell them to change changed.

const DEMO_WORKFLOW = fileURLToPath(new URL('../../../demo/n8n-workflow.json', import.meta.url));

/** The production webhook paths the imported workflows answer on. */
export const WEBHOOK_PATH = '/webhook/store-assistant';
export const STREAMING_WEBHOOK_PATH = '/webhook/store-assistant-stream';

interface WorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  webhookId?: string;
  parameters: Record<string, unknown> & { options?: Record<string, unknown> };
}

interface Workflow {
  name: string;
  nodes: WorkflowNode[];
  [key: string]: unknown;
}

/** A fresh copy of the demo workflow, as the file stands. */
export function demoWorkflow(): Workflow {
  return JSON.parse(readFileSync(DEMO_WORKFLOW, 'utf8')) as Workflow;
}

function nodeOfType(workflow: Workflow, type: string): WorkflowNode {
  const node = workflow.nodes.find((candidate) => candidate.type === type);
  if (!node) throw new Error(`the workflow has no ${type} node`);
  return node;
}

/**
 * The demo workflow set up for one store, as its sticky note says: Allowed Origins (CORS) names the
 * store's origin instead of `*`.
 */
export function workflowForStore(storeOrigin: string): Workflow {
  const workflow = demoWorkflow();
  const webhook = nodeOfType(workflow, 'n8n-nodes-base.webhook');
  webhook.parameters.options = { ...webhook.parameters.options, allowedOrigins: storeOrigin };
  return workflow;
}

/**
 * The same workflow answering in n8n's streaming mode: the Webhook node's Respond option set to
 * "Streaming", and the Respond to Webhook node at version 1.5, the first that writes to a stream. It is
 * imported beside the first one, so it gets its own path, webhook id and node ids.
 */
export function streamingWorkflowForStore(storeOrigin: string): Workflow {
  const workflow = workflowForStore(storeOrigin);
  workflow.name = `${workflow.name} (streaming)`;
  for (const node of workflow.nodes) node.id = randomUUID();
  const webhook = nodeOfType(workflow, 'n8n-nodes-base.webhook');
  webhook.parameters.path = STREAMING_WEBHOOK_PATH.replace('/webhook/', '');
  webhook.parameters.responseMode = 'streaming';
  webhook.typeVersion = 2.1;
  webhook.webhookId = randomUUID();
  nodeOfType(workflow, 'n8n-nodes-base.respondToWebhook').typeVersion = 1.5;
  return workflow;
}

/** The production webhook path of {@link slowWorkflowForStore}. */
export const SLOW_WEBHOOK_PATH = '/webhook/store-assistant-slow';

/**
 * The demo workflow taking a few seconds over each answer: a Wait node of `seconds` between its answer
 * and the Respond node, as an AI model's answer would take. Imported beside the first one, with its own
 * path, webhook id and node ids.
 */
export function slowWorkflowForStore(storeOrigin: string, seconds: number): Workflow {
  const workflow = workflowForStore(storeOrigin);
  workflow.name = `${workflow.name} (slow)`;
  for (const node of workflow.nodes) node.id = randomUUID();
  const webhook = nodeOfType(workflow, 'n8n-nodes-base.webhook');
  webhook.parameters.path = SLOW_WEBHOOK_PATH.replace('/webhook/', '');
  webhook.webhookId = randomUUID();
  const answer = nodeOfType(workflow, 'n8n-nodes-base.code').name;
  const respond = nodeOfType(workflow, 'n8n-nodes-base.respondToWebhook').name;
  const wait = 'Think a while';
  workflow.nodes.push({
    id: randomUUID(),
    name: wait,
    type: 'n8n-nodes-base.wait',
    typeVersion: 1.1,
    parameters: { resume: 'timeInterval', amount: seconds, unit: 'seconds' },
  });
  const connections = workflow.connections as Record<
    string,
    { main: { node: string; type: string; index: number }[][] }
  >;
  connections[answer] = { main: [[{ node: wait, type: 'main', index: 0 }]] };
  connections[wait] = { main: [[{ node: respond, type: 'main', index: 0 }]] };
  return workflow;
}

// The Chat Trigger workflows: demo/n8n-chat-workflow.json as store owners get it, and one answering
// through Respond to Chat nodes ("Using Response Nodes").

const DEMO_CHAT_WORKFLOW = fileURLToPath(new URL('../../../demo/n8n-chat-workflow.json', import.meta.url));

/** The Chat URL of a Chat Trigger: `/webhook/<its webhook id>/chat` (ChatTrigger.node.ts, CHAT_TRIGGER_PATH_IDENTIFIER). */
export function chatPath(workflow: Workflow): string {
  return `/webhook/${nodeOfType(workflow, CHAT_TRIGGER).webhookId ?? ''}/chat`;
}

const CHAT_TRIGGER = '@n8n/n8n-nodes-langchain.chatTrigger';
const RESPOND_TO_CHAT = '@n8n/n8n-nodes-langchain.chat';

/** demo/n8n-chat-workflow.json with Allowed Origins (CORS) naming the store's origin, as its note says. */
export function chatWorkflowForStore(storeOrigin: string): Workflow {
  const workflow = JSON.parse(readFileSync(DEMO_CHAT_WORKFLOW, 'utf8')) as Workflow;
  const trigger = nodeOfType(workflow, CHAT_TRIGGER);
  trigger.parameters.options = { ...trigger.parameters.options, allowedOrigins: storeOrigin };
  return workflow;
}

/** A Respond to Chat node (nodes/trigger/ChatTrigger/Chat.node.ts): its message, and whether it waits for the visitor. */
function respondToChat(name: string, message: string, waitUserReply: boolean, x: number): WorkflowNode {
  return {
    id: randomUUID(),
    name,
    type: RESPOND_TO_CHAT,
    typeVersion: 1,
    position: [x, 0],
    parameters: { message, waitUserReply, options: {} },
  } as WorkflowNode;
}

/** The replies of {@link responseNodesWorkflow}, in order. */
export const RESPONSE_NODE_MESSAGES = {
  first: 'Checking our stock…',
  question: 'Which size do you need: S, M or L?',
  answer: (size: string) => `Size ${size} is in stock and on its way to your cart.`,
};

/**
 * A Chat Trigger in "Using Response Nodes" mode (which n8n allows only with its Mode on Hosted Chat):
 * a message that does not wait, then one that waits for the visitor's answer, then one that quotes it.
 */
export function responseNodesWorkflow(storeOrigin: string): Workflow {
  const trigger: WorkflowNode = {
    id: randomUUID(),
    name: 'When chat message received',
    type: CHAT_TRIGGER,
    typeVersion: 1.4,
    position: [0, 0],
    webhookId: randomUUID(),
    parameters: {
      public: true,
      mode: 'hostedChat',
      options: { allowedOrigins: storeOrigin, responseMode: 'responseNodes' },
    },
  } as WorkflowNode;
  const nodes = [
    trigger,
    respondToChat('Say checking', RESPONSE_NODE_MESSAGES.first, false, 250),
    respondToChat('Ask the size', RESPONSE_NODE_MESSAGES.question, true, 500),
    respondToChat('Confirm', `=Size {{ $json.chatInput }} is in stock and on its way to your cart.`, false, 750),
  ];
  const link = (from: string, to: string) => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });
  return {
    name: 'Store assistant: Respond to Chat nodes',
    nodes,
    connections: {
      ...link('When chat message received', 'Say checking'),
      ...link('Say checking', 'Ask the size'),
      ...link('Ask the size', 'Confirm'),
    },
    active: false,
    settings: { executionOrder: 'v1' },
  };
}

const DEMO_TAKEOVER_WORKFLOW = fileURLToPath(new URL('../../../demo/n8n-chat-takeover-workflow.json', import.meta.url));

/**
 * demo/n8n-chat-takeover-workflow.json set up as its note says: Allowed Origins (CORS) naming the store's
 * origin, and **Tell the desk** posting to `deskUrl`, where the test plays the store's team.
 */
export function takeoverWorkflowForStore(storeOrigin: string, deskUrl: string): Workflow {
  const workflow = JSON.parse(readFileSync(DEMO_TAKEOVER_WORKFLOW, 'utf8')) as Workflow;
  const trigger = nodeOfType(workflow, CHAT_TRIGGER);
  trigger.parameters.options = { ...trigger.parameters.options, allowedOrigins: storeOrigin };
  nodeOfType(workflow, 'n8n-nodes-base.httpRequest').parameters.url = deskUrl;
  return workflow;
}
